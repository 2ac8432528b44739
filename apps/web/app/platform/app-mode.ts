import { isInApp } from '@h5/core';
import { readStorage } from '../lib/browser-storage';
import { DOWNGRADE_STORAGE_KEY, isDowngradeOn } from '../lib/downgrade';

/** Downgrade mode (spec §2): the page's query flag or the local flag is on. */
export function isDowngraded(): boolean {
  return isDowngradeOn(location.href, readStorage('local', DOWNGRADE_STORAGE_KEY));
}

/**
 * The one question "do we talk to the native app?": the app marker in the user agent and
 * downgrade mode off. In downgrade mode the page takes the pure web path (docs/bridge-protocol.md
 * "Downgrade mode"); code deciding between a native screen and a web page asks here (or reads the
 * page bridge's `inApp`, which is the same answer), never `isInApp(navigator.userAgent)` alone.
 */
export function usesNativeApp(): boolean {
  return isInApp(navigator.userAgent) && !isDowngraded();
}
