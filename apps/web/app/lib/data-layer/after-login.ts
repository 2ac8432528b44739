import { DU_TOKEN_COOKIE, readCookie } from '@h5/core';
import { readStorage, writeStorage } from '../browser-storage';

// Issue 14 point 5: a visitor's tap on a gated toggle (light, follow) sends them to log in; the
// toggle it asked for is kept for this tab and applied when its screen shows again, logged in.
const KEY = 'h5:after-login';

/** Remembers the toggle (its queue key, `light:12`) a login interrupted. */
export const rememberAfterLogin = (toggleKey: string) => writeStorage('session', KEY, toggleKey);

/** True once for the toggle a login interrupted, when the viewer is logged in now: turn it on. */
export function takeAfterLogin(toggleKey: string): boolean {
  if (readStorage('session', KEY) !== toggleKey || !readCookie(document.cookie, DU_TOKEN_COOKIE)) return false;
  writeStorage('session', KEY, null);
  return true;
}
