import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils';
import { renderSeedPhoto } from './seed-photo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seed photos', () => {
  it('serves a deterministic JPEG of the seeded size, with photo-like weight', async () => {
    const res = await t.app.inject('/cdn/seed/c12-1.jpg?w=750&h=1000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 750, height: 1000 });
    // Grain makes it weigh like a photo, not a flat illustration.
    expect(res.rawPayload.length).toBeGreaterThan(40_000);
    expect(res.rawPayload.equals(await renderSeedPhoto('c12-1', 750, 1000))).toBe(true);
  });

  it('resizes and converts with x-oss-process, from the cache the second time', async () => {
    const url = '/cdn/seed/c12-1.jpg?w=750&h=1000&x-oss-process=image/resize,w_360/quality,q_75/format,webp';
    const first = await t.app.inject(url);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 360,
      height: 480,
    });
    const second = await t.app.inject(url);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('refuses a bad size or process', async () => {
    expect((await t.app.inject('/cdn/seed/x.jpg?w=99999&h=10')).statusCode).toBe(400);
    const bad = await t.app.inject('/cdn/seed/x.jpg?x-oss-process=image/rotate,90');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Unsupported x-oss-process: image/rotate,90' });
  });
});
