import { DU_TOKEN_COOKIE, readCookie } from '@h5/core';
import type { LazyApi } from '../lib/api-client';
import { readStorage, writeStorage } from '../lib/browser-storage';
import { AFTER_LOGIN_KEY } from '../lib/data-layer/after-login';
import { setContentShadow, setUserShadow } from '../lib/data-layer/shadow';

/** A login that takes longer than this no longer carries the tap that opened it. */
export const AFTER_LOGIN_TTL_MS = 10 * 60 * 1000;

/** The toggle a login interrupted, when it is still fresh: `{ kind: 'light', id: 12 }`. */
export function parseAfterLogin(
  value: string | null,
  now: number,
): { kind: 'light' | 'follow'; id: number } | null {
  const match = /^(light|follow):(\d+)@(\d+)$/.exec(value ?? '');
  if (!match) return null;
  const [, kind, id, at] = match;
  if (now - Number(at) > AFTER_LOGIN_TTL_MS) return null;
  return { kind: kind as 'light' | 'follow', id: Number(id) };
}

/**
 * Applies the light or follow a visitor tapped before logging in, once, on the first page that
 * loads logged in; what the server answers goes into the shadow, so every card and button of that
 * content or user shows it at once.
 */
export async function applyAfterLogin(api: LazyApi): Promise<void> {
  const stored = readStorage('session', AFTER_LOGIN_KEY);
  if (stored === null || !readCookie(document.cookie, DU_TOKEN_COOKIE)) return;
  writeStorage('session', AFTER_LOGIN_KEY, null);
  const toggle = parseAfterLogin(stored, Date.now());
  if (!toggle) return;
  if (toggle.kind === 'light') {
    const state = await api('community.addContentLight', { contentId: toggle.id });
    setContentShadow(toggle.id, { isLight: state.isLight, lightCount: state.lightCount });
  } else {
    const state = await api('community.followAdd', { userId: toggle.id, follow: true });
    setUserShadow(toggle.id, { isFollowing: state.isFollowing, followerCount: state.followerCount });
  }
}
