import { type ContentType, contentDetailSchema, contract } from '@h5/contract';
import { NOT_FOUND, SUCCESS, TOURIST } from '@h5/core';
import { buildRequest } from '@h5/request';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../../db/schema';
import { badRequestBody, createTestApp, signedInUser, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const firstOfType = async (contentType: ContentType) => {
  const [row] = await t.db
    .select()
    .from(contents)
    .where(eq(contents.contentType, contentType))
    .orderBy(asc(contents.id))
    .limit(1);
  return row as typeof contents.$inferSelect;
};
// Spec §7: content-detail carries the header version, 4.83.0 (spec §9).
const headers = { version: '4.83.0' };

describe('content-detail', () => {
  it('answers each of the four types from the database', async () => {
    for (const type of [0, 1, 2, 3] as const) {
      const row = await firstOfType(type);
      const res = await t.signedInject(contract.content.contentDetail, { contentId: row.id }, { headers });
      expect(res.body.code).toBe(SUCCESS);
      const data = contentDetailSchema.parse(res.body.data);
      expect(data).toMatchObject({
        contentId: row.id,
        contentType: type,
        title: row.title,
        lightCount: row.lightCount,
        replyCount: row.replyCount,
        isLight: false,
        createdAt: row.createdAt.getTime(),
      });
      expect(data.images).toEqual(row.images);
      expect(data.video === null).toBe(type !== 1);
      if (type === 1) expect(data.video?.url).toBe(row.videoUrl);
      expect(data.text).toBe(type === 3 ? '' : row.body);
      expect(data.article.length > 0).toBe(type === 3);
    }
  });

  it('turns a RichText article into sanitised HTML and product cards with their data', async () => {
    const row = await firstOfType(3);
    const res = await t.signedInject(
      contract.content.contentDetail,
      { contentId: row.id },
      { headers: { ...headers, video: '0' } },
    );
    const data = contentDetailSchema.parse(res.body.data);
    const blocks = data.article.filter((b) => b.kind === 'product');
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const block of blocks) {
      const card = data.products.find((p) => p.spuId === block.spuId);
      expect(card).toMatchObject({ isCollection: 0, dpInfo: { score: expect.any(Number) } });
      expect(card?.title).not.toBe('');
    }
    // The first RichText carries the seeded script payloads: none survives.
    const html = data.article.map((b) => (b.kind === 'html' ? b.html : '')).join('');
    expect(row.body).toContain('<script>');
    expect(html).not.toMatch(/<script|onload=|onclick=|javascript:/i);
    expect(html).toContain('<img');
  });

  it('refuses a call without the version header, or with one older than 4.83.0, naming the header', async () => {
    const row = await firstOfType(0);
    const wire = buildRequest(contract.content.contentDetail, { contentId: row.id }, t.env.SIGN_SECRET);
    expect(wire.headers).toEqual({ version: '4.83.0' });
    const call = (version?: string) =>
      t.app.inject({ method: 'GET', url: wire.url, headers: version === undefined ? {} : { version } });
    const missing = await call();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(badRequestBody('version: 须为请求头中的版本号 x.y.z（如 4.83.0）'));
    expect((await call('latest')).json().msg).toBe('version: 须为请求头中的版本号 x.y.z（如 4.83.0）');
    const old = await call('4.82.9');
    expect(old.statusCode).toBe(400);
    expect(old.json().msg).toBe('version: content-detail 需要 4.83.0 或更高的版本，收到 4.82.9');
    expect((await call('4.83.0')).json().code).toBe(SUCCESS);
    expect((await call('5.0.0')).json().code).toBe(SUCCESS);
    // The optional video flag of spec §7.
    const video = await t.app.inject({
      method: 'GET',
      url: wire.url,
      headers: { version: '4.83.0', video: '1' },
    });
    expect(video.json().code).toBe(SUCCESS);
  });

  it('links a RichText article to a column, a trend and a news (the jump pages of keys 8, 3, 4)', async () => {
    const row = await firstOfType(3);
    const res = await t.signedInject(contract.content.contentDetail, { contentId: row.id });
    const html = contentDetailSchema
      .parse(res.body.data)
      .article.map((b) => (b.kind === 'html' ? b.html : ''))
      .join('');
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      expect.stringMatching(/^\/community\/posts\?postsId=\d+$/),
      expect.stringMatching(/^\/community\/trend\?trendId=\d+$/),
      expect.stringMatching(/^\/community\/news\?newsId=\d+$/),
    ]);
  });

  it('names the content’s category (its topic: jump key 29), so the page needs no table of names', async () => {
    const [platformRules] = await t.db.select().from(contents).where(eq(contents.category, 6)).limit(1);
    const res = await t.signedInject(contract.content.contentDetail, { contentId: platformRules?.id ?? 0 });
    expect(res.body.data).toMatchObject({ category: 6, categoryName: '平台规则' });
    const [hot] = await t.db.select().from(contents).where(eq(contents.category, 0)).limit(1);
    const hotRes = await t.signedInject(contract.content.contentDetail, { contentId: hot?.id ?? 0 });
    expect(hotRes.body.data).toMatchObject({ category: 0, categoryName: '热门推荐' });
  });

  it('answers 404 for a missing content and 400 for a bad id', async () => {
    const missing = await t.signedInject(contract.content.contentDetail, { contentId: 2_000_000_000 });
    expect(missing.body.code).toBe(NOT_FOUND);
    const bad = await t.signedInject(contract.content.contentDetail, { contentId: 'x' as unknown as number });
    expect(bad.status).toBe(400);
  });
});

describe('self-content-detail and trend-detail', () => {
  it('gives the caller their own content and refuses another’s', async () => {
    const author = await signedInUser(t.app, t.db, 'detail-author');
    const [own] = await t.db
      .insert(contents)
      .values({ authorId: author.userId, contentType: 2, title: 'mine', body: 'my text' })
      .returning();
    const ownId = (own as { id: number }).id;
    const opts = { cookies: author.cookies };
    const mine = await t.signedInject(contract.content.selfContentDetail, { contentId: ownId }, opts);
    expect(mine.body.data).toMatchObject({ contentId: ownId, title: 'mine', text: 'my text' });

    const other = await firstOfType(0);
    const refused = await t.signedInject(contract.content.selfContentDetail, { contentId: other.id }, opts);
    expect(refused.body.code).toBe(NOT_FOUND);
    const visitor = await t.signedInject(contract.content.selfContentDetail, { contentId: ownId });
    expect(visitor.body.code).toBe(TOURIST);
  });

  it('reads a trend by trendId, for signed-in callers', async () => {
    const user = await signedInUser(t.app, t.db, 'trend-reader');
    const row = await firstOfType(0);
    const res = await t.signedInject(
      contract.content.trendDetail,
      { trendId: row.id },
      { cookies: user.cookies },
    );
    expect(res.body.data).toMatchObject({ contentId: row.id, title: row.title });
    const visitor = await t.signedInject(contract.content.trendDetail, { trendId: row.id });
    expect(visitor.body.code).toBe(TOURIST);
  });
});
