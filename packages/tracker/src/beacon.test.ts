import type { AnalyticsEvent } from '@h5/contract';
import { describe, expect, it, vi } from 'vitest';
import { createBeaconSender } from './beacon';
import { spyLogger } from './test-utils';

const events = [
  { uuid: 'u1', tracker: 'community', event: 'pageView', payload: {}, occurredAt: 1, expiresAt: 2 },
] as AnalyticsEvent[];
const build = (batch: AnalyticsEvent[]) => ({
  url: '/collect?sign=abc',
  body: JSON.stringify({ events: batch }),
});

describe('createBeaconSender', () => {
  it('uses navigator.sendBeacon with a JSON blob of the built body', async () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    const fetch = vi.fn();
    const beacon = createBeaconSender(build, { navigator: { sendBeacon }, fetch });
    expect(beacon(events)).toBe(true);
    const [url, blob] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/collect?sign=abc');
    expect((blob as Blob).type).toBe('application/json');
    expect(await (blob as Blob).text()).toBe(JSON.stringify({ events }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('passes a CORS-safe content type when the builder asks for one', () => {
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    const beacon = createBeaconSender(
      (batch) => ({ ...build(batch), contentType: 'text/plain;charset=UTF-8' }),
      {
        navigator: { sendBeacon },
      },
    );
    beacon(events);
    const blob = sendBeacon.mock.calls[0]?.[1] as Blob;
    expect(blob.type).toBe('text/plain;charset=utf-8');
  });

  it('answers false when the browser refuses the beacon, without trying fetch', () => {
    const fetch = vi.fn();
    const beacon = createBeaconSender(build, { navigator: { sendBeacon: () => false }, fetch });
    expect(beacon(events)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to fetch with keepalive where there is no sendBeacon', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    const beacon = createBeaconSender(build, {
      navigator: {},
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    expect(beacon(events)).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/collect?sign=abc', {
      method: 'POST',
      body: JSON.stringify({ events }),
      headers: { 'content-type': 'application/json' },
      keepalive: true,
      credentials: 'include',
    });
  });

  it('falls back to fetch when sendBeacon throws, and logs a failed keepalive request', async () => {
    const logger = spyLogger();
    const fetch = vi.fn(() => Promise.reject(new TypeError('quota')));
    const beacon = createBeaconSender(build, {
      navigator: {
        sendBeacon: () => {
          throw new TypeError('blocked');
        },
      },
      fetch: fetch as unknown as typeof globalThis.fetch,
      logger,
    });
    expect(beacon(events)).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(logger.warn).toHaveBeenCalledWith('[tracker]', 'keepalive send failed', expect.any(TypeError));
  });

  it('answers false with no way to send, or when the builder throws', () => {
    const logger = spyLogger();
    expect(createBeaconSender(build, { navigator: {}, fetch: undefined, logger })(events)).toBe(
      typeof globalThis.fetch === 'function',
    );
    const failing = createBeaconSender(
      () => {
        throw new Error('no secret');
      },
      { navigator: { sendBeacon: () => true }, logger },
    );
    expect(failing(events)).toBe(false);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('an empty batch needs nothing sent', () => {
    const sendBeacon = vi.fn(() => true);
    expect(createBeaconSender(build, { navigator: { sendBeacon } })([])).toBe(true);
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
