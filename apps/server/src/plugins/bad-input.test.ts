import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { SUCCESS, signParams } from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, replies } from '../db/schema';
import {
  analyticsEvent,
  badRequestBody,
  createTestApp,
  signedInUser,
  TEST_SIGN_SECRET,
  type TestApp,
} from '../test-utils';
import { invokeEndpoint } from './register-endpoint';

/** Issue 11 point 2: the reported requests, each answered with a 400 envelope naming the field. */

let t: TestApp;
let reader: Awaited<ReturnType<typeof signedInUser>>;
let contentId: number;
beforeAll(async () => {
  t = await createTestApp();
  reader = await signedInUser(t.app, t.db, 'bad-input-reader');
  const [row] = await t.db
    .insert(contents)
    .values({ authorId: reader.userId, contentType: 2, title: 'bad input', body: 'body' })
    .returning({ id: contents.id });
  contentId = (row as { id: number }).id;
});
afterAll(() => t.close());

const refusal = badRequestBody;
const TEXT = '不能包含 NUL 或不成对的代理字符';

/** A POST with this exact body text and a sign over `signed` (a deep body cannot be signed: anyone may send it). */
const post = (path: string, payload: string, sign = 'whatever', type = 'application/json') =>
  t.app.inject({ method: 'POST', url: `${path}?sign=${sign}`, headers: { 'content-type': type }, payload });

describe('text the database cannot store', () => {
  it('refuses a NUL in a comment and stores nothing', async () => {
    const res = await t.signedInject(
      contract.community.replyAdd,
      { contentId, content: 'hi\u0000there', requestId: randomUUID() },
      { cookies: reader.cookies },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(`content: ${TEXT}`));
    expect(await t.db.select().from(replies).where(eq(replies.contentId, contentId))).toEqual([]);
  });

  it('refuses a lone surrogate in telemetry and a NUL in a GET query', async () => {
    const report = await t.signedInject(contract.analytics.reportTelemetry, {
      kind: 'timeout',
      message: 'a\uD800b',
      pageUrl: '/',
    });
    expect(report.status).toBe(400);
    expect(report.body).toEqual(refusal(`message: ${TEXT}`));
    const query = await t.signedInject(contract.config.clientConf, { project: 'x\u0000' });
    expect(query.status).toBe(400);
    expect(query.body).toEqual(refusal(`project: ${TEXT}`));
  });

  it('names a nested field (an evidence image key, an upload token field)', async () => {
    const res = await t.signedInject(
      contract.feedback.searchIdeaUpload,
      { content: 'idea', images: [{ key: 'k\u0000' }], requestId: crypto.randomUUID() },
      { cookies: reader.cookies },
    );
    expect(res.body).toEqual(refusal(`images.0.key: ${TEXT}`));
    const token = await t.signedInject(contract.upload.tokenV2, {
      appId: 'community-h5\u0000',
      fileName: 'a.png',
      type: 'image',
    });
    expect(token.body).toEqual(refusal(`appId: ${TEXT}`));
  });

  it('refuses it in a form-encoded body too', async () => {
    const body = { kind: 'timeout', message: 'a\u0000b', pageUrl: '/' };
    const res = await post(
      contract.analytics.reportTelemetry.path,
      new URLSearchParams(body).toString(),
      signParams(body, TEST_SIGN_SECRET),
      'application/x-www-form-urlencoded',
    );
    expect(res.json()).toEqual(refusal(`message: ${TEXT}`));
  });

  it('refuses it on in-process (SSR) calls as well', async () => {
    const user = { userId: reader.userId, userName: 'reader', avatar: '' };
    const call = {
      request: {} as never,
      // A session's answer is marked private: the fake reply takes the header.
      reply: { header: () => undefined } as never,
      state: { kind: 'active', session: { sessionId: 0, user } },
      headers: {},
    } as const;
    await expect(
      invokeEndpoint(t.app, t.app.deps, contract.feedback.searchIdeaConfig, { keyword: 'x\u0000' }, call),
    ).rejects.toMatchObject({ httpStatus: 400, message: `keyword: ${TEXT}` });
  });

  it('keeps the collector per event: the bad one rejected with its reason, the good one stored', async () => {
    const good = analyticsEvent();
    const bad = analyticsEvent({ tracker: 'h5\u0000' });
    const res = await t.signedInject(contract.analytics.collectEvents, { events: [good, bad] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      accepted: [good.uuid],
      duplicates: [],
      rejected: [
        { index: 1, uuid: bad.uuid, reason: 'tracker: contains a NUL or an unpaired surrogate character' },
      ],
    });
  });
});

describe('JSON nested 50,000 deep', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('is refused before the sign check (which would overflow the stack), naming the field', async () => {
    const whole = await post(contract.analytics.reportTelemetry.path, deep(50_000));
    expect(whole.statusCode).toBe(400);
    expect(whole.json()).toEqual(refusal('body: JSON 嵌套不能超过 32 层'));
    const field = await post(contract.community.replyAdd.path, `{"contentId":1,"content":${deep(50_000)}}`);
    expect(field.json()).toEqual(refusal('content: JSON 嵌套不能超过 32 层'));
    const beacon = await post(
      contract.analytics.collectEvents.path,
      `{"events":${deep(50_000)}}`,
      'x',
      'text/plain;charset=UTF-8',
    );
    expect(beacon.json()).toEqual(refusal('events: JSON 嵌套不能超过 32 层'));
  });

  it('takes 32 levels and refuses 33, brackets inside strings not counted', async () => {
    const nested = (levels: number) =>
      JSON.parse(`{"v":${'{"a":'.repeat(levels)}"[[[["${'}'.repeat(levels)}}`);
    const write = (value: unknown) => {
      const body = { project: 'bad-input', key: 'deep', value };
      return post(
        contract.config.setClientConf.path,
        JSON.stringify(body),
        signParams(body, TEST_SIGN_SECRET),
      );
    };
    // The body is the first level: a value of 31 nested objects makes 32.
    expect((await write(nested(31).v)).json().code).toBe(SUCCESS);
    expect((await write(nested(32).v)).json()).toEqual(refusal('value: JSON 嵌套不能超过 32 层'));
  });
});

describe('integers past the integer columns', () => {
  it('refuses userId=2147483648, reasonId=±2147483648 and the telemetry cursor', async () => {
    const home = await t.signedInject(contract.community.uhomepageProfile, { userId: 2_147_483_648 });
    expect(home.status).toBe(400);
    expect(home.body).toEqual(refusal('userId: 须为 1 到 2147483647 的整数'));
    const follow = await t.signedInject(
      contract.community.followAdd,
      { userId: '2147483648' },
      { cookies: reader.cookies },
    );
    expect(follow.body).toEqual(refusal('userId: 须为 1 到 2147483647 的整数'));
    for (const reasonId of [2_147_483_648, -2_147_483_648]) {
      const report = await t.signedInject(
        contract.feedback.submitAccuse,
        { targetType: 'content', targetId: String(contentId), reasonId, requestId: crypto.randomUUID() },
        { cookies: reader.cookies },
      );
      expect(report.body).toEqual(refusal('reasonId: 须为 1 到 2147483647 的整数'));
    }
    const list = await t.signedInject(contract.analytics.listTelemetry, { cursor: 2_147_483_648 });
    expect(list.body).toEqual(refusal('cursor: 须为 1 到 2147483647 的整数'));
  });
});

describe('crafted keyset cursors', () => {
  const cursor = (text: string) => Buffer.from(text).toString('base64url');
  const lists = [
    contract.content.moreRecommend,
    contract.content.hotVideoList,
    contract.content.newCommodityContents,
    contract.community.replyList,
    contract.community.fullReplyList,
    contract.community.uhomepageContents,
    contract.content.tagContents,
    contract.community.specialList,
  ] as const;
  const crafted = [
    cursor('999999999999999:1'), // year 33658: past PostgreSQL's ISO input
    cursor('1700000000000:2147483648'),
    cursor('r1e999:1'), // an infinite rank
    cursor('r1:9999999999'),
    'not base64!',
  ];

  it('refuses each on every list route with 400 naming lastId', async () => {
    const ids = { contentId, replyId: 1, userId: reader.userId, tagId: 0 };
    for (const endpoint of lists) {
      for (const lastId of crafted) {
        const res = await t.signedInject(endpoint, { ...ids, lastId } as never, { cookies: reader.cookies });
        expect([endpoint.path, lastId, res.status, res.body]).toEqual([
          endpoint.path,
          lastId,
          400,
          refusal('lastId: 游标无效'),
        ]);
      }
    }
  });
});

describe('the internal client-conf write', () => {
  const write = (value: unknown, key = 'x') =>
    t.signedInject(contract.config.setClientConf, { project: 'bad-input', key, value } as never);

  it('refuses value=null, a NUL in a nested string and a lone surrogate in a key', async () => {
    expect((await write(null)).body).toEqual(refusal('value: 不能为 null'));
    expect((await write({ a: ['ok', 'x\u0000'] })).body).toEqual(refusal(`value.a.1: ${TEXT}`));
    expect((await write({ 'k\uDC00': 1 })).body).toEqual(refusal(`value: ${TEXT}`));
    expect((await write('ok')).body.code).toBe(SUCCESS);
  });
});
