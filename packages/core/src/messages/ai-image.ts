/** AI-image business errors (spec §8), as users see them (zh-CN). */
export const AI_IMAGE_MESSAGES = {
  userImageRejected: '用户图片审核未通过',
  generatedImageRejected: '生成的图片审核未通过',
  tooFast: '操作太快了，请稍后再试',
  activityNotStarted: '活动未开始',
  activityEnded: '活动已结束',
  userBanned: '用户已被封禁',
  upgradeRequired: '请升级到新版本使用 AI 功能',
} as const;

/** The same in the `en` locale: the spec's strings, verbatim. */
export const AI_IMAGE_MESSAGES_EN = {
  userImageRejected: 'user image failed review',
  generatedImageRejected: 'generated image failed review',
  tooFast: 'operating too fast, please try later',
  activityNotStarted: 'activity not started',
  activityEnded: 'activity ended',
  userBanned: 'user banned',
  upgradeRequired: 'please upgrade to the new version to use AI features',
} as const satisfies Record<keyof typeof AI_IMAGE_MESSAGES, string>;
