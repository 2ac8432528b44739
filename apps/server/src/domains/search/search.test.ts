import { randomInt } from 'node:crypto';
import { contract } from '@h5/contract';
import { BAD_REQUEST, SUCCESS, TOURIST } from '@h5/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, follows, products, users } from '../../db/schema';
import { createTestApp, selectRows, signedInUser, type TestApp } from '../../test-utils';
import { insertTestContents, LONG_AGO } from '../../test-utils/contents';
import { insertTestUsers } from '../../test-utils/users';
import { contentSearchQuery } from './content-search';
import { WALK_ROWS } from './hot-window';
import { suggestTitles } from './search';
import { USER_WINDOW, userWindow } from './user-search';

let t: TestApp;
let author: number;
beforeAll(async () => {
  t = await createTestApp();
  author = (await signedInUser(t.app, t.db, '搜索测试作者')).userId;
});
afterAll(() => t.close());

/**
 * Three rare CJK characters (U+9F00–U+9FA5), a word no seed text and no earlier run holds: the
 * tests' own rows are the only matches, on a fresh PGlite or a reused PostgreSQL alike.
 */
const rareWord = () =>
  Array.from({ length: 3 }, () => String.fromCodePoint(0x9f00 + randomInt(0, 0xa6))).join('');

const page = { limit: 20 };

describe('content search', () => {
  it('finds 复古 inside the title AJ1 复古红 (the word in the middle of a title), each match once', async () => {
    const [id] = await insertTestContents(t.db, author, 1, () => ({
      title: 'AJ1 复古红',
      body: `正文 ${rareWord()}`,
    }));
    const seen: number[] = [];
    let lastId: string | undefined;
    do {
      const res = await t.signedInject(contract.search.searchContents, {
        keyword: '复古',
        limit: 20,
        lastId,
      });
      expect(res.body.code).toBe(SUCCESS);
      seen.push(...res.body.data.list.map((card) => card.contentId));
      lastId = res.body.data.lastId ?? undefined;
    } while (lastId);
    expect(seen).toContain(id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('ranks the 100 hottest matches first (titles first, then the body only), then the others', async () => {
    const w = rareWord();
    // 110 matches, each an hour newer (hotter) than the last: the window is 10…109.
    const ids = await insertTestContents(t.db, author, 110, (i) => ({
      title: i % 2 === 0 ? `标题${w}${i}` : `别的标题${i}`,
      body: i % 2 === 0 ? '正文' : `正文里有${w}`,
      createdAt: new Date(LONG_AGO.getTime() + i * 3_600_000),
    }));
    const order = (from: number[]) => [
      ...from.filter((i) => i % 2 === 0).reverse(),
      ...from.filter((i) => i % 2 === 1).reverse(),
    ];
    const range = (a: number, b: number) => Array.from({ length: b - a }, (_, k) => a + k);
    const expected = [...order(range(10, 110)), ...order(range(0, 10))].map((i) => ids[i]);
    const seen: number[] = [];
    let lastId: string | undefined;
    do {
      const res = await t.signedInject(contract.search.searchContents, { keyword: w, limit: 20, lastId });
      seen.push(...res.body.data.list.map((card) => card.contentId));
      lastId = res.body.data.lastId ?? undefined;
    } while (lastId);
    expect(seen).toEqual(expected);
  });

  it('reads the same window walking the hot index as from the GIN index', async () => {
    // 复古: a common word of the seed, in more than 100 of its hottest 2000 contents.
    const walk = await contentSearchQuery(t.db, '复古', null, 0, 100, 'walk');
    const gin = await contentSearchQuery(t.db, '复古', null, 0, 100, 'gin');
    expect(walk.length).toBe(100);
    expect(walk[0]?.windowSize).toBe(100);
    expect(walk.map((row) => row.contentId)).toEqual(gin.map((row) => row.contentId));
    // Suggestions: the 50 hottest titles holding 复古, either way.
    const walkTitles = await suggestTitles(t.db, '复古', 'walk');
    expect(walkTitles.length).toBe(50);
    expect(walkTitles).toEqual(await suggestTitles(t.db, '复古', 'gin'));
  });

  it('ranks exact, then prefix, then inside the title (by lights), then the body only', async () => {
    const w = rareWord();
    const [bodyOnly, insideFew, insideMany, prefix, exact] = await insertTestContents(
      t.db,
      author,
      5,
      (i) =>
        [
          { title: '别的标题', body: `正文里有${w}`, lightCount: 1000 },
          { title: `前面${w}后面`, lightCount: 1 },
          { title: `另一个${w}`, lightCount: 50 },
          { title: `${w}开头`, lightCount: 0 },
          { title: w, lightCount: 0 },
        ][i] ?? {},
    );
    const res = await t.signedInject(contract.search.searchContents, { keyword: w, ...page });
    expect(res.body.data.list.map((card) => card.contentId)).toEqual([
      exact,
      prefix,
      insideMany,
      insideFew,
      bodyOnly,
    ]);
    expect(res.body.data).toMatchObject({ hasMore: false, lastId: null });
  });

  it('pages by offset with hasMore, without repeats', async () => {
    const w = rareWord();
    const ids = await insertTestContents(t.db, author, 5, (i) => ({ title: `${w} 第${i}篇`, lightCount: i }));
    const seen: number[] = [];
    const pages: boolean[] = [];
    let lastId: string | undefined;
    do {
      const res = await t.signedInject(contract.search.searchContents, { keyword: w, limit: 2, lastId });
      seen.push(...res.body.data.list.map((card) => card.contentId));
      pages.push(res.body.data.hasMore);
      lastId = res.body.data.lastId ?? undefined;
    } while (lastId);
    expect(pages).toEqual([true, true, false]);
    expect(seen).toEqual([...ids].reverse());
  });

  it('leaves out taken-down contents and matches every word of the keyword', async () => {
    const w = rareWord();
    const [kept, down] = await insertTestContents(t.db, author, 2, (i) => ({ title: `${w} 复古 ${i}` }));
    await t.db
      .update(contents)
      .set({ takenDownAt: new Date(), takenDownReason: '违规' })
      .where(sql`${contents.id} = ${down}`);
    const res = await t.signedInject(contract.search.searchContents, { keyword: `${w} 复古`, ...page });
    expect(res.body.data.list.map((card) => card.contentId)).toEqual([kept]);
    const none = await t.signedInject(contract.search.searchContents, { keyword: `${w} 没有`, ...page });
    expect(none.body.data).toEqual({ list: [], lastId: null, hasMore: false });
  });

  it('plans the 2-character search on the GIN index (contents_search_idx)', async () => {
    const w = rareWord();
    await insertTestContents(t.db, author, 1, () => ({ title: `AJ1 ${w}` }));
    await t.db.execute(sql`analyze contents`);
    for (const keyword of [w.slice(0, 2), '复古']) {
      const result = await t.db.execute(sql`explain ${contentSearchQuery(t.db, keyword, null, 0, 21)}`);
      const plan = (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('contents_search_idx');
    }
    const walk = await t.db.execute(sql`explain ${contentSearchQuery(t.db, '复古', null, 0, 21, 'walk')}`);
    const walkPlan = (walk as unknown as { rows: Record<string, string>[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(walkPlan).toContain('contents_hot_idx');
    expect(walkPlan).not.toContain('contents_search_idx');
  });
});

describe('user search window', () => {
  /**
   * 120 users holding a rare word, 60 as a prefix (rank 1) and 60 inside (rank 2), all but the
   * first ten of each followed once (by the author): the window of the 100 most followed is those
   * 100. Last, an unfollowed user named exactly the word, outside the window.
   */
  async function windowUsers() {
    const w = rareWord();
    const prefix = await insertTestUsers(t.db, 60, w);
    const inside = await insertTestUsers(t.db, 60, `小${w}`);
    const followed = [...prefix.slice(10), ...inside.slice(10)];
    await t.db.insert(follows).values(followed.map((followeeId) => ({ followerId: author, followeeId })));
    const [exact] = await insertTestUsers(t.db, 1, w);
    await t.db.update(users).set({ userName: w }).where(sql`${users.id} = ${exact}`);
    return { w, prefix, inside, exact: exact as number };
  }

  it('shows an unfollowed exact nickname first, then the 100 most followed by match, then the others, each once', async () => {
    const { w, prefix, inside, exact } = await windowUsers();
    const desc = (ids: number[]) => [...ids].reverse();
    const expected = [
      exact,
      ...desc(prefix.slice(10)),
      ...desc(inside.slice(10)),
      ...desc(prefix.slice(0, 10)),
      ...desc(inside.slice(0, 10)),
    ];
    const seen: [number, number][] = [];
    let lastId: string | undefined;
    do {
      const res = await t.signedInject(contract.search.searchUsers, { keyword: w, limit: 20, lastId });
      expect(res.body.code).toBe(SUCCESS);
      seen.push(...res.body.data.list.map((u): [number, number] => [u.userId, u.followerCount]));
      lastId = res.body.data.lastId ?? undefined;
    } while (lastId);
    // Pages of 20 + 1: the fifth page (offset 80) is past the window, ranked from every match.
    expect(seen.map(([id]) => id)).toEqual(expected);
    expect(seen[0]).toEqual([exact, 0]);
    expect(seen.slice(1, 101).every(([, followers]) => followers === 1)).toBe(true);
    // A suggestion offers the exact nickname too.
    const suggested = await t.signedInject(contract.search.searchSuggest, { keyword: w });
    expect(suggested.body.data.list.filter((s) => s.kind === 'user').map((s) => s.text)).toEqual([
      w,
      `${w}59`,
    ]);
  });

  it('reads the same window walking the followers index as from the GIN index', async () => {
    const { w, prefix, inside } = await windowUsers();
    const window = [...prefix.slice(10), ...inside.slice(10)].sort((a, b) => b - a);
    // The word, and its first character alone (a one-character keyword skips the strpos after
    // the gram test; the walk always tests it): the followed part of the walk fills the window.
    for (const keyword of [w, w.slice(0, 1)]) {
      const walk = await userWindow(t.db, keyword, 'walk');
      const gin = await userWindow(t.db, keyword, 'gin');
      expect(walk.full).toBe(true);
      expect(walk.rows.length).toBe(USER_WINDOW);
      expect(walk.rows).toEqual(gin.rows);
      if (keyword === w) expect(walk.rows.map((u) => u.userId)).toEqual(window);
    }
    // 30 followed and 90 unfollowed matches: the window is the 30, then the newest 70 of the 90,
    // the second from the newest users' part of the walk.
    const v = rareWord();
    const few = await insertTestUsers(t.db, 120, v);
    await t.db
      .insert(follows)
      .values(few.slice(0, 30).map((followeeId) => ({ followerId: author, followeeId })));
    const walk = await userWindow(t.db, v, 'walk');
    const gin = await userWindow(t.db, v, 'gin');
    const expected = [...few.slice(0, 30).reverse(), ...few.slice(50).reverse()];
    expect(gin.rows.map((u) => [u.userId, u.followerCount])).toEqual(
      expected.map((id, i) => [id, i < 30 ? 1 : 0]),
    );
    // Whole when every followed user was read (a test database has fewer than WALK_ROWS).
    const [followed] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from user_counts where followers > 0`,
    );
    if ((followed?.n ?? 0) < WALK_ROWS) expect(walk.full).toBe(true);
    if (walk.full) expect(walk.rows).toEqual(gin.rows);
    // The walk meets every user: each has a user_counts row (migration 0044), followed or not.
    const [missing] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::integer as n from users u where not exists (select 1 from user_counts c where c.user_id = u.id)`,
    );
    expect(missing?.n).toBe(0);
  });
});

describe('users, topics and products', () => {
  it('finds users by nickname: exact, prefix, inside, then followers', async () => {
    const w = rareWord();
    const made = await t.db
      .insert(users)
      .values(
        [`小${w}`, `大${w}`, `${w}达人`, w].map((userName) => ({
          userName,
          avatar: '/cdn/seed/avatar-test.svg',
        })),
      )
      .returning({ id: users.id });
    const [small, big, prefix, exact] = made.map((row) => row.id) as [number, number, number, number];
    await t.db.insert(follows).values([
      { followerId: author, followeeId: big },
      { followerId: small, followeeId: big },
    ]);
    const res = await t.signedInject(contract.search.searchUsers, { keyword: w, ...page });
    expect(res.body.data.list.map((u) => [u.userId, u.followerCount])).toEqual([
      [exact, 0],
      [prefix, 0],
      [big, 2],
      [small, 0],
    ]);
  });

  it('finds hashtag topics of visible contents and the content categories by name', async () => {
    const w = rareWord();
    await insertTestContents(t.db, author, 3, (i) => ({ topic: i < 2 ? w : `${w}穿搭` }));
    const tags = await t.signedInject(contract.search.searchTopics, { keyword: w, ...page });
    expect(tags.body.data.list).toEqual([
      { kind: 'hashtag', tagId: null, name: w, contentCount: 2 },
      { kind: 'hashtag', tagId: null, name: `${w}穿搭`, contentCount: 1 },
    ]);
    const categories = await t.signedInject(contract.search.searchTopics, { keyword: '技巧', ...page });
    expect(categories.body.data.list.map((topic) => [topic.kind, topic.tagId, topic.name])).toEqual([
      ['category', 7, '运营技巧'],
      ['category', 12, '直播技巧'],
    ]);
  });

  it('finds products by title', async () => {
    const w = rareWord();
    const spuId = randomInt(1_500_000_000, 2_000_000_000);
    await t.db
      .insert(products)
      .values({ spuId, title: `Air ${w} 跑鞋`, logoUrl: '/cdn/p.png', price: 89_900 });
    const res = await t.signedInject(contract.search.searchProducts, {
      keyword: `${w.slice(1)} 跑鞋`,
      ...page,
    });
    expect(res.body.data.list).toEqual([
      { spuId, title: `Air ${w} 跑鞋`, logoUrl: '/cdn/p.png', price: 89_900 },
    ]);
  });

  it('suggests topics, users and titles for a prefix, at most 8', async () => {
    const w = rareWord();
    await insertTestContents(t.db, author, 10, (i) => ({
      title: `${w}标题${i}`,
      lightCount: i,
      topic: `${w}话题`,
    }));
    await t.db.insert(users).values({ userName: `${w}用户`, avatar: '/cdn/seed/avatar-test.svg' });
    const res = await t.signedInject(contract.search.searchSuggest, { keyword: w.slice(0, 2) });
    expect(res.body.data.list).toEqual([
      { kind: 'topic', text: `${w}话题` },
      { kind: 'user', text: `${w}用户` },
      ...[9, 8, 7, 6, 5, 4].map((i) => ({ kind: 'content', text: `${w}标题${i}` })),
    ]);
  });
});

describe('recent searches', () => {
  it('keeps a signed-in user’s last 10 keywords, newest first, each once; clear empties them', async () => {
    const me = await signedInUser(t.app, t.db, '搜索者甲');
    const other = await signedInUser(t.app, t.db, '搜索者乙');
    const searchAs = async (cookies: { duToken: string }, keyword: string) => {
      const res = await t.signedInject(contract.search.searchContents, { keyword, ...page }, { cookies });
      expect(res.body.code).toBe(SUCCESS);
    };
    for (const keyword of ['一', '二', '一']) await searchAs(me.cookies, keyword);
    await searchAs(other.cookies, '别人的词');
    // Later pages are the same search, not a new one.
    await t.signedInject(
      contract.search.searchUsers,
      { keyword: '翻页', limit: 1, lastId: '1' },
      { cookies: me.cookies },
    );
    const mine = await t.signedInject(contract.search.searchRecents, {}, { cookies: me.cookies });
    expect(mine.body.data.list).toEqual(['一', '二']);
    const theirs = await t.signedInject(contract.search.searchRecents, {}, { cookies: other.cookies });
    expect(theirs.body.data.list).toEqual(['别人的词']);

    for (let i = 1; i <= 12; i++) await searchAs(me.cookies, `词${i}`);
    const kept = await t.signedInject(contract.search.searchRecents, {}, { cookies: me.cookies });
    expect(kept.body.data.list).toEqual(Array.from({ length: 10 }, (_, i) => `词${12 - i}`));

    await t.signedInject(contract.search.searchRecentsClear, {}, { cookies: me.cookies });
    const cleared = await t.signedInject(contract.search.searchRecents, {}, { cookies: me.cookies });
    expect(cleared.body.data.list).toEqual([]);
    const still = await t.signedInject(contract.search.searchRecents, {}, { cookies: other.cookies });
    expect(still.body.data.list).toEqual(['别人的词']);
  });

  it('refuses a visitor’s read and clear of recents with 7999; a visitor may search', async () => {
    expect((await t.signedInject(contract.search.searchRecents, {})).body.code).toBe(TOURIST);
    expect((await t.signedInject(contract.search.searchRecentsClear, {})).body.code).toBe(TOURIST);
    expect(
      (await t.signedInject(contract.search.searchContents, { keyword: '复古', ...page })).body.code,
    ).toBe(SUCCESS);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field: a blank or too long keyword, a forged lastId', async () => {
    const blank = await t.signedInject(contract.search.searchContents, { keyword: '   ', ...page });
    expect([blank.status, blank.body.code, blank.body.msg]).toEqual([
      400,
      BAD_REQUEST,
      'keyword: 请输入搜索词',
    ]);
    const long = await t.signedInject(contract.search.searchSuggest, { keyword: '长'.repeat(31) });
    expect([long.status, long.body.msg]).toEqual([400, 'keyword: 搜索词最多 30 个字']);
    const forged = await t.signedInject(contract.search.searchTopics, {
      keyword: '复古',
      limit: 20,
      lastId: 'abc',
    });
    expect([forged.status, forged.body.msg]).toEqual([400, 'lastId: 翻页位置无效']);
  });
});
