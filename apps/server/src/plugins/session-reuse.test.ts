import { contract, type FeedCard } from '@h5/contract';
import { SUCCESS, TOKEN_EXPIRED } from '@h5/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { countingDb } from '../db/client';
import { signedInjector, signedInUser, testDatabase, testEnv } from '../test-utils';

// Decision 026: two nodes on one database. A reader read (the feed) reuses a session its node
// found within SESSION_READ_REUSE_MS; anything else looks it up each time.
const REUSE_MS = 400;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let statementsA = 0;
let callA: ReturnType<typeof signedInjector>;
let callB: ReturnType<typeof signedInjector>;
beforeAll(async () => {
  const database = await testDatabase();
  const env = testEnv({ SESSION_READ_REUSE_MS: String(REUSE_MS) });
  nodeA = await buildApp({ env, db: countingDb(database, () => void statementsA++) });
  nodeB = await buildApp({ env, db: database.db });
  callA = signedInjector(nodeA, env.SIGN_SECRET);
  callB = signedInjector(nodeB, env.SIGN_SECRET);
});
afterAll(async () => {
  await nodeA.close();
  await nodeB.close();
});

/** The reader's first feed page on node A: is the lit card marked (read as the reader)? */
async function readsAsReader(cookies: Record<string, string>, contentId: number) {
  const before = statementsA;
  const { body } = await callA(contract.content.moreRecommend, { limit: 20 }, { cookies });
  expect(body.code).toBe(SUCCESS);
  const card = body.data.list.find((c: FeedCard) => c.contentId === contentId) as FeedCard;
  return { asReader: card.isLight, statements: statementsA - before };
}

describe('session reuse for reader reads (decision 026)', () => {
  it('reuses a live session on its node, ends it there at a logout, and elsewhere within the window', async () => {
    const db = (await testDatabase()).db;
    const reader = await signedInUser(nodeA, db, 'session-reuse');
    const { cookies } = reader;
    const first = await callA(contract.content.moreRecommend, { limit: 20 }, { cookies });
    const target = (first.body.data.list as FeedCard[])[0] as FeedCard;
    expect(
      (await callB(contract.community.addContentLight, { contentId: target.contentId }, { cookies })).body
        .code,
    ).toBe(SUCCESS);
    // Looked up, then reused: the reader's own statement only.
    expect(await readsAsReader(cookies, target.contentId)).toMatchObject({ asReader: true });
    expect(await readsAsReader(cookies, target.contentId)).toEqual({ asReader: true, statements: 1 });

    // A logout on node B: node A's other calls see it at once…
    expect((await callB(contract.auth.logout, {}, { cookies })).body.code).toBe(SUCCESS);
    expect((await callA(contract.auth.me, {}, { cookies })).body.code).toBe(TOKEN_EXPIRED);
    // …its reader reads within the window (public contents with the user's own marks)…
    expect((await readsAsReader(cookies, target.contentId)).asReader).toBe(true);
    // …and not after it: a visitor's page.
    await new Promise((resolve) => setTimeout(resolve, REUSE_MS + 50));
    expect((await readsAsReader(cookies, target.contentId)).asReader).toBe(false);
    expect((await readsAsReader(cookies, target.contentId)).asReader).toBe(false);
  });

  it('ends the reuse at once on the node that logs the session out', async () => {
    const db = (await testDatabase()).db;
    const { cookies } = await signedInUser(nodeA, db, 'session-reuse-same-node');
    const first = await callA(contract.content.moreRecommend, { limit: 20 }, { cookies });
    const target = (first.body.data.list as FeedCard[])[1] as FeedCard;
    await callA(contract.community.addContentLight, { contentId: target.contentId }, { cookies });
    expect((await readsAsReader(cookies, target.contentId)).asReader).toBe(true);
    expect((await callA(contract.auth.logout, {}, { cookies })).body.code).toBe(SUCCESS);
    expect((await readsAsReader(cookies, target.contentId)).asReader).toBe(false);
  });
});
