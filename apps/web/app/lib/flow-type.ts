import { FLOW_TYPE_KEY, readCookie, serializeCookie } from '@h5/core';
import { readStorage, writeStorage } from './browser-storage';

// A tester's colouring choice lasts until they clear it; a month covers a test cycle.
const FLOW_TYPE_MAX_AGE_S = 30 * 24 * 3600;

/** The chosen colouring environment (spec §3): local storage first, then the cookie; null when none. */
export function readFlowType(): string | null {
  if (typeof document === 'undefined') return null;
  return readStorage('local', FLOW_TYPE_KEY) ?? readCookie(document.cookie, FLOW_TYPE_KEY);
}

/** Stores (or clears, with null) the colouring value in local storage and in a cookie. */
export function writeFlowType(value: string | null): void {
  writeStorage('local', FLOW_TYPE_KEY, value);
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this cookie on page loads.
  document.cookie = serializeCookie(FLOW_TYPE_KEY, value, { maxAgeSeconds: FLOW_TYPE_MAX_AGE_S });
}
