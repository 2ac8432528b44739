import { contract } from '@h5/contract';
import { NOT_FOUND, SUCCESS } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils';
import { liveHost } from './live-test-world';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('live/jump', () => {
  it('answers the stream’s own jumpUrl (seeded stream 7: our room page, never a dead platform page)', async () => {
    const res = await t.signedInject(contract.live.liveJump, { streamId: 7, streamLogId: 3, userRole: 0 });
    expect(res.body).toEqual({
      code: SUCCESS,
      msg: 'success',
      data: { jumpUrl: '/live/room?roomId=800007', roomId: 800007, fallback: false },
    });
  });

  it('opens a working room for every seeded stream’s jump (issue 31: no https://live.example.com)', async () => {
    for (const streamId of [1, 7, 14, 70, 140, 196, 200]) {
      const jump = await t.signedInject(contract.live.liveJump, { streamId });
      const roomId = 800_000 + streamId;
      expect(jump.body.data.jumpUrl).toBe(`/live/room?roomId=${roomId}`);
      const room = await t.signedInject(contract.live.liveRoom, { roomId });
      expect(room.body.code).toBe(SUCCESS);
      expect(room.body.data.streamId).toBe(streamId);
    }
  });

  it('falls back to our room page by roomId, by stream or by room', async () => {
    const byStream = await t.signedInject(contract.live.liveJump, { streamId: 1 });
    expect(byStream.body.data).toEqual({
      jumpUrl: '/live/room?roomId=800001',
      roomId: 800001,
      fallback: true,
    });
    const byRoom = await t.signedInject(contract.live.liveJump, { roomId: 800001 });
    expect(byRoom.body.data).toEqual(byStream.body.data);
  });

  it('refuses a jump without a stream or room (400) and an unknown one (404)', async () => {
    const none = await t.signedInject(contract.live.liveJump, {});
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('streamId: 须提供 streamId 或 roomId');
    const unknown = await t.signedInject(contract.live.liveJump, { roomId: 999 });
    expect(unknown.body).toEqual({ code: NOT_FOUND, msg: '直播间不存在或已关闭', data: null });
  });
});

describe('live/room', () => {
  it('shows a running broadcast, then none after the host ends it', async () => {
    const host = await liveHost(t, 'room-host');
    const live = await t.signedInject(contract.live.liveRoom, { roomId: host.roomId });
    expect(live.body.data).toMatchObject({
      roomId: host.roomId,
      streamId: host.streamId,
      streamLogId: host.streamLogId,
      title: 'room-host的直播间',
      host: { userId: host.userId, userName: 'room-host' },
      group: { name: '新粉丝团', memberCount: 0 },
    });
    await t.signedInject(contract.live.endStream, {}, { cookies: host.cookies });
    const ended = await t.signedInject(contract.live.liveRoom, { roomId: host.roomId });
    expect(ended.body.data).toMatchObject({ streamLogId: null, startedAt: null });
  });
});

describe('the live-room console', () => {
  it('is not served in production (404)', async () => {
    const pro = await createTestApp({ APP_ENV: 'pro' });
    try {
      const res = await pro.signedInject(contract.live.consoleState, {});
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(NOT_FOUND);
    } finally {
      await pro.close();
    }
  });

  it('lists running broadcasts with the caller’s membership', async () => {
    const host = await liveHost(t, 'console-host');
    const state = await t.signedInject(contract.live.consoleState, {}, { cookies: host.cookies });
    expect(state.body.data.host).toEqual({
      streamId: host.streamId,
      roomId: host.roomId,
      streamLogId: host.streamLogId,
      groupName: '新粉丝团',
    });
    expect(state.body.data.streams[0]).toMatchObject({ streamId: host.streamId, member: false });
    expect(state.body.data.streams.length).toBeGreaterThan(1);
  });
});
