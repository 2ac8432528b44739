import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents } from '../../db/schema';
import { seedVideoCovers } from '../../db/seed/generate';
import { createTestApp, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The first seeded video content, and a seeded content that is no video.
const videoId = [...seedVideoCovers().keys()][0] ?? 0;
const notVideo = Array.from({ length: 50 }, (_, i) => i + 1).find((id) => !seedVideoCovers().has(id)) ?? 0;

describe('seeded video clips (issue 14 point 4)', () => {
  it('serves a real WebM clip, with byte ranges', async () => {
    const whole = await t.app.inject(`/cdn/seed/video-${videoId}.webm`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const bytes = whole.rawPayload;
    // The EBML magic of a Matroska / WebM file, then the "webm" doc type.
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(bytes.subarray(0, 64).includes(Buffer.from('webm'))).toBe(true);
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(Number(whole.headers['content-length'])).toBe(bytes.length);

    const first = await t.app.inject({
      url: `/cdn/seed/video-${videoId}.webm`,
      headers: { range: 'bytes=0-99' },
    });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    const tail = await t.app.inject({
      url: `/cdn/seed/video-${videoId}.webm`,
      headers: { range: 'bytes=-10' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(
      `bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const past = await t.app.inject({
      url: `/cdn/seed/video-${videoId}.webm`,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('has no clip for a content that is no seeded video', async () => {
    expect(videoId).toBeGreaterThan(0);
    expect((await t.app.inject(`/cdn/seed/video-${notVideo}.webm`)).statusCode).toBe(404);
    expect((await t.app.inject('/cdn/seed/video-abc.webm')).statusCode).toBe(404);
  });

  it('points every seeded video content at its clip', async () => {
    const [row] = await t.app.deps.db
      .select({ videoUrl: contents.videoUrl })
      .from(contents)
      .where(eq(contents.id, videoId));
    expect(row?.videoUrl).toBe(`/cdn/seed/video-${videoId}.webm`);
  });
});
