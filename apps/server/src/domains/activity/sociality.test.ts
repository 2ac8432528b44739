import { contract } from '@h5/contract';
import {
  AI_ACTIVITY_ENDED,
  AI_ACTIVITY_NOT_STARTED,
  ENCOUNTER_NONE_LEFT,
  SUCCESS,
  TOURIST,
  XINYIN_NOT_IN_ACTIVITY,
} from '@h5/core';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, arSpus, encounterDraws, follows, products } from '../../db/schema';
import { createTestApp, insertTestContents, signedInUser, type TestApp } from '../../test-utils';
import { chinaDay } from '../live/rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const a = contract.activity;

/** Moves an activity's window: `fromHours` / `toHours` from now. */
async function setWindow(code: string, fromHours: number, toHours: number) {
  const now = Date.now();
  const window = { startsAt: new Date(now + fromHours * HOUR), endsAt: new Date(now + toHours * HOUR) };
  await t.db
    .insert(activities)
    .values({ code, title: `测试活动 ${code}`, ...window })
    .onConflictDoUpdate({ target: activities.code, set: window });
  return window;
}

const user = (name: string) => signedInUser(t.app, t.db, name);
type User = Awaited<ReturnType<typeof user>>;
/** New signed-in users, one per name, in order. */
const usersNamed = async <const N extends readonly string[]>(...names: N) =>
  (await Promise.all(names.map(user))) as { -readonly [K in keyof N]: User };

describe('奇妙相遇: encounter cards', () => {
  it('refuses outside the window with the spec’s codes, and a visitor with the login code', async () => {
    const me = await user('encounter-closed');
    await setWindow('strange-encounters', 2, 10);
    const early = await t.signedInject(a.encounterDraw, {}, { cookies: me.cookies });
    expect(early.body.code).toBe(AI_ACTIVITY_NOT_STARTED);
    expect(early.body.msg).toMatch(/^活动未开始（.+ 开始）$/);
    await setWindow('strange-encounters', -10, -2);
    const late = await t.signedInject(a.encounterToday, {}, { cookies: me.cookies });
    expect(late.body.code).toBe(AI_ACTIVITY_ENDED);
    await setWindow('strange-encounters', -2, 10);
    expect((await t.signedInject(a.encounterDraw, {})).body.code).toBe(TOURIST);
  });

  it('matches by shared followed authors first, never oneself or a followee, three a day, then 4504', async () => {
    await setWindow('strange-encounters', -2, 10);
    const [me, twin, half, followed, x, y] = await usersNamed(
      'enc-me',
      'enc-twin',
      'enc-half',
      'enc-followed',
      'enc-x',
      'enc-y',
    );
    const follow = (from: User, to: User) => ({ followerId: from.userId, followeeId: to.userId });
    await t.db
      .insert(follows)
      .values([
        follow(me, x),
        follow(me, y),
        follow(me, followed),
        follow(twin, x),
        follow(twin, y),
        follow(half, x),
        follow(followed, x),
        follow(followed, y),
      ]);
    const opts = { cookies: me.cookies };
    const first = await t.signedInject(a.encounterDraw, {}, opts);
    expect(first.body.code).toBe(SUCCESS);
    expect(first.body.data.drawsLeft).toBe(2);
    expect(first.body.data.list).toEqual([
      {
        slot: 1,
        user: { userId: twin.userId, userName: 'enc-twin', avatar: expect.any(String) },
        sharedAuthors: 2,
        sharedCategories: 0,
        isFollowing: false,
        followsMe: false,
        unlocked: [],
      },
    ]);
    const second = await t.signedInject(a.encounterDraw, {}, opts);
    expect(second.body.data.list.map((card) => [card.user.userId, card.sharedAuthors])).toEqual([
      [twin.userId, 2],
      [half.userId, 1],
    ]);
    // Nobody else shares an interest: an active author, never one followed or met today.
    const third = await t.signedInject(a.encounterDraw, {}, opts);
    const met = third.body.data.list.map((card) => card.user.userId);
    expect(met).toHaveLength(3);
    expect(new Set(met).size).toBe(3);
    for (const excluded of [me, x, y, followed]) expect(met).not.toContain(excluded.userId);
    expect(third.body.data.list[2]).toMatchObject({ slot: 3, sharedAuthors: 0, sharedCategories: 0 });
    expect(third.body.data.drawsLeft).toBe(0);
    const fourth = await t.signedInject(a.encounterDraw, {}, opts);
    expect(fourth.body).toMatchObject({
      code: ENCOUNTER_NONE_LEFT,
      msg: '今天的 3 次偶遇已经用完，明天再来吧',
    });
    const today = await t.signedInject(a.encounterToday, {}, opts);
    expect(today.body.data).toMatchObject({ day: chinaDay(), drawsLeft: 0 });
    expect(today.body.data.list.map((card) => card.user.userId)).toEqual(met);

    // Both follow each other: the card shows the other's three newest contents.
    const ids = await insertTestContents(t.db, twin.userId, 4, (i) => ({
      title: `偶遇穿搭 ${i}`,
      createdAt: new Date(Date.UTC(2022, 0, 1 + i)),
    }));
    await t.db.insert(follows).values([follow(me, twin), follow(twin, me)]);
    const unlocked = await t.signedInject(a.encounterToday, {}, opts);
    expect(unlocked.body.data.list[0]).toMatchObject({
      isFollowing: true,
      followsMe: true,
      unlocked: [
        { contentId: ids[3], title: '偶遇穿搭 3' },
        { contentId: ids[2], title: '偶遇穿搭 2' },
        { contentId: ids[1], title: '偶遇穿搭 1' },
      ],
    });
  });

  it('six draws at once make exactly three cards, slots 1 to 3, and three refusals', async () => {
    await setWindow('strange-encounters', -2, 10);
    const me = await user('enc-racer');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.signedInject(a.encounterDraw, {}, { cookies: me.cookies })),
    );
    const codes = answers.map((res) => res.body.code).sort();
    expect(codes).toEqual(
      [SUCCESS, SUCCESS, SUCCESS, ENCOUNTER_NONE_LEFT, ENCOUNTER_NONE_LEFT, ENCOUNTER_NONE_LEFT].sort(),
    );
    const rows = await t.db
      .select({ slot: encounterDraws.slot, day: encounterDraws.day })
      .from(encounterDraws)
      .where(eq(encounterDraws.userId, me.userId))
      .orderBy(asc(encounterDraws.slot));
    expect(rows).toEqual([1, 2, 3].map((slot) => ({ slot, day: chinaDay() })));
  });
});

describe('七夕: the #七夕 ranking', () => {
  it('ranks the window’s visible #七夕 contents by lights, top 20; closed: the spec’s code', async () => {
    await setWindow('tanabata', 2, 10);
    expect((await t.signedInject(a.tanabataRank, {})).body.code).toBe(AI_ACTIVITY_NOT_STARTED);
    const window = await setWindow('tanabata', -2, 10);
    const author = await user('tanabata-author');
    const inside = new Date(window.startsAt.getTime() + HOUR);
    const ids = await insertTestContents(t.db, author.userId, 23, (i) => ({
      topic: '七夕',
      createdAt: inside,
      lightCount: 1000 + i,
    }));
    const [before] = await insertTestContents(t.db, author.userId, 1, () => ({
      topic: '七夕',
      createdAt: new Date(window.startsAt.getTime() - HOUR),
      lightCount: 99_999,
    }));
    const [hidden] = await insertTestContents(t.db, author.userId, 1, () => ({
      topic: '七夕',
      createdAt: inside,
      lightCount: 99_999,
      takenDownAt: new Date(),
    }));
    const [other] = await insertTestContents(t.db, author.userId, 1, () => ({
      topic: '穿搭',
      createdAt: inside,
      lightCount: 99_999,
    }));
    const rank = await t.signedInject(a.tanabataRank, {});
    expect(rank.body.code).toBe(SUCCESS);
    expect(rank.body.data.topic).toBe('七夕');
    // Other tests' #七夕 contents may share the window; ours are the most lit.
    const list = rank.body.data.list;
    expect(list).toHaveLength(20);
    expect(list.map((item) => item.contentId)).toEqual([...ids].reverse().slice(0, 20));
    expect(list.map((item) => item.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(list[0]).toMatchObject({ lightCount: 1022, author: { userId: author.userId } });
    for (const id of [before, hidden, other]) expect(list.map((item) => item.contentId)).not.toContain(id);
    await setWindow('tanabata', -10, -2);
    expect((await t.signedInject(a.tanabataRank, {})).body.code).toBe(AI_ACTIVITY_ENDED);
  });
});

describe('心引力: pick a product, see who picked it too', () => {
  it('lists each picker’s own matches only; another product is 4506; closed: the spec’s code', async () => {
    await setWindow('gravity-xinyin', -2, 10);
    const inActivity = await t.db
      .select({ spuId: arSpus.spuId })
      .from(arSpus)
      .where(eq(arSpus.activityCode, 'gravity-xinyin'));
    const taken = inActivity.map((row) => row.spuId);
    const fresh = await t.db
      .select({ spuId: products.spuId })
      .from(products)
      .where(taken.length > 0 ? notInArray(products.spuId, taken) : undefined)
      .orderBy(asc(products.spuId))
      .limit(3);
    const [p1, p2, outside] = fresh.map((row) => row.spuId) as [number, number, number];
    await t.db.insert(arSpus).values([
      { activityCode: 'gravity-xinyin', spuId: p1, sort: 100 },
      { activityCode: 'gravity-xinyin', spuId: p2, sort: 101 },
    ]);
    const [me, same, other] = await usersNamed('xy-me', 'xy-same', 'xy-other');
    const pick = (who: User, spuId: number, yes = true) =>
      t.signedInject(a.xinyinPick, { spuId, pick: yes }, { cookies: who.cookies });
    await pick(same, p1);
    await pick(other, p2);
    const mine = await pick(me, p1);
    expect(mine.body.code).toBe(SUCCESS);
    const byId = (list: typeof mine.body.data.list) =>
      new Map(list.map((item) => [item.product.spuId, item]));
    const seen = byId(mine.body.data.list);
    expect(seen.get(p1)).toMatchObject({
      picked: true,
      matches: [{ userId: same.userId, userName: 'xy-same' }],
      product: { spuId: p1, isCollection: 1 },
    });
    // Not picked: the caller sees nobody of that product.
    expect(seen.get(p2)).toMatchObject({ picked: false, matches: [] });
    // The other side sees the caller; a third user sees neither of them.
    const theirs = byId(
      (await t.signedInject(a.xinyinProducts, {}, { cookies: same.cookies })).body.data.list,
    );
    expect(theirs.get(p1)?.matches.map((u) => u.userId)).toEqual([me.userId]);
    const third = byId(
      (await t.signedInject(a.xinyinProducts, {}, { cookies: other.cookies })).body.data.list,
    );
    expect(third.get(p1)?.matches).toEqual([]);
    expect(third.get(p2)?.matches).toEqual([]);
    // Taking the pick back ends the match for both.
    await pick(me, p1, false);
    const after = byId(
      (await t.signedInject(a.xinyinProducts, {}, { cookies: same.cookies })).body.data.list,
    );
    expect(after.get(p1)?.matches).toEqual([]);

    const refused = await pick(me, outside);
    expect(refused.body).toMatchObject({
      code: XINYIN_NOT_IN_ACTIVITY,
      msg: `商品 ${outside} 不在心引力的好物中`,
    });
    await setWindow('gravity-xinyin', -10, -2);
    expect((await pick(me, p1)).body.code).toBe(AI_ACTIVITY_ENDED);
    expect((await t.signedInject(a.xinyinProducts, {}, { cookies: me.cookies })).body.code).toBe(
      AI_ACTIVITY_ENDED,
    );
    await t.db.delete(arSpus).where(and(eq(arSpus.activityCode, 'gravity-xinyin'), eq(arSpus.sort, 100)));
  });
});
