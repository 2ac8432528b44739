import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { BAD_REQUEST, FEEDBACK_IMAGE_NOT_OWNED, FEEDBACK_OPTION_INVALID, SUCCESS, TOURIST } from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchIdeas } from '../../db/schema';
import { SEED_SEARCH_IDEA_CONFIG } from '../../db/seed/feedback-seed';
import { createTestApp, signedInUser, storedObjectOf, type TestApp } from '../../test-utils';
import { FEEDBACK_MESSAGES } from './messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idea = (overrides: Record<string, unknown> = {}) => ({
  keyword: '  复古跑鞋 ',
  optionIds: [1, 3],
  content: '想搜到更多复古跑鞋的穿搭',
  images: [] as { key: string }[],
  requestId: randomUUID(),
  ...overrides,
});

const rowsOf = (userId: number) => t.db.select().from(searchIdeas).where(eq(searchIdeas.userId, userId));

describe('search-idea-config', () => {
  it('answers the seeded title, placeholder, options and the limits', async () => {
    const { cookies } = await signedInUser(t.app, t.db);
    const res = await t.signedInject(contract.feedback.searchIdeaConfig, { keyword: '跑鞋' }, { cookies });
    expect(res.body).toMatchObject({
      code: SUCCESS,
      data: { ...SEED_SEARCH_IDEA_CONFIG, maxImages: 4, maxText: 500 },
    });
  });

  it('refuses a visitor with 7999', async () => {
    const res = await t.signedInject(contract.feedback.searchIdeaConfig, {});
    expect(res.body.code).toBe(TOURIST);
    const upload = await t.signedInject(contract.feedback.searchIdeaUpload, idea());
    expect(upload.body.code).toBe(TOURIST);
  });
});

describe('search-idea-upload', () => {
  it('stores one row per requestId, with the evidence keys; a retry answers the same idea', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const key = await storedObjectOf(t.db, userId);
    const input = idea({ images: [{ key }] });
    const first = await t.signedInject(contract.feedback.searchIdeaUpload, input, { cookies });
    expect(first.body.code).toBe(SUCCESS);
    const [again, twin] = await Promise.all([
      t.signedInject(contract.feedback.searchIdeaUpload, input, { cookies }),
      t.signedInject(contract.feedback.searchIdeaUpload, input, { cookies }),
    ]);
    expect(again.body.data).toEqual(first.body.data);
    expect(twin.body.data).toEqual(first.body.data);
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ keyword: '复古跑鞋', optionIds: [1, 3], images: [key] });
    // A new request is a new idea.
    const second = await t.signedInject(contract.feedback.searchIdeaUpload, idea(), { cookies });
    expect(second.body.data.ideaId).not.toBe(first.body.data.ideaId);
    expect(await rowsOf(userId)).toHaveLength(2);
  });

  it('refuses an option the config does not offer, naming it', async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const res = await t.signedInject(contract.feedback.searchIdeaUpload, idea({ optionIds: [1, 77] }), {
      cookies,
    });
    expect(res.body).toMatchObject({
      code: FEEDBACK_OPTION_INVALID,
      msg: FEEDBACK_MESSAGES.optionInvalid(77),
    });
    expect(await rowsOf(userId)).toHaveLength(0);
  });

  it("refuses another user's image, naming the key", async () => {
    const { userId, cookies } = await signedInUser(t.app, t.db);
    const stranger = await signedInUser(t.app, t.db, 'stranger');
    const key = await storedObjectOf(t.db, stranger.userId);
    const res = await t.signedInject(contract.feedback.searchIdeaUpload, idea({ images: [{ key }] }), {
      cookies,
    });
    expect(res.body).toMatchObject({
      code: FEEDBACK_IMAGE_NOT_OWNED,
      msg: FEEDBACK_MESSAGES.imageNotOwned(key),
    });
    expect(await rowsOf(userId)).toHaveLength(0);
  });

  it('refuses empty content with 400 naming the field', async () => {
    const { cookies } = await signedInUser(t.app, t.db);
    const res = await t.signedInject(contract.feedback.searchIdeaUpload, idea({ content: '   ' }), {
      cookies,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(BAD_REQUEST);
    expect(res.body.msg).toMatch(/^content:/);
  });
});
