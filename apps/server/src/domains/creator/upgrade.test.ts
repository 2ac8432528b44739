import { contract } from '@h5/contract';
import {
  BAD_REQUEST,
  CREATOR_AWARD_ALREADY_RECEIVED,
  CREATOR_AWARD_EXPIRED,
  CREATOR_AWARD_NOT_EARNED,
  NOT_FOUND,
  SUCCESS,
  TOURIST,
} from '@h5/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  contentLights,
  contents,
  notifications,
  replies,
  upgradeAwardReceipts,
  upgradeAwards,
} from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const TEST_TODAY_MS = Date.UTC(2025, 0, 20, 4);
const LONG_BODY = '这是一段足够长的正文，用来说明这双鞋的上脚感受、尺码建议和搭配思路，字数超过三十个字。';

/** A content of `authorId`, `daysAgo` days before 2025-01-20 (China time), with `lights` lights by seeded users and `replyCount` comments. */
async function publish(
  authorId: number,
  daysAgo: number,
  options: { title?: string; body?: string; lights?: number; replyCount?: number; hourOffset?: number } = {},
) {
  // Dated among the seeded contents (the running season began 2024-12-01) with no light_count, so
  // these rows sit low in the ranked feeds other tests read from the same database.
  const day = Math.floor((TEST_TODAY_MS + 8 * 3_600_000) / DAY_MS) - daysAgo;
  const createdAt = new Date(day * DAY_MS - 8 * 3_600_000 + (4 + (options.hourOffset ?? 0)) * 3_600_000);
  const [row] = await t.db
    .insert(contents)
    .values({
      authorId,
      contentType: 2,
      title: options.title ?? '新款跑鞋上脚一周的真实感受',
      body: options.body ?? LONG_BODY,
      createdAt,
    })
    .returning({ id: contents.id });
  const id = (row as { id: number }).id;
  const lights = options.lights ?? 0;
  if (lights > 0)
    await t.db
      .insert(contentLights)
      .values(Array.from({ length: lights }, (_, i) => ({ userId: 100 + i, contentId: id })));
  const replyCount = options.replyCount ?? 0;
  if (replyCount > 0)
    await t.db
      .insert(replies)
      .values(
        Array.from({ length: replyCount }, (_, i) => ({ contentId: id, userId: 150 + i, content: '好看' })),
      );
  return id;
}

/** A new creator at Lv1: five counted publications on five days, one of them quality, 30 lights in all. */
async function levelOneCreator(name = 'upgrade-lv1') {
  const creator = await signedInUser(t.app, t.db, name);
  await publish(creator.userId, 1, { lights: 12, replyCount: 3 });
  for (let d = 2; d <= 5; d++) await publish(creator.userId, d, { lights: d === 2 ? 18 : 0 });
  return creator;
}

const awardState = (view: { awards: Array<{ awardId: number; state: string }> }, awardId: number) =>
  view.awards.find((a) => a.awardId === awardId)?.state;

describe('upgrade/view', () => {
  it('refuses a visitor with 7999', async () => {
    const res = await t.signedInject(contract.creator.upgradeView, {});
    expect(res.body.code).toBe(TOURIST);
  });

  it('shows a new user at 新手创作者 with zero progress, Lv1 next, and the running season’s awards', async () => {
    const { cookies } = await signedInUser(t.app, t.db, 'upgrade-new');
    const res = await t.signedInject(contract.creator.upgradeView, {}, { cookies });
    expect(res.body.code).toBe(SUCCESS);
    const view = res.body.data;
    expect(view.season).toMatchObject({ id: 2, title: '成长季', endsAt: null });
    expect(view.level).toEqual({ level: 0, title: '新手创作者' });
    expect(view.progress).toEqual({ publications: 0, qualityContents: 0, lights: 0 });
    expect(view.next).toEqual({
      level: 1,
      title: '成长创作者',
      requirements: { publications: 5, qualityContents: 1, lights: 30 },
    });
    const seeded = view.awards.filter((a) => a.awardId <= 5);
    expect(seeded.map((a) => [a.awardId, a.title, a.amountCents, a.state])).toEqual([
      [2, '首发限时奖励', 500, 'expired'],
      [3, '成长创作者奖励', 1000, 'locked'],
      [4, '优质创作者奖励', 5000, 'locked'],
      [5, '星级创作者奖励', 20000, 'locked'],
    ]);
  });

  it('counts the season’s rows: publications by the rules, quality contents, lights — checked against SQL', async () => {
    const { userId, cookies } = await levelOneCreator();
    const res = await t.signedInject(contract.creator.upgradeView, {}, { cookies });
    expect(res.body.data.progress).toEqual({ publications: 5, qualityContents: 1, lights: 30 });
    expect(res.body.data.level).toEqual({ level: 1, title: '成长创作者' });
    expect(res.body.data.next?.level).toBe(2);
    expect(awardState(res.body.data, 3)).toBe('receivable');
    expect(awardState(res.body.data, 4)).toBe('locked');
    const [raw] = rowsOf<{ lights: number; posts: number }>(
      await t.db.execute(sql`select
        (select count(*)::int from content_lights l join contents c on c.id = l.content_id where c.author_id = ${userId}) as lights,
        (select count(*)::int from contents where author_id = ${userId}) as posts`),
    );
    expect(raw).toEqual({ lights: 30, posts: 5 });
  });
});

describe('upgrade/publish-record', () => {
  it('lists the season’s publications newest first with the reason each one did not count, paged', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db, 'upgrade-records');
    await publish(userId, 3, { title: '短标题' });
    await publish(userId, 2, { body: '太短了' });
    for (let h = 0; h < 4; h++)
      await publish(userId, 1, { hourOffset: h, lights: h === 0 ? 10 : 0, replyCount: h === 0 ? 3 : 0 });
    const first = await t.signedInject(contract.creator.publishRecord, { limit: 4 }, { cookies });
    expect(first.body.code).toBe(SUCCESS);
    expect(first.body.data.hasMore).toBe(true);
    const second = await t.signedInject(
      contract.creator.publishRecord,
      { limit: 4, lastId: first.body.data.lastId as string },
      { cookies },
    );
    expect(second.body.data.hasMore).toBe(false);
    const all = [...first.body.data.list, ...second.body.data.list];
    expect(all.map((r) => [r.counted, r.reason, r.quality])).toEqual([
      [false, '当天已计入 3 篇，超出的不计入', false],
      [true, null, false],
      [true, null, false],
      [true, null, true],
      [false, '正文少于 30 个字且没有图片或视频，不计入', false],
      [false, '标题少于 6 个字，不计入', false],
    ]);
    expect(all[3]).toMatchObject({ lights: 10, replies: 3 });
  });

  it('refuses a forged lastId with 400 naming the field', async () => {
    const { cookies } = await signedInUser(t.app, t.db, 'upgrade-forged');
    const res = await t.signedInject(contract.creator.publishRecord, { lastId: 'nope!' }, { cookies });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: BAD_REQUEST, msg: 'lastId: 游标无效' });
  });
});

describe('upgrade/quality-case', () => {
  it('states its rule and lists at most 10 quality contents, one per creator, most lit first (figures from SQL)', async () => {
    const { cookies } = await signedInUser(t.app, t.db, 'upgrade-cases');
    const res = await t.signedInject(contract.creator.qualityCase, {}, { cookies });
    expect(res.body.code).toBe(SUCCESS);
    const { rule, list } = res.body.data;
    expect(rule).toBe(
      '本季优质内容（计入且获得至少 10 个点亮、3 条评论）中点亮最多的 10 篇，每位创作者最多 1 篇',
    );
    expect(list).toHaveLength(10);
    expect(new Set(list.map((c) => c.author.userId)).size).toBe(10);
    expect([...list.map((c) => c.lights)].sort((a, b) => b - a)).toEqual(list.map((c) => c.lights));
    for (const item of list) {
      const [raw] = rowsOf<{ lights: number; replies: number; author: number }>(
        await t.db.execute(sql`select
          (select count(*)::int from content_lights where content_id = ${item.contentId}) as lights,
          (select count(*)::int from replies where content_id = ${item.contentId}) as replies,
          (select author_id from contents where id = ${item.contentId}) as author`),
      );
      expect(raw).toEqual({ lights: item.lights, replies: item.replies, author: item.author.userId });
      expect(item.lights).toBeGreaterThanOrEqual(10);
      expect(item.replies).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('award/receive', () => {
  it('refuses an award not earned, naming the level', async () => {
    const { cookies } = await levelOneCreator('upgrade-not-earned');
    const res = await t.signedInject(contract.creator.awardReceive, { awardId: 4 }, { cookies });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: CREATOR_AWARD_NOT_EARNED,
      msg: '尚未达到「优质创作者」等级，暂不能领取该奖励',
      data: null,
    });
  });

  it('refuses an expired award with its deadline', async () => {
    const { cookies } = await levelOneCreator('upgrade-expired');
    const res = await t.signedInject(contract.creator.awardReceive, { awardId: 2 }, { cookies });
    expect(res.body).toEqual({
      code: CREATOR_AWARD_EXPIRED,
      msg: '该奖励已过期（领取截止 2025-06-30 23:59），无法领取',
      data: null,
    });
  });

  it('refuses an award that does not exist', async () => {
    const { cookies } = await signedInUser(t.app, t.db, 'upgrade-missing');
    const res = await t.signedInject(contract.creator.awardReceive, { awardId: 999_999 }, { cookies });
    expect(res.body).toEqual({ code: NOT_FOUND, msg: '奖励不存在', data: null });
  });

  it('makes exactly one receipt under 20 concurrent receives; it shows at once in award-record and the view', async () => {
    const { userId, cookies } = await levelOneCreator('upgrade-race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.signedInject(contract.creator.awardReceive, { awardId: 3 }, { cookies }),
      ),
    );
    const ok = answers.filter((a) => a.body.code === SUCCESS);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.body.data).toMatchObject({ awardId: 3, title: '成长创作者奖励', amountCents: 1000 });
    const refused = answers.filter((a) => a.body.code !== SUCCESS);
    expect(refused).toHaveLength(19);
    for (const a of refused)
      expect(a.body).toEqual({
        code: CREATOR_AWARD_ALREADY_RECEIVED,
        msg: '该奖励已领取，请勿重复领取',
        data: null,
      });
    const receipts = await t.db
      .select()
      .from(upgradeAwardReceipts)
      .where(and(eq(upgradeAwardReceipts.userId, userId), eq(upgradeAwardReceipts.awardId, 3)));
    expect(receipts).toHaveLength(1);

    const record = await t.signedInject(contract.creator.awardRecord, {}, { cookies });
    expect(record.body.data.list).toEqual([
      {
        receiptId: receipts[0]?.id,
        awardId: 3,
        title: '成长创作者奖励',
        amountCents: 1000,
        receivedAt: receipts[0]?.createdAt.toISOString(),
      },
    ]);
    const view = await t.signedInject(contract.creator.upgradeView, {}, { cookies });
    expect(view.body.data.awards.find((a) => a.awardId === 3)).toMatchObject({
      state: 'received',
      receivedAt: receipts[0]?.createdAt.toISOString(),
    });
    const again = await t.signedInject(contract.creator.awardReceive, { awardId: 3 }, { cookies });
    expect(again.body.code).toBe(CREATOR_AWARD_ALREADY_RECEIVED);
    // Issue 32 point 3: one notice for the one receipt, however many receives raced.
    const notices = await t.db
      .select({ text: notifications.text, link: notifications.link, dedupeKey: notifications.dedupeKey })
      .from(notifications)
      .where(eq(notifications.recipientId, userId));
    expect(notices).toEqual([
      {
        text: '你已领取升级奖励「成长创作者奖励」¥10.00',
        link: '/creator/upgrade',
        dedupeKey: `system:award:${receipts[0]?.id}`,
      },
    ]);
  });
});

describe('upgrade/award-record', () => {
  it('pages the caller’s receipts newest first, and only the caller’s', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db, 'upgrade-record-pages');
    const other = await signedInUser(t.app, t.db, 'upgrade-record-other');
    const awards = await t.db
      .insert(upgradeAwards)
      .values(
        [1, 2, 3].map((n) => ({
          seasonId: 1,
          level: 1,
          title: `测试奖励${n}`,
          amountCents: n * 100,
          expiresAt: new Date(0),
        })),
      )
      .returning({ id: upgradeAwards.id });
    for (const [i, award] of awards.entries())
      await t.db.insert(upgradeAwardReceipts).values({
        awardId: award.id,
        userId,
        amountCents: (i + 1) * 100,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      });
    const p1 = await t.signedInject(contract.creator.awardRecord, { limit: 2 }, { cookies });
    expect(p1.body.data.list.map((r) => r.title)).toEqual(['测试奖励3', '测试奖励2']);
    expect(p1.body.data.hasMore).toBe(true);
    const p2 = await t.signedInject(
      contract.creator.awardRecord,
      { limit: 2, lastId: p1.body.data.lastId as string },
      { cookies },
    );
    expect(p2.body.data).toMatchObject({ hasMore: false, lastId: null });
    expect(p2.body.data.list.map((r) => [r.title, r.amountCents])).toEqual([['测试奖励1', 100]]);
    const others = await t.signedInject(contract.creator.awardRecord, {}, { cookies: other.cookies });
    expect(others.body.data.list).toEqual([]);
  });
});

describe('flexible_staffing', () => {
  it('shows a creator who has not signed the signing link, and a signed one the date', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db, 'staffing');
    const before = await t.signedInject(contract.creator.flexibleStaffing, {}, { cookies });
    expect(before.body.data).toMatchObject({ signed: false, signedAt: null });
    // The sign link (issue 31 point 3): the configured page with the creator, a signed state and
    // the callback and return addresses (inject's host is localhost:80).
    const link = new URL(before.body.data.signUrl ?? '', 'http://localhost:80');
    expect(link.pathname).toBe('/internal/stand-in/flexible-staffing-sign');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      userId: String(userId),
      state: expect.stringMatching(new RegExp(`^${userId}\\.[\\w-]{32}$`)),
      notifyUrl: 'http://localhost:80/open/staffing/v1/signing',
      returnUrl: 'http://localhost:80/creator/upgrade',
    });
    await t.db.execute(
      sql`insert into flexible_staffing_signings (user_id, signed_at) values (${userId}, '2026-01-02T03:04:05.000Z')`,
    );
    const after = await t.signedInject(contract.creator.flexibleStaffing, {}, { cookies });
    expect(after.body.data).toEqual({ signed: true, signedAt: '2026-01-02T03:04:05.000Z', signUrl: null });
  });

  it('refuses a visitor with 7999', async () => {
    const res = await t.signedInject(contract.creator.flexibleStaffing, {});
    expect(res.body.code).toBe(TOURIST);
  });
});
