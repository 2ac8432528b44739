import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseConfig, createFakeOss, makeFile, memoryStorage } from './test-utils';
import type { Transport } from './transport';
import { createUploader } from './uploader';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A transport that never answers: it only rejects when its request is aborted. */
function silentTransport() {
  const signals: AbortSignal[] = [];
  let sent: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const transport: Transport = (request) =>
    new Promise((_resolve, reject) => {
      if (request.signal) signals.push(request.signal);
      request.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      sent();
    });
  return { transport, signals, started };
}

// Spec §9: upload timeout 120000 ms — the SDK's default when the config sets none.
describe('upload time-out (spec §9: 120000 ms)', () => {
  it('a direct upload that gets no answer aborts at 120000 ms, not before', async () => {
    const silent = silentTransport();
    const uploader = createUploader(baseConfig(), {
      api: createFakeOss().api,
      transport: silent.transport,
      storage: { local: memoryStorage(), session: memoryStorage() },
      cookie: () => 'duToken=t',
    });
    const upload = uploader.upload(makeFile('clip.mp4', 10), { mode: 'direct' });
    const outcome = upload.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await silent.started;
    await vi.advanceTimersByTimeAsync(119_999);
    expect(silent.signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(silent.signals[0]?.aborted).toBe(true);
    expect(await outcome).toMatchObject({ code: 'timeout', message: '请求超时（120000 毫秒）' });
  });

  it('so does a server upload', async () => {
    const silent = silentTransport();
    const uploader = createUploader(baseConfig(), {
      api: createFakeOss().api,
      transport: silent.transport,
      storage: { local: memoryStorage(), session: memoryStorage() },
    });
    const outcome = uploader
      .serverUpload(makeFile('clip.mp4', 10), { accessToken: 'a', backstageCode: 'b', sign: () => 's' })
      .then(
        () => 'resolved',
        (error: unknown) => error,
      );
    await silent.started;
    await vi.advanceTimersByTimeAsync(119_999);
    expect(silent.signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'timeout', message: '请求超时（120000 毫秒）' });
  });
});
