import type { StarterTaskKey } from '@h5/contract';

/** The starter tasks' badges and how-to lines, the streak lines, and the refusals (issue 18 point 3). */
export const TASK_MESSAGES = {
  rewards: {
    publish: '「初次发声」徽章',
    follow: '「社交新星」徽章',
    light: '「点亮达人」徽章',
  } satisfies Record<StarterTaskKey, string>,
  hints: {
    publish: '在 App 中发布一条图文或视频',
    follow: '关注你喜欢的创作者，第一时间看到更新',
    light: '在推荐里点亮喜欢的内容',
  } satisfies Record<StarterTaskKey, string>,
  graduation: {
    title: '「新人毕业」徽章',
    description: '完成全部新手任务即可获得，展示在你的主页',
  },
  guideNotFound: (activityId: string) => `活动 ${activityId} 的玩法指南不存在`,
  pickContentNotFound: (contentId: number) => `内容 ${contentId} 不存在`,
  /** The reason of the weekly rule's picks. */
  rulePickReason: '本周热门精选',
} as const;

/** The line of a streak: what to do next, in the user's own numbers. */
export const MOTIVATION_MESSAGES = {
  firstDay: '欢迎来到社区！今天发布、点亮或评论一次，开启你的连续活跃记录',
  comeBack: '好久不见！今天点亮或评论一次，重新开始连续活跃',
  reachedToday: (days: number) => `太棒了！你已连续活跃 ${days} 天，达成 ${days} 天成就`,
  keepGoing: (days: number, left: number, milestone: number) =>
    `已连续活跃 ${days} 天，再坚持 ${left} 天解锁「连续 ${milestone} 天」成就`,
  todayOpen: (days: number) => `已连续活跃 ${days} 天，今天还没有动态，别让连续记录中断哦`,
  beyond: (days: number) => `已连续活跃 ${days} 天，你是社区最活跃的人之一`,
} as const;
