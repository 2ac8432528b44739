import type { PickSource, StarterTaskKey } from '@h5/contract';

/** The starter task page, the activity guide and the pick report (issue 18 point 3), in Chinese. */
export const TASKS_TEXT = {
  title: '新手任务',
  summary: (done: number, total: number) => `已完成 ${done}/${total}`,
  summaryNote: '完成任务点亮徽章，认识更多同好',
  earned: '已获得',
  notEarned: '未获得',
  progress: (progress: number, target: number) => `${progress}/${target}`,
  rewardLabel: '奖励',
  actions: { publish: '去发布', follow: '去关注', light: '去点亮' } satisfies Record<StarterTaskKey, string>,
  done: '已完成',
  publishFailed: '未能打开发布页，请稍后重试',
  creatorsTitle: '推荐创作者',
  creatorsNote: '关注 3 位创作者即可完成任务',
  creatorsEmpty: '你已经关注了所有推荐的创作者',
  creatorMeta: (followers: number, contents: number) => `粉丝 ${followers} · 作品 ${contents}`,
  follow: '关注',
  following: '已关注',
  motivationLabel: '连续活跃',
  streak: (days: number) => `${days}`,
  streakUnit: '天',
  weekSummary: (publishes: number, lights: number, comments: number) =>
    `最近 7 天：发布 ${publishes} · 点亮 ${lights} · 评论 ${comments}`,
  weekTitle: '最近 7 天',
  weekday: ['日', '一', '二', '三', '四', '五', '六'] as const,
  today: '今',
  activeDay: (day: string) => `${day} 有动态`,
  quietDay: (day: string) => `${day} 无动态`,
} as const;

export const GUIDE_TEXT = {
  title: '玩法指南',
  window: (start: string, end: string) => `活动时间：${start} – ${end}`,
  step: (n: number) => `第 ${n} 步`,
  missingId: '没有指定活动',
  updatedAt: (date: string) => `更新于 ${date}`,
} as const;

export const PICK_TEXT = {
  title: '精选报告',
  summary: (n: number) => `共 ${n} 篇内容入选精选`,
  summaryNote: '入选的内容会在推荐中获得更多曝光',
  empty: '还没有内容入选精选，持续发布优质内容吧',
  pickedAt: (date: string) => `${date} 入选`,
  sources: { editor: '编辑精选', rule: '规则精选' } satisfies Record<PickSource, string>,
  views: '浏览',
  lights: '点亮',
  comments: '评论',
} as const;
