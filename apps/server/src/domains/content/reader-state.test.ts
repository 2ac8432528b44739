import { randomUUID } from 'node:crypto';
import { contract, type FeedCard, type RequestOf, type ResponseOf } from '@h5/contract';
import { CONTENT_DETAIL_HEADER_VERSION, SUCCESS } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { countingDb } from '../../db/client';
import { contentProducts, contents, follows } from '../../db/schema';
import { signedInjector, signedInUser, testDatabase, testEnv } from '../../test-utils';
import { FOLLOW_BOOST } from './queries';
import { visibleContent } from './visible';

// Issue 33 point 1: a reader's public reads are the visitors' cached answer plus one statement of
// their own. The app's statements pass a counter (countingDb); nothing else runs on this app.
let app: FastifyInstance;
let statements = 0;
/** The readers' feed statements sent (queries.ts readerStatesStatement). */
let readerBatches = 0;
let inject: ReturnType<typeof signedInjector>;
beforeAll(async () => {
  const database = await testDatabase();
  const env = testEnv();
  app = await buildApp({
    env,
    db: countingDb(database, (text) => {
      statements++;
      if (text.includes('jsonb_to_recordset')) readerBatches++;
    }),
  });
  inject = signedInjector(app, env.SIGN_SECRET);
});
afterAll(() => app.close());

const versioned = { version: CONTENT_DETAIL_HEADER_VERSION };

/** The statements one call sends, and its answer. */
async function counted<T>(call: () => Promise<{ body: { code: number; data: T } }>) {
  const before = statements;
  const { body } = await call();
  expect(body.code).toBe(SUCCESS);
  return { data: body.data, statements: statements - before };
}

describe("a reader's shared reads", () => {
  it('sends two statements for a first feed page once the visitors’ page is cached (the session and the reader’s own), then one', async () => {
    const reader = await signedInUser(app, (await testDatabase()).db, 'reader-state-feed');
    const { cookies } = reader;
    // A visitor's first page fills the cache; the reader's page at the same bound shares it.
    const visitor = await counted(() => inject(contract.content.moreRecommend, { limit: 20 }));
    const page = await counted(() => inject(contract.content.moreRecommend, { limit: 20 }, { cookies }));
    expect(page.statements).toBe(2);
    expect(page.data.list.map((c) => c.contentId)).toEqual(visitor.data.list.map((c) => c.contentId));
    // Next page, by the reader's own cursor: still at most one statement for the shared part.
    const next = await counted(() =>
      inject(contract.content.moreRecommend, { limit: 20, lastId: page.data.lastId as string }, { cookies }),
    );
    expect(next.statements).toBeLessThanOrEqual(3);
    const again = await counted(() =>
      inject(contract.content.moreRecommend, { limit: 20, lastId: page.data.lastId as string }, { cookies }),
    );
    // The node found this session a moment ago: a reader read reuses it (decision 026).
    expect(again.statements).toBe(1);
    expect(again.data.list).toEqual(next.data.list);
  });

  it('shows the reader their light at once, with the new count, while the shared page is cached', async () => {
    const db = (await testDatabase()).db;
    const { cookies } = await signedInUser(app, db, 'reader-state-light');
    const first = await inject(contract.content.moreRecommend, { limit: 20 }, { cookies });
    const target = first.body.data.list.find((c) => !c.isLight) as FeedCard;
    const lit = await inject(
      contract.community.addContentLight,
      { contentId: target.contentId },
      { cookies },
    );
    expect(lit.body.data).toEqual({
      contentId: target.contentId,
      isLight: true,
      lightCount: target.lightCount + 1,
    });
    // Within the second: the visitors' page is still the one read before the light.
    const visitor = await inject(contract.content.moreRecommend, { limit: 20 });
    expect(visitor.body.data.list.find((c) => c.contentId === target.contentId)?.lightCount).toBe(
      target.lightCount,
    );
    const after = await inject(contract.content.moreRecommend, { limit: 20 }, { cookies });
    const card = after.body.data.list.find((c) => c.contentId === target.contentId);
    expect(card).toMatchObject({ isLight: true, lightCount: target.lightCount + 1 });

    // The detail the same way: one statement once the visitors' is cached (the session reused).
    const input = { contentId: target.contentId };
    await inject(contract.content.contentDetail, input, { headers: versioned });
    const detail = await counted(() =>
      inject(contract.content.contentDetail, input, { cookies, headers: versioned }),
    );
    expect(detail.statements).toBe(1);
    expect(detail.data).toMatchObject({ isLight: true, lightCount: target.lightCount + 1 });
    await inject(contract.community.delContentLight, input, { cookies });
    const unlit = await inject(contract.content.contentDetail, input, { cookies, headers: versioned });
    expect(unlit.body.data).toMatchObject({ isLight: false, lightCount: target.lightCount });
  });

  it('reads the detail of a content with products in two statements, the reader’s want shown at once', async () => {
    const db = (await testDatabase()).db;
    const { cookies } = await signedInUser(app, db, 'reader-state-want');
    const [linked] = await db
      .select({ contentId: contentProducts.contentId })
      .from(contentProducts)
      .innerJoin(contents, eq(contents.id, contentProducts.contentId))
      .where(and(visibleContent))
      .limit(1);
    const input = { contentId: (linked as { contentId: number }).contentId };
    const visitor = await counted(() =>
      inject(contract.content.contentDetail, input, { headers: versioned }),
    );
    expect(visitor.data.products.length).toBeGreaterThan(0);
    const spuId = (visitor.data.products[0] as { spuId: number }).spuId;
    const wanted = await inject(contract.commerce.productWant, { spuId, want: true }, { cookies });
    expect(wanted.body.data).toMatchObject({ spuId, isCollection: 1 });
    const detail = await counted(() =>
      inject(contract.content.contentDetail, input, { cookies, headers: versioned }),
    );
    expect(detail.statements).toBe(2);
    expect(detail.data.products.find((p) => p.spuId === spuId)?.isCollection).toBe(1);
    // Everything else is the visitors' answer.
    expect({ ...detail.data, products: [] }).toEqual({ ...visitor.data, products: [] });
    expect(detail.data.products.map((p) => p.dpInfo)).toEqual(visitor.data.products.map((p) => p.dpInfo));
  });

  it('ranks a followed author’s contents above the shared page and marks the follow on the detail', async () => {
    const db = (await testDatabase()).db;
    const reader = await signedInUser(app, db, 'reader-state-follow');
    // The best card below the first page: any boost lifts it onto the page. Other tests sharing
    // this database publish meanwhile (their new contents fill the top of the feed and can push
    // the first page's last rank past the boost), so a moved first page is tried again.
    let author = 0;
    let page = await inject(contract.content.moreRecommend, { limit: 20 }, { cookies: reader.cookies });
    for (let attempt = 0; attempt < 3; attempt++) {
      const visitor = await inject(contract.content.moreRecommend, { limit: 20, lastId: undefined });
      const deep = await inject(contract.content.moreRecommend, {
        limit: 20,
        lastId: visitor.body.data.lastId as string,
      });
      author = (deep.body.data.list[0] as FeedCard).author.userId;
      await db
        .insert(follows)
        .values({ followerId: reader.userId, followeeId: author })
        .onConflictDoNothing();
      page = await inject(contract.content.moreRecommend, { limit: 20 }, { cookies: reader.cookies });
      if (page.body.data.list.some((c) => c.author.userId === author)) break;
    }
    expect(page.body.data.list.some((c) => c.author.userId === author)).toBe(true);
    const contentId = (page.body.data.list.find((c) => c.author.userId === author) as FeedCard).contentId;
    const detail = await inject(
      contract.content.contentDetail,
      { contentId },
      { cookies: reader.cookies, headers: versioned },
    );
    expect(detail.body.data.author).toMatchObject({ userId: author, isFollowing: true, isSelf: false });
  });

  it('walks the same cards, in the same order, as ranking every content with the follow boost', async () => {
    const db = (await testDatabase()).db;
    const reader = await signedInUser(app, db, 'reader-state-walk');
    // Three authors of cards two to four pages down: their boost lifts them across the pages.
    const visitorPages: FeedCard[] = [];
    let lastId: string | undefined;
    for (let page = 0; page < 4; page++) {
      const { body } = await inject(contract.content.moreRecommend, { limit: 20, lastId });
      visitorPages.push(...body.data.list);
      lastId = body.data.lastId ?? undefined;
    }
    const authors = [...new Set(visitorPages.slice(30).map((c) => c.author.userId))].slice(0, 3);
    await db.insert(follows).values(authors.map((followeeId) => ({ followerId: reader.userId, followeeId })));
    const walked: number[] = [];
    lastId = undefined;
    for (let page = 0; page < 6; page++) {
      const input: RequestOf<typeof contract.content.moreRecommend> = { limit: 20, lastId };
      const response = await inject(contract.content.moreRecommend, input, { cookies: reader.cookies });
      const data: ResponseOf<typeof contract.content.moreRecommend> = response.body.data;
      expect(data.list.length).toBeGreaterThan(0);
      walked.push(...data.list.map((c: FeedCard) => c.contentId));
      lastId = data.lastId ?? undefined;
    }
    const ranked = await db
      .select({ id: contents.id, hot: contents.hotScore, author: contents.authorId })
      .from(contents)
      .where(visibleContent);
    const boosted = ranked
      .map((r) => ({ id: r.id, rank: r.hot + (authors.includes(r.author) ? FOLLOW_BOOST : 0) }))
      .sort((a, b) => b.rank - a.rank || b.id - a.id);
    expect(walked).toEqual(boosted.slice(0, walked.length).map((r) => r.id));
    expect(walked.length).toBeGreaterThanOrEqual(80);
  });

  it('answers readers’ concurrent pages in shared statements, each reader their own page', async () => {
    const db = (await testDatabase()).db;
    const follower = await signedInUser(app, db, 'reader-state-batch-follower');
    const plain = await signedInUser(app, db, 'reader-state-batch-plain');
    // Followed authors whose boost reorders the first three pages: where the seed's hot scores
    // lie more than the boost apart, following an arbitrary author can leave the pages as they are.
    const ranked = await db
      .select({ id: contents.id, hot: contents.hotScore, author: contents.authorId })
      .from(contents)
      .where(visibleContent);
    const firstPages = (followed: number[]) =>
      ranked
        .map((r) => ({ id: r.id, rank: r.hot + (followed.includes(r.author) ? FOLLOW_BOOST : 0) }))
        .sort((a, b) => b.rank - a.rank || b.id - a.id)
        .slice(0, 60)
        .map((r) => r.id)
        .join();
    const unboosted = firstPages([]);
    const authors: number[] = [];
    for (const author of new Set(ranked.map((r) => r.author))) {
      if (authors.length === 3) break;
      if (firstPages([author]) !== unboosted) authors.push(author);
    }
    expect(authors.length).toBeGreaterThan(0);
    await db
      .insert(follows)
      .values(authors.map((followeeId) => ({ followerId: follower.userId, followeeId })));
    // Each reader's first three pages of the feed and of the hot videos, one call at a time.
    type Call = { cookies: Record<string, string>; video: boolean; lastId: string | undefined };
    const ask = (call: Call) =>
      inject(
        call.video ? contract.content.hotVideoList : contract.content.moreRecommend,
        { limit: 20, lastId: call.lastId },
        { cookies: call.cookies },
      ).then((response) => response.body.data as ResponseOf<typeof contract.content.moreRecommend>);
    const calls: Call[] = [];
    const alone: unknown[] = [];
    for (const { cookies } of [follower, plain])
      for (const video of [false, true]) {
        let cursor: string | undefined;
        for (let page = 0; page < 3; page++) {
          const call = { cookies, video, lastId: cursor };
          const answer = await ask(call);
          calls.push(call);
          alone.push(answer);
          cursor = answer.lastId ?? undefined;
          if (!cursor) break;
        }
      }
    expect(calls.length).toBeGreaterThanOrEqual(8);
    // The same calls twice over, all at once: the same answers, in at most three statements per
    // list (two runs start alone, two at a time; the rest wait and share the next).
    const before = readerBatches;
    const together = await Promise.all([...calls, ...calls].map(ask));
    expect(together).toEqual([...alone, ...alone]);
    expect(readerBatches - before).toBeLessThanOrEqual(6);
    expect(calls.length * 2).toBeGreaterThanOrEqual(16);
    // The follower's pages differ from the plain reader's (their followed authors ranked higher):
    // so equal answers above mean no page went to the other reader.
    const plainFrom = calls.findIndex((c) => c.cookies === plain.cookies);
    expect(alone.slice(0, plainFrom)).not.toEqual(alone.slice(plainFrom));
  });

  it('reads a reply-list page with the reader’s own marks in one statement, their reply and its deletion at once', async () => {
    const db = (await testDatabase()).db;
    const { userId, cookies } = await signedInUser(app, db, 'reader-state-replies');
    const input = { contentId: 1888, limit: 10 };
    const visitor = await counted(() => inject(contract.community.replyList, input));
    const first = await counted(() => inject(contract.community.replyList, input, { cookies }));
    expect(first.statements).toBe(2);
    const again = await counted(() => inject(contract.community.replyList, input, { cookies }));
    expect(again.statements).toBe(1);
    expect(again.data).toEqual(visitor.data);

    const added = await inject(
      contract.community.replyAdd,
      { requestId: randomUUID(), contentId: 1888, content: '我的评论' },
      { cookies },
    );
    const replyId = added.body.data.reply.replyId;
    // The visitors' page is still the one read before the reply; the writer's is fresh.
    expect((await inject(contract.community.replyList, input)).body.data.replyCount).toBe(
      visitor.data.replyCount,
    );
    const mine = await inject(contract.community.replyList, input, { cookies });
    expect(mine.body.data.replyCount).toBe(visitor.data.replyCount + 1);
    expect(mine.body.data.list[0]).toMatchObject({ replyId, isSelf: true, author: { userId } });

    await inject(contract.community.replyDelete, { replyId }, { cookies });
    const gone = await inject(contract.community.replyList, input, { cookies });
    expect(gone.body.data.replyCount).toBe(visitor.data.replyCount);
    expect(gone.body.data.list.some((r: { replyId: number }) => r.replyId === replyId)).toBe(false);
  });
});
