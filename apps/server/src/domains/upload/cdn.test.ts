import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { hmacSha1 } from './policy';
import {
  authToken,
  createUploadTestApp,
  postObject,
  requestToken,
  type UploadTestApp,
} from './upload-test-kit';

let t: UploadTestApp;
const PROCESS = 'x-oss-process=image/resize,w_1005/quality,q_75/format,webp';

beforeAll(async () => {
  t = await createUploadTestApp();
});
afterAll(() => t.close());

/** The status of a GET sent with its path exactly as given. */
const rawStatus = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(t.base);
    request({ hostname, port, path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });

const cacheFiles = () =>
  readdirSync(join(t.dataDir, 'cdn-cache'), { recursive: true }).filter((name) => String(name).length > 10);

describe('CDN', () => {
  it('serves an uploaded JPEG resized to 1005 wide as webp, from the cache the second time, with ETag/304', async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    const token = await authToken(t);
    const key = `${token.startsWith}wide.jpg`;
    expect((await postObject(token, key, jpeg, {}, 'image/jpeg')).status).toBe(200);

    const first = await fetch(`${t.base}/cdn/${key}?${PROCESS}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1005 });
    expect([502, 503]).toContain(meta.height);
    const cached = cacheFiles();
    expect(cached).toHaveLength(1);

    const second = await fetch(`${t.base}/cdn/${key}?${PROCESS}`);
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(cacheFiles()).toEqual(cached);
    const etag = second.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}-[0-9a-f]{16}"$/);
    expect(
      (await fetch(`${t.base}/cdn/${key}?${PROCESS}`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
  });

  it('refuses a resize box over 4096 (each size is a cached variant: they stay few)', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const token = await authToken(t);
    const key = `${token.startsWith}bounded.png`;
    await postObject(token, key, png);
    const res = await fetch(`${t.base}/cdn/${key}?x-oss-process=image/resize,w_5000`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'InvalidArgument' });
    expect((await fetch(`${t.base}/cdn/${key}?x-oss-process=image/resize,w_4096`)).status).toBe(200);
  });

  it('never enlarges', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00aa55' } })
      .png()
      .toBuffer();
    const token = await authToken(t);
    const key = `${token.startsWith}small.png`;
    await postObject(token, key, png);
    const res = await fetch(`${t.base}/cdn/${key}?${PROCESS}`);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 200,
    });
  });

  it('serves a GIF untouched, whatever the process asks', async () => {
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    const token = await authToken(t);
    const key = `${token.startsWith}anim.gif`;
    await postObject(token, key, gif, {}, 'image/gif');
    const res = await fetch(`${t.base}/cdn/${key}?${PROCESS}`);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.from(await res.arrayBuffer()).equals(gif)).toBe(true);
  });

  it('refuses a private object without a signature; serves it with a signed URL or to its owner', async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.id, 2));
    const owner = await t.app.deps.sessions.create((user as { id: number }).id);
    const res = await requestToken(
      t,
      'app',
      { appId: 'community-h5-private', fileName: 'p.png', type: 'image', folder: 'private' },
      { 'x-auth-token': owner.xAuthToken },
    );
    const token = res.data;
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const key = `${token.startsWith}secret.png`;
    expect((await postObject(token, key, png)).status).toBe(200);
    const url = `${t.base}/cdn/${key}`;

    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ code: 'AccessDenied' });

    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = hmacSha1(token.accessKeySecret, `GET\n\n\n${expires}\n/${token.bucket}/${key}`);
    const signed = `${url}?OSSAccessKeyId=${encodeURIComponent(token.accessKeyId)}&Expires=${expires}&Signature=${encodeURIComponent(signature)}`;
    const ok = await fetch(signed);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toMatch(/^private/);
    expect(Buffer.from(await ok.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(signed.replace(/Signature=[^&]+/, 'Signature=AAAA'))).status).toBe(403);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = hmacSha1(token.accessKeySecret, `GET\n\n\n${past}\n/${token.bucket}/${key}`);
    expect(
      (
        await fetch(
          `${url}?OSSAccessKeyId=${token.accessKeyId}&Expires=${past}&Signature=${encodeURIComponent(expired)}`,
        )
      ).status,
    ).toBe(403);

    expect((await fetch(url, { headers: { 'x-auth-token': owner.xAuthToken } })).status).toBe(200);
    const stranger = await t.app.deps.sessions.create(1);
    expect((await fetch(url, { headers: { 'x-auth-token': stranger.xAuthToken } })).status).toBe(403);
  });

  it('answers 404 for a missing key and 400 for a key trick; seed art still wins', async () => {
    expect((await fetch(`${t.base}/cdn/community-h5/nothing-here.png`)).status).toBe(404);
    // Raw HTTP: fetch's URL parser would resolve %2e%2e before sending it.
    for (const path of [
      '/cdn/community-h5/%2e%2e/x',
      '/cdn/community-h5/a%5cb',
      '/cdn/community-h5//x',
      '/cdn/%00',
    ]) {
      expect(await rawStatus(path), path).toBe(400);
    }
    const seed = await fetch(`${t.base}/cdn/seed/c1-1.svg?w=100&h=100`);
    expect(seed.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});
