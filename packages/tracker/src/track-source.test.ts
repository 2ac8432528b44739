import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landingSource } from './track-source';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const origin = 'https://m.example.com';

describe('landingSource: where a page view came from', () => {
  it('takes the source query flag first, without asking the app', async () => {
    const native = vi.fn(async () => 'push');
    expect(await landingSource({ search: '?id=1&source=videoTrend', referrer: '', origin, native })).toBe(
      'videoTrend',
    );
    expect(native).not.toHaveBeenCalled();
  });

  it("takes the app's answer next", async () => {
    expect(
      await landingSource({
        search: '',
        referrer: 'https://other.example/x',
        origin,
        native: async () => 'push',
      }),
    ).toBe('push');
  });

  it('falls back to the referring host, a same-origin path, or direct', async () => {
    expect(await landingSource({ search: '', referrer: 'https://news.example.org/a?b=1', origin })).toBe(
      'news.example.org',
    );
    expect(await landingSource({ search: '', referrer: `${origin}/community/content/7?x=1`, origin })).toBe(
      '/community/content/7',
    );
    expect(await landingSource({ search: '', referrer: '', origin })).toBe('direct');
    expect(await landingSource({ search: '', referrer: 'not a url', origin })).toBe('direct');
    // The app could not say (unsupported, failed): the web's clues.
    const failing = () => Promise.reject(new Error('unsupported'));
    expect(await landingSource({ search: '', referrer: '', origin, native: failing })).toBe('direct');
  });

  // Spec §9: track-source timeout 3000 ms.
  it('gives up on a silent app at 3000 ms, not before', async () => {
    let settled: string | undefined;
    const silent = () => new Promise<string>(() => {});
    void landingSource({ search: '', referrer: 'https://a.example/', origin, native: silent }).then((s) => {
      settled = s;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe('a.example');
  });

  it('cuts a long source to 64 characters', async () => {
    expect(await landingSource({ search: `?source=${'s'.repeat(100)}`, referrer: '', origin })).toBe(
      's'.repeat(64),
    );
  });
});
