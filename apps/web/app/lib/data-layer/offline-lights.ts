import { DU_TOKEN_COOKIE, readCookie } from '@h5/core';
import { readStorage, writeStorage } from '../browser-storage';
import { showPageToast } from '../page-signals';
import { OFFLINE_TEXT } from '../ui-text/offline';

/** The lights tapped offline, sent once the network is back (platform/offline/offline.ts). */
export const OFFLINE_LIGHTS_KEY = 'h5.offline-lights';

/** The content ids waiting to be lit. */
export function queuedLights(): number[] {
  try {
    const ids = JSON.parse(readStorage('local', OFFLINE_LIGHTS_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** Writes the queue (empty: removes it). */
export function writeQueuedLights(ids: number[]): void {
  writeStorage('local', OFFLINE_LIGHTS_KEY, ids.length === 0 ? null : JSON.stringify(ids));
}

/**
 * A light tapped without a network: kept to be sent later (once, the light is idempotent) and
 * shown lit at once; what it shows is the server's state plus this light. A signed-in reader's
 * only (the login cookie, as after-login.ts tells).
 */
export function queueOfflineLight(contentId: number, server: { lightCount: number }) {
  // A visitor's light needs a login first, which needs the network: it fails as any offline call.
  if (!readCookie(document.cookie, DU_TOKEN_COOKIE)) throw new TypeError('offline');
  const ids = queuedLights();
  if (!ids.includes(contentId)) writeQueuedLights([...ids, contentId]);
  showPageToast(OFFLINE_TEXT.lightQueued);
  return { isLight: true, lightCount: server.lightCount + 1 };
}
