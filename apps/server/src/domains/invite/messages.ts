import { INVITE_NEW_USER_DAYS, INVITE_REWARD_POINTS, INVITE_TTL_DAYS } from '@h5/contract';

/**
 * The invitation domain's texts (issue 18 points 1, 2): the refusals shown as the envelope's msg
 * (codes 4901–4915, docs/api.md "Invitations"), and what a landing and its share card say.
 */
export const INVITE_MESSAGES = {
  codeNotFound: '没有找到这份邀请，请向好友确认链接后重新打开',
  codeExpired: `这份邀请已超过 ${INVITE_TTL_DAYS} 天有效期，请让好友重新发送邀请链接`,
  smsTooFrequent: '验证码发送太频繁，请 60 秒后再试',
  /** The SMS provider refused or did not answer: no quota spent. */
  smsDeliveryFailed: '短信发送失败，请稍后重试',
  /** `wait` like `3 小时`. */
  smsPhoneDailyLimit: (wait: string) => `该手机号获取验证码次数已达上限，请 ${wait}后再试`,
  smsIpDailyLimit: (wait: string) => `当前网络获取验证码次数已达上限，请 ${wait}后再试`,
  smsCodeWrong: (left: number) => `验证码错误，还可尝试 ${left} 次`,
  smsCodeExpired: '验证码已失效，请重新获取验证码',
  smsCodeAttemptsExceeded: '验证码错误次数过多，已失效，请重新获取验证码',
  smsCodeMissing: '请先获取验证码',
  phoneRegistered: '该手机号已注册，请直接登录；注册 7 天内的新用户登录后仍可接受邀请',
  authInvalid: '手机号验证已失效，请重新获取验证码',
  self: '不能接受自己的邀请',
  circular: '你邀请的好友不能再邀请你',
  alreadyBound: '你已接受过其他好友的邀请，每位用户只能接受一次',
  notNewUser: `仅注册 ${INVITE_NEW_USER_DAYS} 天内的新用户可以接受邀请`,
} as const;

/** What the invitation offers and its rules, as the landing shows them. */
export const INVITE_TEXT = {
  rewardText: `每邀请 1 位新用户注册，你得 ${INVITE_REWARD_POINTS} 积分`,
  rules: [
    '用未注册过的手机号，通过好友的邀请链接注册，即为接受邀请。',
    `注册 ${INVITE_NEW_USER_DAYS} 天内的新用户，登录后打开邀请链接也可接受邀请。`,
    '每位用户只能接受一次邀请，不能接受自己的邀请。',
    `好友每成功邀请 1 位新用户，获得 ${INVITE_REWARD_POINTS} 积分，每位新用户只计一次。`,
    `邀请链接自发出起 ${INVITE_TTL_DAYS} 天内有效。`,
    '以不正当方式获取奖励的，平台有权取消奖励。',
  ],
  shareTitle: (inviter: string) => `${inviter} 邀请你加入社区`,
  shareDesc: '一起发现好物、分享穿搭：用手机号注册，完成新人任务轻松上手。',
} as const;
