import { AI_IMAGE_MESSAGES } from '@h5/core';
import { chinaTime } from '../creator/upgrade-messages';

/** What the activity calls tell users (zh-CN; codes in docs/api.md "Activities"). */
export const ACTIVITY_MESSAGES = {
  notFound: (code: string) => `活动 ${code} 不存在`,
  notStarted: (startsAt: Date) => `${AI_IMAGE_MESSAGES.activityNotStarted}（${chinaTime(startsAt)} 开始）`,
  ended: (endsAt: Date) => `${AI_IMAGE_MESSAGES.activityEnded}（${chinaTime(endsAt)} 结束）`,
  taskNotFound: (taskId: number) => `任务 ${taskId} 不存在`,
  contentNotOwned: (contentId: number) => `内容 ${contentId} 不存在或不是你发布的，只能提交自己的内容`,
  taskAlreadyCommitted: '你已经提交过这个任务，每个任务只能提交一次',
  encounterNoneLeft: (perDay: number) => `今天的 ${perDay} 次偶遇已经用完，明天再来吧`,
  encounterNoMatch: '暂时没有可以偶遇的人，先去关注或点亮几条喜欢的内容吧',
  xinyinNotInActivity: (spuId: number) => `商品 ${spuId} 不在心引力的好物中`,
  upgradeRequired: AI_IMAGE_MESSAGES.upgradeRequired,
  userImageRejected: (why: string) => `${AI_IMAGE_MESSAGES.userImageRejected}：${why}`,
  generatedImageRejected: (why: string) => `${AI_IMAGE_MESSAGES.generatedImageRejected}：${why}`,
  imageNotOwned: '照片不存在或不是你上传的图片，请重新上传',
  badTime: '不是有效的时间',
  endBeforeStart: '结束时间必须晚于开始时间',
  codeUnknown: (code: string) => `活动 ${code} 不存在`,
  codeTaken: (code: string, window: string) => `活动 ${code} 已由窗口 ${window} 回答，请先从那里移除`,
  restored: (version: number) => `恢复版本 ${version}`,
} as const;

/** Why the AI-image review refused a picture (zh-CN). */
export const REVIEW_REASONS = {
  tooSmall: (min: number) => `图片太小，宽和高都需不少于 ${min} 像素`,
  tooLarge: (max: number) => `图片太大，宽和高都需不超过 ${max} 像素`,
  tooHeavy: (mb: number) => `图片文件超过 ${mb} MB`,
  uniform: '图片几乎是一种颜色，看不出内容',
  blocked: '图片在屏蔽列表中',
  unreadable: '图片无法解码',
} as const;
