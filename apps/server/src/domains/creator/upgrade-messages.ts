/** The upgrade programme's and the video account's refusals (issue 15; codes in docs/api.md). */
export const CREATOR_MESSAGES = {
  awardNotFound: '奖励不存在',
  awardNotEarned: (title: string) => `尚未达到「${title}」等级，暂不能领取该奖励`,
  awardAlreadyReceived: '该奖励已领取，请勿重复领取',
  awardExpired: (deadline: string) => `该奖励已过期（领取截止 ${deadline}），无法领取`,
  applicationPending: '已有一份视频号申请正在审核中，请等待审核结果',
  detailsMissing: '请先填写并保存视频号资料，再提交申请',
  applicationNotFound: '视频号申请不存在',
  alreadyReviewed: '该申请已审核，不能重复审核',
  cardNotFound: '该用户还没有通过认证的视频号',
} as const;

/** A deadline as users read it: China time, to the minute. */
export const chinaTime = (at: Date): string =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
