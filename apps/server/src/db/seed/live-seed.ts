import { sql } from 'drizzle-orm';
import { liveRoomPath } from '../../domains/live/room';
import { FANS_LEVEL_THRESHOLDS, fansLevelOf, HOST_DAILY_TASKS } from '../../domains/live/rules';
import type { Db } from '../client';
import * as s from '../schema';
import { SEED_SIZES, seedArtUrl } from './generate';
import { Random } from './random';

// Issue 16: the live world. Hosts 1..LIVE_HOSTS (the demo creator among them), each with a stream,
// a room, a fans group of seeded members, past broadcasts, daily task history, credit records;
// some are live now so the console has streams to play. Deterministic for a seeding day: history is
// dated back from the day the seed runs (like the creator history), the rest is fixed.

export const LIVE_HOSTS = 200;
const LIVE_SEED = 16_0016;
const DAY_MS = 86_400_000;
/**
 * Every Nth host is live when the seed runs (until LIVE_SILENCE_MINUTES pass with no event: no
 * platform plays it); every Mth stream has its own jump URL, our room page (a seeded stream has
 * no platform page to open).
 */
const LIVE_NOW_EVERY = 10;
const OWN_JUMP_URL_EVERY = 7;

const GROUP_NAMES = [
  '球鞋团',
  '潮流团',
  '好物团',
  '穿搭团',
  '开箱团',
  '限量团',
  '篮球团',
  '跑步团',
  '街头团',
  '复古团',
];
const STREAM_TITLES = [
  '新品开箱',
  '球鞋鉴别',
  '夏日穿搭',
  '跑鞋实测',
  '限量发售',
  '好物分享',
  '篮球装备',
  '复古潮流',
];
const CREDIT_REASONS: Array<[number, string]> = [
  [-5, '直播间出现违规引导'],
  [-2, '开播迟到超过 15 分钟'],
  [-10, '发布不实商品信息'],
  [3, '连续 7 天按时开播'],
  [2, '直播内容优质推荐'],
];
const LEVEL_GIFTS: Array<[number, string]> = [
  [1, '粉丝团灯牌'],
  [2, '专属表情'],
  [3, '进场特效'],
  [4, '专属弹幕色'],
  [5, '团宠礼物'],
  [7, '专属头像框'],
  [9, '年度铭牌'],
  [10, '主播签名卡'],
];

const dayOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** The live world's rows for a seeding instant: a pure function. */
export function generateLiveSeed(nowMs: number) {
  const rng = new Random(LIVE_SEED);
  const hosts: Array<typeof s.liveHosts.$inferInsert> = [];
  const streams: Array<typeof s.liveStreams.$inferInsert> = [];
  const groups: Array<typeof s.fansGroups.$inferInsert> = [];
  const logs: Array<typeof s.liveStreamLogs.$inferInsert> = [];
  const members: Array<typeof s.fansGroupMembers.$inferInsert> = [];
  const intimacyDays: Array<typeof s.fansIntimacyDays.$inferInsert> = [];
  const hostTasks: Array<typeof s.hostDailyTaskProgress.$inferInsert> = [];
  const credit: Array<typeof s.hostCreditRecords.$inferInsert> = [];
  for (let hostId = 1; hostId <= LIVE_HOSTS; hostId++) {
    const roomId = 800_000 + hostId;
    hosts.push({
      userId: hostId,
      experience: rng.skewed(12_000, 2),
      createdAt: new Date(Date.UTC(2024, 5, 1 + (hostId % 28))),
    });
    streams.push({
      id: hostId,
      hostId,
      roomId,
      title: `${rng.pick(STREAM_TITLES)}直播间`,
      jumpUrl: hostId % OWN_JUMP_URL_EVERY === 0 ? liveRoomPath(roomId) : null,
    });
    groups.push({ id: hostId, hostId, name: `${rng.pick(GROUP_NAMES)}${hostId}`.slice(0, 8) });
    for (let n = rng.int(2, 12), i = 0; i < n; i++) {
      const startedAt = nowMs - rng.int(1, 30) * DAY_MS - rng.int(0, 20) * 3_600_000;
      const endedAt = new Date(startedAt + rng.int(20, 240) * 60_000);
      logs.push({ streamId: hostId, startedAt: new Date(startedAt), endedAt, lastEventAt: endedAt });
    }
    if (hostId % LIVE_NOW_EVERY === 0)
      // Its last event is the seeding: silence is counted from there.
      logs.push({
        streamId: hostId,
        startedAt: new Date(nowMs - rng.int(5, 90) * 60_000),
        endedAt: null,
        lastEventAt: new Date(nowMs),
      });
    const memberIds = new Set<number>();
    for (let n = 3 + rng.skewed(120, 2), i = 0; i < n; i++) memberIds.add(rng.int(1, SEED_SIZES.users));
    memberIds.delete(hostId);
    for (const userId of memberIds) {
      const intimacy = rng.skewed(FANS_LEVEL_THRESHOLDS.at(-1) ?? 3200, 3);
      members.push({
        groupId: hostId,
        userId,
        intimacy,
        fansLevel: fansLevelOf(intimacy),
        joinedAt: new Date(nowMs - rng.int(1, 200) * DAY_MS),
      });
      for (let d = 0; d < 7; d++)
        if (rng.chance(0.12))
          intimacyDays.push({
            groupId: hostId,
            userId,
            day: dayOf(nowMs - d * DAY_MS),
            points: 1 + rng.skewed(60, 2),
          });
    }
    for (let d = 1; d < 7; d++)
      for (const task of HOST_DAILY_TASKS) {
        const progress = rng.skewed(task.target * 2, 1.5);
        hostTasks.push({
          hostId,
          day: dayOf(nowMs - d * DAY_MS),
          taskKey: task.key,
          progress,
          rewarded: progress >= task.target,
        });
      }
    for (let n = rng.int(0, 5), i = 0; i < n; i++) {
      const [delta, reason] = rng.pick(CREDIT_REASONS);
      credit.push({
        hostId,
        delta,
        reason,
        createdAt: new Date(nowMs - rng.int(1, 90) * DAY_MS - rng.int(0, 86_000) * 1000),
      });
    }
  }
  const gifts = LEVEL_GIFTS.map(([fansLevel, name], i) => ({
    id: i + 1,
    fansLevel,
    name,
    icon: seedArtUrl(`gift-${i + 1}`, 96, 96),
  }));
  return { hosts, streams, groups, logs, members, intimacyDays, hostTasks, credit, gifts };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const BATCH = 1000;

/** Writes the live world (with the seeded users) in multi-row inserts. */
export async function insertLiveSeed(tx: Tx, nowMs = Date.now()): Promise<void> {
  const data = generateLiveSeed(nowMs);
  const put = async <T extends Parameters<Tx['insert']>[0]>(
    table: T,
    rows: ReadonlyArray<T['$inferInsert']>,
  ) => {
    for (let i = 0; i < rows.length; i += BATCH)
      await tx.insert(table).values(rows.slice(i, i + BATCH) as T['$inferInsert'][]);
  };
  await put(s.liveHosts, data.hosts);
  await put(s.liveStreams, data.streams);
  await put(s.fansGroups, data.groups);
  await put(s.liveStreamLogs, data.logs);
  await put(s.fansGroupMembers, data.members);
  await put(s.fansIntimacyDays, data.intimacyDays);
  await put(s.hostDailyTaskProgress, data.hostTasks);
  await put(s.hostCreditRecords, data.credit);
  await put(s.fansLevelGifts, data.gifts);
  for (const table of ['live_streams', 'fans_groups', 'fans_level_gifts'])
    await tx.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
    );
}

/** For a database seeded before issue 16: the live world, once (no host yet). */
export async function insertLiveSeedIfMissing(db: Db): Promise<void> {
  const [host] = await db.select({ id: s.liveHosts.userId }).from(s.liveHosts).limit(1);
  if (!host) await db.transaction((tx) => insertLiveSeed(tx));
}
