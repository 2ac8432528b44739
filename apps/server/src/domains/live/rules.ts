import { CHINA_OFFSET_MS } from '../creator/data-center-period';

/** Intimacy a member needs for each fans level: index 0 is level 1 (docs/api.md "Live"). */
export const FANS_LEVEL_THRESHOLDS = [0, 30, 100, 200, 400, 700, 1100, 1600, 2300, 3200] as const;
export const MAX_FANS_LEVEL = FANS_LEVEL_THRESHOLDS.length;

/** The fans level of an intimacy total. */
export function fansLevelOf(intimacy: number): number {
  let level = 1;
  FANS_LEVEL_THRESHOLDS.forEach((min, i) => {
    if (intimacy >= min) level = i + 1;
  });
  return level;
}

/** The allowance a member earns on reaching a fans level (level 2 and up), in fen. */
export const allowanceCentsOf = (fansLevel: number): number => fansLevel * 200;

/** What an audience event is. `join` enters the fans group. */
export type AudienceEvent = 'watch' | 'light' | 'comment' | 'share';
export const AUDIENCE_EVENTS: readonly AudienceEvent[] = ['watch', 'light', 'comment', 'share'];

/** Intimacy a member gets per unit of an event (a minute watched, a light, a comment, a share). */
export const INTIMACY_PER_UNIT: Record<AudienceEvent, number> = { watch: 1, light: 1, comment: 2, share: 5 };

/** The weekly member tasks: one per event kind, its target in units and its award in intimacy. */
export const WEEK_TASKS = [
  { key: 'watch', title: '观看直播满 10 分钟', target: 10, intimacy: 20 },
  { key: 'light', title: '为主播点亮 10 次', target: 10, intimacy: 10 },
  { key: 'comment', title: '在直播间发表 3 条评论', target: 3, intimacy: 10 },
  { key: 'share', title: '分享 1 次直播间', target: 1, intimacy: 15 },
] as const satisfies ReadonlyArray<{ key: AudienceEvent; title: string; target: number; intimacy: number }>;

/** The host's daily tasks: what the audience does in the host's room today, and the experience it gives. */
export const HOST_DAILY_TASKS = [
  { key: 'watch', title: '观众累计观看 60 分钟', target: 60, experience: 30 },
  { key: 'light', title: '获得 50 次点亮', target: 50, experience: 20 },
  { key: 'comment', title: '收到 20 条评论', target: 20, experience: 20 },
  { key: 'share', title: '直播间被分享 5 次', target: 5, experience: 20 },
  { key: 'join', title: '新增 3 名粉丝团成员', target: 3, experience: 30 },
] as const;
export type HostTaskKey = (typeof HOST_DAILY_TASKS)[number]['key'];

/** Host levels: the experience each needs and the privileges it adds. */
export const HOST_LEVELS = [
  { level: 1, experience: 0, privileges: ['开播权限', '粉丝团'] },
  { level: 2, experience: 100, privileges: ['直播间封面推荐'] },
  { level: 3, experience: 300, privileges: ['直播间抽奖'] },
  { level: 4, experience: 800, privileges: ['粉丝团专属礼物'] },
  { level: 5, experience: 2000, privileges: ['首页直播推荐位'] },
  { level: 6, experience: 5000, privileges: ['专属运营对接'] },
  { level: 7, experience: 10000, privileges: ['流量扶持'] },
  { level: 8, experience: 20000, privileges: ['年度主播评选'] },
] as const;

/** The host level of an experience total. */
export function hostLevelOf(experience: number) {
  let found: (typeof HOST_LEVELS)[number] = HOST_LEVELS[0];
  for (const l of HOST_LEVELS) if (experience >= l.experience) found = l;
  return found;
}

/** A host's credit score starts here; records add to it or take from it. */
export const CREDIT_BASE = 100;

/** Fans group name rules (kol/fans-group/edit). */
export const GROUP_NAME_MIN = 2;
export const GROUP_NAME_MAX = 8;
/** Letters, digits and CJK ideographs only: no spaces, punctuation or emoji. */
export const GROUP_NAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9]+$/u;
/** One rename in this many days (a rolling window). */
export const RENAME_PERIOD_DAYS = 30;

const DAY_MS = 86_400_000;

/** The China-time day of an instant, as 'YYYY-MM-DD'. */
export const chinaDay = (atMs = Date.now()): string =>
  new Date(atMs + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The Monday (China time) of the week of an instant, as 'YYYY-MM-DD': weekly tasks start on it. */
export function chinaWeek(atMs = Date.now()): string {
  const local = new Date(atMs + CHINA_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The China-time days from `count - 1` days ago to today, oldest first. */
export function lastChinaDays(count: number, atMs = Date.now()): string[] {
  return Array.from({ length: count }, (_, i) => chinaDay(atMs - (count - 1 - i) * DAY_MS));
}
