import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, lte } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-utils';
import { renderSeedPhoto, seedPhotoRenders } from './seed-photo';

let t: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'h5-seed-photo-'));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const CSP = "default-src 'none'; frame-ancestors 'self'; sandbox";
const cacheFiles = () =>
  readdirSync(join(dataDir, 'cdn-cache'), { recursive: true }).filter((f) => /[0-9a-f]{64}$/.test(String(f)));

describe('seed photos', () => {
  it('serves a deterministic JPEG of the seeded size, with photo-like weight', async () => {
    // c1-1 is the first image of the first seeded content: 750×1000 (db/seed/generate.ts).
    const res = await t.app.inject('/cdn/seed/c1-1.jpg?w=750&h=1000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(CSP);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 750, height: 1000 });
    // Grain makes it weigh like a photo, not a flat illustration.
    expect(res.rawPayload.length).toBeGreaterThan(40_000);
    expect(res.rawPayload.equals(await renderSeedPhoto('c1-1', 750, 1000))).toBe(true);
  });

  it('resizes and converts with the x-oss-process a page sends, from the cache the second time', async () => {
    const url = '/cdn/seed/c1-1.jpg?w=750&h=1000&x-oss-process=image/resize,w_360/quality,q_75/format,webp';
    const first = await t.app.inject(url);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 360,
      height: 480,
    });
    const renders = seedPhotoRenders.count;
    const second = await t.app.inject(url);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(seedPhotoRenders.count).toBe(renders);
  });

  it('serves every photo the seeded contents show, at the size their rows give', async () => {
    const rows = await t.db
      .select({ images: contents.images })
      .from(contents)
      .where(lte(contents.id, 8))
      .orderBy(asc(contents.id));
    const urls = rows.flatMap((row) => row.images.map((image) => image.url)).slice(0, 4);
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      expect(url).toMatch(/^\/cdn\/seed\/c\d+-\d+\.jpg\?w=\d+&h=\d+$/);
      const res = await t.app.inject(`${url}&x-oss-process=image/resize,w_240/quality,q_75/format,webp`);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('serves the low-device variants pages ask for (smaller width, q_50)', async () => {
    for (const process of [
      'image/resize,w_240/quality,q_50/format,webp',
      'image/resize,w_360/quality,q_50/format,webp',
      'image/quality,q_50/format,webp',
    ]) {
      const res = await t.app.inject(`/cdn/seed/c1-1.jpg?w=750&h=1000&x-oss-process=${process}`);
      expect(res.statusCode, process).toBe(200);
      expect(res.headers['content-type'], process).toBe('image/webp');
    }
  });

  it('renders nothing for names the seed never used, other sizes or other processes: a quick 4xx', async () => {
    const before = seedPhotoRenders.count;
    const cached = cacheFiles().length;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject(`/cdn/seed/attack-${i}-${Math.random().toString(36).slice(2)}.jpg?w=2000&h=2000`),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 40 }, () => 404));
    expect(answers[0]?.json()).toMatchObject({ code: 'NoSuchKey' });
    expect(answers[0]?.headers['content-security-policy']).toBe(CSP);

    const refused = [
      '/cdn/seed/c1-1.jpg?w=2000&h=2000',
      '/cdn/seed/c1-1.jpg?w=751&h=1000',
      '/cdn/seed/c1-1.jpg',
      '/cdn/seed/c1-1.jpg?w=750&h=1000&x-oss-process=image/resize,w_1999/quality,q_75/format,webp',
      '/cdn/seed/c1-1.jpg?w=750&h=1000&x-oss-process=image/resize,w_360/quality,q_74/format,webp',
      '/cdn/seed/c1-1.jpg?w=750&h=1000&x-oss-process=image/rotate,90',
      '/cdn/seed/c1-1.jpg?w=99999&h=10',
    ];
    for (const url of refused) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'InvalidArgument' });
    }
    expect(
      (await t.app.inject('/cdn/seed/c1-1.jpg?w=750&h=1000&x-oss-process=image/rotate,90')).json().message,
    ).toBe('Unsupported x-oss-process: image/rotate,90');
    expect(seedPhotoRenders.count).toBe(before);
    expect(cacheFiles().length).toBe(cached);
    // Refused without rendering: well under the second one render costs.
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
