import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageToast } from '../page-signals';
import { OFFLINE_LIGHTS_KEY, queuedLights, queueOfflineLight, writeQueuedLights } from './offline-lights';

/** A browser's localStorage and cookie, as much as the queue reads. */
function fakeBrowser(cookie: string) {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  Object.assign(globalThis, { window: { localStorage }, document: { cookie } });
  return items;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'document');
});

describe('the lights tapped offline', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = fakeBrowser('duToken=abc; other=1');
  });

  it('keeps a signed-in reader’s light once, shows it lit with one more light, and says so', () => {
    expect(queueOfflineLight(12, { lightCount: 4 })).toEqual({ isLight: true, lightCount: 5 });
    expect(queueOfflineLight(12, { lightCount: 4 })).toEqual({ isLight: true, lightCount: 5 });
    queueOfflineLight(30, { lightCount: 0 });
    expect(items.get(OFFLINE_LIGHTS_KEY)).toBe('[12,30]');
    expect(queuedLights()).toEqual([12, 30]);
    expect(pageToast.get()?.text).toBe('已离线点亮，联网后自动同步');
  });

  it('refuses a visitor’s light (no login cookie): it fails as any offline call', () => {
    fakeBrowser('other=1');
    expect(() => queueOfflineLight(12, { lightCount: 4 })).toThrow(TypeError);
    expect(queuedLights()).toEqual([]);
  });

  it('reads only positive whole ids, and an empty queue removes the key', () => {
    items.set(OFFLINE_LIGHTS_KEY, '[3, -1, 2.5, "7", 9]');
    expect(queuedLights()).toEqual([3, 9]);
    items.set(OFFLINE_LIGHTS_KEY, '{broken');
    expect(queuedLights()).toEqual([]);
    writeQueuedLights([]);
    expect(items.has(OFFLINE_LIGHTS_KEY)).toBe(false);
  });
});
