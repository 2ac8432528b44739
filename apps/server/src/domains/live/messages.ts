import { GROUP_NAME_MAX, GROUP_NAME_MIN, RENAME_PERIOD_DAYS } from './rules';

/** What the live calls say to users (Chinese, naming the problem). */
export const LIVE_MESSAGES = {
  notHost: '你还不是主播，开通直播后才能使用主播中心',
  streamNotFound: '直播间不存在',
  roomNotFound: '直播间不存在或已关闭',
  groupNotFound: '该主播还没有粉丝团',
  notStreaming: '直播未开始或已结束，观看、点亮、评论和分享不计入任务',
  notMember: '你还不是该粉丝团成员，加入粉丝团后才能领取',
  userNotFound: '用户不存在',
  webhookUnsigned: '缺少直播平台签名：须带 x-live-timestamp 与 x-live-signature 请求头',
  webhookTimestampInvalid: 'x-live-timestamp 须为 Unix 秒数',
  webhookStale: '请求时间与服务器时间相差超过 5 分钟，已拒绝（重放或时钟不准）',
  webhookBadSignature: '直播平台签名不正确',
  webhookNotJson: '请求体不是合法的 JSON',
  eventInFuture: '事件时间晚于服务器时间超过 5 分钟',
  hostCannotJoin: '主播不能加入自己的粉丝团',
  nameEmpty: '粉丝团名称不能为空',
  nameLength: `粉丝团名称须为 ${GROUP_NAME_MIN} 到 ${GROUP_NAME_MAX} 个字`,
  nameCharacters: '粉丝团名称只能包含中文、字母和数字，不能有空格、符号或表情',
  nameUnchanged: '新名称与当前粉丝团名称相同',
  renameLimit: (next: string) => `粉丝团名称 ${RENAME_PERIOD_DAYS} 天内只能修改 1 次，${next} 后可再次修改`,
  taskNotFound: '没有这个每周任务',
  taskNotDone: (title: string) => `任务「${title}」还没有完成，完成后再来领取`,
  taskClaimed: '本周该任务奖励已领取，请勿重复领取',
  allowanceLevelInvalid: '补贴从粉丝团 2 级开始发放',
  allowanceNotEarned: (level: number) => `粉丝等级达到 ${level} 级后才能领取该补贴`,
  allowanceClaimed: '该等级的升级补贴已领取，请勿重复领取',
} as const;

/** An instant as China time 'YYYY-MM-DD HH:mm'. */
export const chinaMinute = (at: Date): string =>
  new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
