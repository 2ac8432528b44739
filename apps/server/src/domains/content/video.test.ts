import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contents, storageObjects } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';
import { durationOf } from './video';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTENT_REVIEW: 'manual' });
});
afterAll(() => t.close());

/** A WebM of `seconds` at five frames a second, stored as `userId`'s upload; its key. */
async function storedVideo(userId: number, seconds: number): Promise<string> {
  const { stdout } = await run(
    ffmpeg.path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=64x48:rate=5:duration=${seconds}`,
    ].concat(['-c:v', 'libvpx', '-deadline', 'realtime', '-f', 'webm', 'pipe:1']),
    { encoding: 'buffer', maxBuffer: 10 * 1024 * 1024 },
  );
  const key = `community-h5/publish/u${userId}/${randomUUID()}.webm`;
  const info = await t.app.deps.store.put('community-h5', key, Readable.from(stdout), {
    contentType: 'video/webm',
  });
  await t.db.insert(storageObjects).values({
    bucket: 'community-h5',
    key,
    size: info.size,
    contentType: 'video/webm',
    acl: 'public-read',
    etag: info.etag,
    appId: 'community-h5',
    userId,
  });
  return key;
}

describe('publishing a video', () => {
  it('reads ffmpeg’s duration line', () => {
    expect(durationOf('  Duration: 00:01:02.50, start: 0.000000')).toBe(62.5);
    expect(durationOf('Duration: N/A\nframe=1 time=00:00:01.00\nframe=3 time=00:00:03.00 bitrate')).toBe(3);
    expect(durationOf('no duration here')).toBeNull();
  });

  it('stores the video with its length and a cover frame ffmpeg takes; refuses one over 60 s', async () => {
    const user = await signedInUser(t.app, t.db, 'video-publisher');
    const publish = (key: string) =>
      t.signedInject(
        contract.content.publish,
        { requestId: randomUUID(), contentType: 1, title: '试穿视频', body: '', video: { key }, category: 9 },
        { cookies: user.cookies },
      );
    const key = await storedVideo(user.userId, 3);
    const res = await publish(key);
    expect(res.body).toMatchObject({ code: SUCCESS, data: { reviewState: 'pending' } });
    const [row] = await t.db.select().from(contents).where(eq(contents.id, res.body.data.contentId));
    expect(row).toMatchObject({
      videoUrl: `/cdn/${key}`,
      videoDuration: 3,
      coverUrl: `/cdn/${key}.cover.jpg`,
      coverWidth: 64,
      coverHeight: 48,
    });
    const long = await publish(await storedVideo(user.userId, 65));
    expect(long.body).toMatchObject({ code: 4213, msg: '视频不能超过 60 秒' });
  }, 60_000);
});
