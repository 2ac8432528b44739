import { PLATFORM_INFO_TIMEOUT_MS, REQUEST_TIMEOUT_MS, TRACK_SOURCE_TIMEOUT_MS } from '@h5/core';
import type { BridgeCallKind } from './protocol';

/** Sheets the user works through (login, share, verify…) get minutes, not seconds. */
export const INTERACTIVE_CALL_TIMEOUT_MS = 300_000;

// Native actions may open screens too (upload picker, certify, settle), so they wait like sheets.
const INTERACTIVE_KINDS: ReadonlySet<BridgeCallKind> = new Set<BridgeCallKind>([
  'openLogin',
  'share',
  'riskVerify',
  'realNameAuth',
  'previewImage',
  'publishTrend',
  'calendarAdd',
  'calendarDelete',
  'action',
]);

/** The default time-out of a request kind: 2 s for platform info, 3 s for the track source, minutes for sheets, else 10 s. */
export function defaultCallTimeoutMs(kind: BridgeCallKind): number {
  if (kind === 'getPlatformInfo') return PLATFORM_INFO_TIMEOUT_MS;
  if (kind === 'getTrackSource') return TRACK_SOURCE_TIMEOUT_MS;
  return INTERACTIVE_KINDS.has(kind) ? INTERACTIVE_CALL_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
}
