import { DOWNGRADE_QUERY_FLAG, readCookie, serializeCookie } from '@h5/core';
import { readStorage, writeStorage } from './browser-storage';
import { readPageQuery } from './page-query';

/** The local-storage flag of downgrade mode (spec §3) shares the query flag's name. */
export const DOWNGRADE_STORAGE_KEY = DOWNGRADE_QUERY_FLAG;
// The server cannot read local storage: the toggle mirrors the flag in a cookie of the same name.
const DOWNGRADE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Downgrade mode is on when the query flag or the local flag says so. */
export function isDowngradeOn(href: string, storedFlag: string | null): boolean {
  return readPageQuery(new URL(href).searchParams).downgrade || storedFlag === '1';
}

/** On the server: the page request carries the query flag or the toggle's cookie. */
export function isDowngradeRequest(href: string, cookieHeader: string | null): boolean {
  return isDowngradeOn(href, readCookie(cookieHeader, DOWNGRADE_QUERY_FLAG));
}

/** The `document.cookie` assignment that mirrors the local flag (null value: removed). */
export function downgradeCookie(on: boolean): string {
  return serializeCookie(DOWNGRADE_QUERY_FLAG, on ? '1' : null, {
    maxAgeSeconds: DOWNGRADE_COOKIE_MAX_AGE_S,
  });
}

/** The URL with the downgrade query flag added (`downgrade_to_export=1`) or removed. */
export function withDowngradeFlag(href: string, on: boolean): string {
  const url = new URL(href);
  if (on) url.searchParams.set(DOWNGRADE_QUERY_FLAG, '1');
  else url.searchParams.delete(DOWNGRADE_QUERY_FLAG);
  return url.toString();
}

/**
 * Flips downgrade mode: the local flag (and its cookie) now, then a navigation to the URL with or
 * without the query flag. What the mode does: docs/bridge-protocol.md "Downgrade mode".
 */
export function toggleDowngrade(): void {
  const on = isDowngradeOn(location.href, readStorage('local', DOWNGRADE_STORAGE_KEY));
  writeStorage('local', DOWNGRADE_STORAGE_KEY, on ? null : '1');
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie on page loads.
  document.cookie = downgradeCookie(!on);
  location.assign(withDowngradeFlag(location.href, !on));
}
