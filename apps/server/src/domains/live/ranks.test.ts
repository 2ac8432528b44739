import { contract } from '@h5/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fansGroupMembers, fansGroups } from '../../db/schema';
import { createTestApp, insertTestUsers, selectRows, signedInUser, type TestApp } from '../../test-utils';
import { addIntimacy } from './events';
import { liveHost } from './live-test-world';
import { groupRankPage, memberCount, myRank, myTodayRank, rankOf } from './ranks';

// Issue 33 point 2: the member count and the ranks read counters kept by triggers (migration
// 0038). After any mix of joins, awards and leaves they equal a recount of the rows, and every
// rank is the one counting the members ahead gives (ties by the later user id). On PGlite, and on
// PostgreSQL with DATABASE_URL, where the burst below runs on ten pooled connections at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every counter that differs from counting the rows (both ways), over all groups: [] when right. */
async function countersMismatch(): Promise<unknown[]> {
  const pairs = [
    [
      sql`select g.id, (select count(*) from fans_group_members m where m.group_id = g.id)::integer from fans_groups g`,
      sql`select id, member_count from fans_groups`,
    ],
    [
      sql`select group_id, intimacy, count(*)::integer from fans_group_members group by 1, 2`,
      sql`select group_id, intimacy, members from fans_group_intimacy_counts where members <> 0`,
    ],
    [
      sql`select group_id, day::text, points, count(*)::integer from fans_intimacy_days group by 1, 2, 3`,
      sql`select group_id, day::text, points, members from fans_intimacy_day_counts where members <> 0`,
    ],
  ] as const;
  const found: unknown[] = [];
  for (const [counted, kept] of pairs)
    found.push(
      ...(await selectRows(
        t.db,
        sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
      )),
    );
  return found;
}

/** Each member's rank as counting the members ahead gives it, best first. */
async function countedRanks(groupId: number) {
  return selectRows<{ userId: number; intimacy: number; rank: number }>(
    t.db,
    sql`
    select m.user_id as "userId", m.intimacy, (select count(*)::integer + 1 from fans_group_members a
      where a.group_id = m.group_id and (a.intimacy, a.user_id) > (m.intimacy, m.user_id)) as rank
    from fans_group_members m where m.group_id = ${groupId} order by rank`,
  );
}

/** New users (no session needed: the writes here are the rules' own functions and SQL). */
const newUsers = (n: number, name: string) => insertTestUsers(t.db, n, name);

async function groupOf(hostId: number): Promise<number> {
  const [group] = await t.db
    .select({ id: fansGroups.id })
    .from(fansGroups)
    .where(eq(fansGroups.hostId, hostId));
  return (group as { id: number }).id;
}

const join = (groupId: number, userIds: number[]) =>
  t.db
    .insert(fansGroupMembers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();

describe('fans group counters', () => {
  it('the migration counted the seeded groups', async () => {
    expect(await countersMismatch()).toEqual([]);
    const [seeded] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from fans_group_intimacy_counts`,
    );
    expect(seeded?.n).toBeGreaterThan(0);
  });

  it('stay a recount through joins, awards, ties, today’s points and leaves; ranks are as counted', async () => {
    const host = await liveHost(t, 'counter-host');
    const groupId = await groupOf(host.userId);
    expect(await memberCount(t.db, groupId)).toBe(0);
    const fan = await signedInUser(t.app, t.db, '计数粉丝');
    const a = fan.userId;
    const [b, c, d, e] = (await newUsers(4, '计数粉丝')) as [number, number, number, number];
    // One through the product's join (the platform event), the others in one statement.
    const joined = await t.signedInject(
      contract.live.joinGroup,
      { streamId: host.streamId },
      { cookies: fan.cookies },
    );
    expect(joined.body.data).toEqual({ joined: true });
    await join(groupId, [b, c, d]);
    await join(groupId, [a]); // a repeat adds no one
    expect(await memberCount(t.db, groupId)).toBe(4);
    // a 30, b 30 (a tie: b, the later id, ranks first), c 10, d 0 then 5 today, e joins late at 0.
    await addIntimacy(t.db, groupId, a, 20);
    await addIntimacy(t.db, groupId, a, 10);
    await addIntimacy(t.db, groupId, b, 30);
    await addIntimacy(t.db, groupId, c, 10);
    await join(groupId, [e]);
    await addIntimacy(t.db, groupId, d, 5);
    expect(await addIntimacy(t.db, groupId, host.userId, 5)).toBe(false); // not a member: nothing
    expect(await countersMismatch()).toEqual([]);
    expect((await countedRanks(groupId)).map((r) => [r.userId, r.intimacy, r.rank])).toEqual([
      [b, 30, 1],
      [a, 30, 2],
      [c, 10, 3],
      [d, 5, 4],
      [e, 0, 5],
    ]);
    for (const r of await countedRanks(groupId)) {
      expect(await rankOf(t.db, groupId, r.intimacy, r.userId)).toBe(r.rank);
      expect((await myRank(t.db, groupId, r.userId))?.rank).toBe(r.rank);
    }
    const page2 = await groupRankPage(t.db, groupId, { limit: 2, lastId: undefined });
    const next = await groupRankPage(t.db, groupId, { limit: 2, lastId: page2.lastId ?? undefined });
    expect(next.list.map((r) => [r.user.userId, r.rank])).toEqual([
      [c, 3],
      [d, 4],
    ]);
    // Today: a 30 and b 30 tie (b first), c 10, d 5; e gained nothing today.
    expect((await myTodayRank(t.db, groupId, a))?.rank).toBe(2);
    expect((await myTodayRank(t.db, groupId, b))?.rank).toBe(1);
    expect((await myTodayRank(t.db, groupId, d))?.rank).toBe(4);
    expect(await myTodayRank(t.db, groupId, e)).toBeNull();

    // b leaves (a console's delete), c passes a, a day's points are moved (a console's edit).
    await t.db.execute(sql`delete from fans_intimacy_days where group_id = ${groupId} and user_id = ${b}`);
    await t.db.execute(sql`delete from fans_group_members where group_id = ${groupId} and user_id = ${b}`);
    await addIntimacy(t.db, groupId, c, 25);
    await t.db.execute(
      sql`update fans_intimacy_days set points = points + 1 where group_id = ${groupId} and user_id = ${d}`,
    );
    expect(await countersMismatch()).toEqual([]);
    expect(await memberCount(t.db, groupId)).toBe(4);
    expect((await countedRanks(groupId)).map((r) => [r.userId, r.rank])).toEqual([
      [c, 1],
      [a, 2],
      [d, 3],
      [e, 4],
    ]);
    for (const r of await countedRanks(groupId))
      expect(await rankOf(t.db, groupId, r.intimacy, r.userId)).toBe(r.rank);
    expect(await myRank(t.db, groupId, b)).toBeNull();
    expect((await myTodayRank(t.db, groupId, c))?.rank).toBe(1);
    expect((await myTodayRank(t.db, groupId, d))?.rank).toBe(3);
    // The counters of the rows read: every total above d's is a row, not a member.
    expect(
      await selectRows(
        t.db,
        sql`select intimacy, members from fans_group_intimacy_counts
        where group_id = ${groupId} and members <> 0 order by intimacy desc`,
      ),
    ).toEqual([
      { intimacy: 35, members: 1 },
      { intimacy: 30, members: 1 },
      { intimacy: 5, members: 1 },
      { intimacy: 0, members: 1 },
    ]);
  });

  it('stay a recount after a burst of 60 joins and awards at once, some on the same member', async () => {
    const host = await liveHost(t, 'counter-burst-host');
    const groupId = await groupOf(host.userId);
    const fans = await newUsers(20, '并发粉丝');
    await Promise.all([
      ...fans.map((userId) => join(groupId, [userId])),
      ...fans.map((userId) => join(groupId, [userId])),
      ...fans.map((userId, i) => addIntimacy(t.db, groupId, userId, 1 + (i % 4))),
    ]);
    await Promise.all(
      fans.flatMap((userId, i) => [
        addIntimacy(t.db, groupId, userId, 10),
        addIntimacy(t.db, groupId, userId, i % 3),
      ]),
    );
    expect(await countersMismatch()).toEqual([]);
    expect(await memberCount(t.db, groupId)).toBe(20);
    for (const r of await countedRanks(groupId))
      expect(await rankOf(t.db, groupId, r.intimacy, r.userId)).toBe(r.rank);
  });
});
