/**
 * The feedback domain's refusals, shown to the user as the envelope's msg (the spec writes no
 * texts for report forms, spec §5 "Other"); listed with their codes in docs/api.md.
 */
export const FEEDBACK_MESSAGES = {
  targetNotFound: '举报对象不存在或已被删除',
  reasonInvalid: '请选择有效的举报原因',
  detailRequired: (reason: string) => `选择「${reason}」时请填写举报描述`,
  alreadyReported: '你已举报过该内容，我们会尽快处理',
  imageNotOwned: (key: string) => `图片 ${key} 不是你上传的图片，请重新上传`,
  optionInvalid: (id: number) => `反馈选项 ${id} 不存在，请刷新后重试`,
  requestIdReused: '该提交编号已用于其他内容，请刷新页面后重新提交',
  accusationNotFound: '举报记录不存在',
  searchIdeaConfigMissing: '搜索反馈配置不存在',
} as const;

/** Moderation's refusals and texts (issue 30 point 3; docs/api.md "Moderation"). */
export const MODERATION_MESSAGES = {
  reportNotFound: '举报记录不存在',
  alreadyDecided: (status: string) => `该举报已处理（${status}），不能重复处理`,
  commentNotFound: '评论不存在',
  userNotFound: '用户不存在',
  banUntilPast: '禁言结束时间必须晚于现在',
  creditReason: (title: string) => `内容违规被下架：${title}`,
} as const;
