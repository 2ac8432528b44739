import { describe, expect, it } from 'vitest';
import {
  MAX_BRIDGE_CALLS,
  readDiagnostics,
  recordBridgeCall,
  recordFailedCall,
  recordUpload,
  setAnalyticsStats,
} from '../../lib/diagnostics';
import { DEBUG_TEXT } from '../../lib/ui-text/debug';
import { renderDiagnostics } from './platform-plugin';

/** `{ field: [label, value] }` of the rendered rows that carry a data-field. */
const fields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/data-field="(\w+)"[^>]*><span>([^<]*)<\/span><span>([^<]*)<\/span>/g)].map((m) => [
      m[1],
      [m[2], m[3]],
    ]),
  );

describe('platform tab', () => {
  it('starts empty, then lists bridge calls (newest first, settled in place), the queue and uploads', () => {
    const before = renderDiagnostics({
      bridgeCalls: [],
      failedCalls: [],
      uploads: [],
      analytics: null,
      device: null,
    });
    expect(before).toContain(DEBUG_TEXT.noBridgeCalls);
    expect(before).toContain(DEBUG_TEXT.analyticsOff);
    expect(before).toContain(DEBUG_TEXT.noUploads);

    const share = { n: 1, kind: 'share', startedAt: 1_000, state: 'pending' as const };
    recordBridgeCall(share);
    recordBridgeCall({ n: 2, kind: 'toast', startedAt: 2_000, state: 'pending' });
    Object.assign(share, { state: 'error', endedAt: 1_250, error: '3 dismissed <x>' });
    recordBridgeCall(share);
    recordUpload({ id: 'a', name: 'shoe.png', size: 2_097_152, percent: 40, state: 'uploading' });
    recordUpload({ id: 'a', name: 'shoe.png', size: 2_097_152, percent: 100, state: 'done' });
    setAnalyticsStats(() => ({
      queued: 3,
      bytes: 900,
      inFlight: 1,
      sent: 12,
      failedPermanently: 0,
      failedBatches: 1,
      beaconed: 0,
      evicted: 0,
      expired: 0,
      corrupted: 0,
      storage: 'local',
      storageError: null,
      sender: true,
      lock: 'web-locks',
    }));

    const d = readDiagnostics();
    expect(d.bridgeCalls.map((c) => `${c.kind} ${c.state}`)).toEqual(['toast pending', 'share error']);
    expect(d.uploads).toEqual([{ id: 'a', name: 'shoe.png', size: 2_097_152, percent: 100, state: 'done' }]);
    const html = renderDiagnostics(d);
    expect(html).toContain('data-kind="share" data-state="error"');
    expect(html).toContain('250 ms');
    // Text from the app is escaped, never markup.
    expect(html).toContain('3 dismissed &#60;x&#62;');
    expect(html).toContain('data-field="queued"');
    expect(html).toContain('shoe.png');
    expect(html).toContain('2.00 MB');
    expect(html).toContain(DEBUG_TEXT.uploadStates.done);
  });

  it('lists failed API calls with the code and the server text users are not shown (issue 26 point 8)', () => {
    recordFailedCall({
      at: 3_000,
      method: 'GET',
      path: '/sns-live-itr/v1/lottery/info',
      httpStatus: 400,
      code: 400,
      detail: 'lotteryId: 请提供 lotteryId 或 streamId',
    });
    const html = renderDiagnostics(readDiagnostics());
    expect(html).toContain('data-testid="diag-failed-calls"');
    expect(html).toContain('data-path="/sns-live-itr/v1/lottery/info" data-code="400"');
    expect(html).toContain('lotteryId: 请提供 lotteryId 或 streamId');
    expect(renderDiagnostics({ ...readDiagnostics(), failedCalls: [] })).toContain(DEBUG_TEXT.noFailedCalls);
  });

  it('keeps only the newest bridge calls', () => {
    for (let n = 0; n < MAX_BRIDGE_CALLS + 10; n++) {
      recordBridgeCall({ n, kind: `k${n}`, startedAt: n, state: 'ok' });
    }
    const calls = readDiagnostics().bridgeCalls;
    expect(calls).toHaveLength(MAX_BRIDGE_CALLS);
    expect(calls[0]?.kind).toBe(`k${MAX_BRIDGE_CALLS + 9}`);
  });

  it('shows the device: low-device verdict and its facts, downgrade mode, status bar and device id', () => {
    const html = renderDiagnostics({
      bridgeCalls: [],
      failedCalls: [],
      uploads: [],
      analytics: null,
      device: {
        lowDevice: true,
        memoryGb: 2,
        cores: 2,
        pixelRatio: 1,
        os: 'android',
        osMajor: 8,
        downgraded: true,
        statusBarHeight: 44,
        deviceId: 'duid-7',
        deviceIdSource: 'duid',
      },
    });
    expect(html).toContain('data-testid="diag-device"');
    expect(fields(html)).toEqual({
      lowDevice: ['低端设备', '是'],
      memoryGb: ['内存', '2 GB'],
      cores: ['CPU 核数', '2'],
      pixelRatio: ['像素比', '1'],
      os: ['系统', 'android 8'],
      downgraded: ['降级模式', '是'],
      statusBarHeight: ['状态栏高度', '44 px'],
      deviceId: ['设备 ID', 'duid-7（duid）'],
    });
    const unknown = renderDiagnostics({
      bridgeCalls: [],
      failedCalls: [],
      uploads: [],
      analytics: null,
      device: null,
    });
    expect(unknown).toContain('设备信息未就绪');
  });
});
