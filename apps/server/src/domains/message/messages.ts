/**
 * The texts of the system notices (issue 32 point 3), written once when the notice is (the list
 * shows them as stored). zh-CN only, like the other domains' server texts.
 */
export const MESSAGE_TEXTS = {
  /** To the author of a content a report took down. */
  contentTakenDown: (title: string, reason: string) => `你的内容《${title}》因被举报已下架，原因：${reason}`,
  /** To the reporter, the decision on their report. */
  reportUpheld: (target: string) => `你举报的${target}经核实违规，已处理，感谢你的反馈`,
  reportRejected: (target: string, reason: string) => `你举报的${target}经核实未发现违规，原因：${reason}`,
  /** The target of a report as the reporter's notice names it. */
  reportTarget: { content: '内容', comment: '评论', user: '用户' } as const,
  /** To the creator who received an upgrade award. */
  awardReceived: (title: string, yuan: string) => `你已领取升级奖励「${title}」¥${yuan}`,
  /** To the author of a published content, the review's decision (issue 32 point 1). */
  contentApproved: (title: string) => `你发布的《${title}》已通过审核，大家都能看到了`,
  contentRejected: (title: string, reason: string) => `你发布的《${title}》未通过审核，原因：${reason}`,
  /** To a lottery winner. */
  lotteryWon: (prize: string) => `恭喜你在直播抽奖中抽中「${prize}」，请尽快填写收货地址`,
} as const;
