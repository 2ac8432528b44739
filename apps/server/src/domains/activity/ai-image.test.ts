import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { activities, aiImageBlocklist, aiImageClaims } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { recordObject } from '../upload/objects';
import { differenceHash } from './ai-review';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.app, t.db, 'ai-520');
  await openWindow(-1, 10);
});
afterAll(async () => {
  await t.db
    .update(activities)
    .set({ startsAt: new Date('2025-01-01T00:00:00+08:00'), endsAt: new Date('2030-12-31T23:59:59+08:00') })
    .where(eq(activities.code, '520'));
  await t.close();
});

const HOUR = 3_600_000;
const create = contract.activity.aiImageCreate;
const NEW_APP = { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile/15E148 CommunityApp/5.26.1' };
const OLD_APP = { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile/15E148 CommunityApp/5.10.0' };

async function openWindow(fromHours: number, toHours: number) {
  const now = Date.now();
  await t.db
    .update(activities)
    .set({ startsAt: new Date(now + fromHours * HOUR), endsAt: new Date(now + toHours * HOUR) })
    .where(eq(activities.code, '520'));
}

/**
 * A photo-like JPEG, `width`×`height`: a 9×8 grid of colour cells (every row's nine levels distinct
 * and shuffled, so each picture has its own fingerprint that resizing keeps) with a little grain.
 */
async function photo(width: number, height: number): Promise<Buffer> {
  const levels = Array.from({ length: 8 }, () =>
    Array.from({ length: 9 }, (_, i) => i * 28 + 8).sort(() => Math.random() - 0.5),
  );
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const level = levels[Math.floor((y * 8) / height)]?.[Math.floor((x * 9) / width)] ?? 0;
      const i = (y * width + x) * 3;
      pixels[i] = level;
      pixels[i + 1] = Math.min(255, level + Math.floor(Math.random() * 6));
      pixels[i + 2] = level;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e0e0e0' } })
    .jpeg()
    .toBuffer();

/** Stores `bytes` as an upload of `userId` (what the storage host records) and returns its key. */
async function upload(bytes: Buffer, userId: number): Promise<string> {
  const key = `community-h5/activity-test/u${userId}/${randomBytes(8).toString('hex')}.jpg`;
  const store = t.app.deps.store;
  const info = await store.put('community-h5', key, Readable.from(bytes), { contentType: 'image/jpeg' });
  await recordObject(
    t.db,
    store,
    {
      bucket: 'community-h5',
      key,
      contentType: 'image/jpeg',
      acl: 'public-read',
      appId: 'community-h5',
      userId,
    },
    info,
  );
  return key;
}

describe('520 AI image', () => {
  it('turns an uploaded photo into a styled 720×720 JPEG stored for the user', async () => {
    const key = await upload(await photo(640, 480), user.userId);
    const res = await t.signedInject(
      create,
      { imageKey: key, style: 'sweet' },
      { cookies: user.cookies, headers: NEW_APP },
    );
    expect(res.body.code).toBe(SUCCESS);
    const resultUrl = res.body.data?.resultUrl as string;
    expect(resultUrl).toMatch(/^\/cdn\/community-h5\/activity-520\/u\d+\/[\w-]+\.jpg$/);
    const served = await t.app.inject({ url: resultUrl });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 720, 720]);
    const rows = rowsOf<{ style: string; source_key: string }>(
      await t.db.execute(sql`SELECT style, source_key FROM ai_images WHERE user_id = ${user.userId}`),
    );
    expect(rows).toEqual([{ style: 'sweet', source_key: key }]);
  });

  it('lets a phone browser through and refuses an app older than 5.20.0 with 201150107', async () => {
    const key = await upload(await photo(400, 400), user.userId);
    const browser = await t.signedInject(create, { imageKey: key, style: 'film' }, { cookies: user.cookies });
    expect(browser.body.code).toBe(SUCCESS);
    const old = await t.signedInject(
      create,
      { imageKey: key, style: 'film' },
      { cookies: user.cookies, headers: OLD_APP },
    );
    expect(old.body).toMatchObject({ code: 201150107, msg: '请升级到新版本使用 AI 功能' });
  });

  it('refuses a small, a one-colour and a blocked photo with 201150102 and the reason', async () => {
    const small = await upload(await photo(200, 300), user.userId);
    const uniform = await upload(await solid(600, 600), user.userId);
    const blockedBytes = await photo(500, 500);
    const blocked = await upload(blockedBytes, user.userId);
    // The block list holds the fingerprint of a re-encoded, resized copy: the same picture.
    const copy = await sharp(blockedBytes).resize(300, 300).png().toBuffer();
    await t.db.insert(aiImageBlocklist).values({ hash: await differenceHash(copy), reason: '测试屏蔽' });
    const msgs = [];
    for (const imageKey of [small, uniform, blocked]) {
      const res = await t.signedInject(create, { imageKey, style: 'comic' }, { cookies: user.cookies });
      msgs.push(
        `${res.body.code} ${res.body.msg} | ${(res.body.data as { reason?: string } | null)?.reason}`,
      );
    }
    expect(msgs).toEqual([
      '201150102 用户图片审核未通过：图片太小，宽和高都需不少于 256 像素 | 图片太小，宽和高都需不少于 256 像素',
      '201150102 用户图片审核未通过：图片几乎是一种颜色，看不出内容 | 图片几乎是一种颜色，看不出内容',
      '201150102 用户图片审核未通过：图片在屏蔽列表中 | 图片在屏蔽列表中',
    ]);
  });

  it('refuses a generated picture on the block list with 201150103', async () => {
    const bytes = await photo(500, 400);
    const key = await upload(bytes, user.userId);
    const first = await t.signedInject(create, { imageKey: key, style: 'comic' }, { cookies: user.cookies });
    expect(first.body.code).toBe(SUCCESS);
    const made = await t.app.inject({ url: first.body.data?.resultUrl as string });
    await t.db
      .insert(aiImageBlocklist)
      .values({ hash: await differenceHash(made.rawPayload), reason: '测试屏蔽' });
    const again = await t.signedInject(create, { imageKey: key, style: 'comic' }, { cookies: user.cookies });
    expect(again.body).toMatchObject({
      code: 201150103,
      msg: '生成的图片审核未通过：图片在屏蔽列表中',
      data: { reason: '图片在屏蔽列表中' },
    });
  });

  it('makes one picture at a time per user: concurrent asks get 201150104', async () => {
    const racer = await signedInUser(t.app, t.db, 'ai-racer');
    const key = await upload(await photo(600, 600), racer.userId);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.signedInject(create, { imageKey: key, style: 'film' }, { cookies: racer.cookies }),
      ),
    );
    const codes = results.map((res) => res.body.code).sort();
    expect(codes).toEqual([200, 201150104, 201150104, 201150104, 201150104]);
    expect(results.find((res) => res.body.code === 201150104)?.body.msg).toBe('操作太快了，请稍后再试');
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM ai_images WHERE user_id = ${racer.userId}`),
    );
    expect(rows[0]?.n).toBe(1);
    const after = await t.signedInject(create, { imageKey: key, style: 'sweet' }, { cookies: racer.cookies });
    expect(after.body.code).toBe(200);
  });

  it('holds the one picture across processes: while one server makes it, both refuse the rest', async () => {
    // A second server on the same database: no memory shared with the first, as two nodes.
    const other = await createTestApp();
    try {
      const racer = await signedInUser(t.app, t.db, 'ai-two-nodes');
      // A large photo: its picture takes long enough to race against.
      const key = await upload(await photo(2400, 2400), racer.userId);
      await other.signedInject(contract.auth.me, {}, { cookies: racer.cookies });
      const ask = (server: TestApp) =>
        server.signedInject(create, { imageKey: key, style: 'film' }, { cookies: racer.cookies });
      const first = ask(t);
      // Once the first server holds the claim, asks on both servers meet it.
      while (
        rowsOf(await t.db.execute(sql`SELECT 1 FROM ai_image_claims WHERE user_id = ${racer.userId}`))
          .length === 0
      )
        await new Promise((resolve) => setTimeout(resolve, 2));
      const rest = await Promise.all([other, t, other, t, other].map(ask));
      expect([(await first).body.code, ...rest.map((res) => res.body.code)]).toEqual([
        200, 201150104, 201150104, 201150104, 201150104, 201150104,
      ]);
      const rows = rowsOf<{ made: number; claims: number }>(
        await t.db.execute(sql`SELECT (SELECT count(*)::int FROM ai_images WHERE user_id = ${racer.userId}) AS made,
          (SELECT count(*)::int FROM ai_image_claims WHERE user_id = ${racer.userId}) AS claims`),
      );
      expect(rows[0]).toEqual({ made: 1, claims: 0 });
    } finally {
      await other.close();
    }
  });

  it("refuses while another process's claim is live and takes over one past its lease", async () => {
    const racer = await signedInUser(t.app, t.db, 'ai-claimed');
    const key = await upload(await photo(500, 500), racer.userId);
    await t.db.insert(aiImageClaims).values({ userId: racer.userId, token: 'another-node' });
    const refused = await t.signedInject(
      create,
      { imageKey: key, style: 'film' },
      { cookies: racer.cookies },
    );
    expect(refused.body).toMatchObject({ code: 201150104, msg: '操作太快了，请稍后再试' });
    // The claimant died 121 s ago: the lease (120 s) is over.
    await t.db.execute(
      sql`UPDATE ai_image_claims SET claimed_at = now() - interval '121 seconds' WHERE user_id = ${racer.userId}`,
    );
    const made = await t.signedInject(create, { imageKey: key, style: 'film' }, { cookies: racer.cookies });
    expect(made.body.code).toBe(200);
    const left = rowsOf<{ n: number }>(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM ai_image_claims WHERE user_id = ${racer.userId}`),
    );
    expect(left[0]?.n).toBe(0);
  });

  it("refuses another user's photo and outside the 520 window", async () => {
    const other = await signedInUser(t.app, t.db, 'ai-other');
    const theirs = await upload(await photo(400, 400), other.userId);
    const foreign = await t.signedInject(
      create,
      { imageKey: theirs, style: 'sweet' },
      { cookies: user.cookies },
    );
    expect(foreign.body).toMatchObject({ code: 404, msg: '照片不存在或不是你上传的图片，请重新上传' });
    const mine = await upload(await photo(400, 400), user.userId);
    await openWindow(-10, -1);
    const ended = await t.signedInject(create, { imageKey: mine, style: 'sweet' }, { cookies: user.cookies });
    expect(ended.body.code).toBe(202010009);
    await openWindow(1, 10);
    const early = await t.signedInject(create, { imageKey: mine, style: 'sweet' }, { cookies: user.cookies });
    expect(early.body.code).toBe(202010008);
    await openWindow(-1, 10);
  });
});
