import { isLowDevice, parseUserAgentOs, readCookie } from '@h5/core';

/** The page's own low-device judgement ('1' / '0'), written by the platform boot for later page loads. */
export const LOW_DEVICE_COOKIE = 'h5_low_device';
/** The app's status bar height in CSS pixels (platform info), written by the platform boot in the app. */
export const STATUS_BAR_HEIGHT_COOKIE = 'h5_status_bar_height';
/** The class of `<html>` on a low device: heavy motion off (tokens.css). */
export const LOW_DEVICE_CLASS = 'low-device';
/** A status bar taller than this is not one (a bad value must not push the page off screen). */
export const MAX_STATUS_BAR_HEIGHT = 200;

/** The user agent's side of the low-device rule (spec §9): iOS ≤ 11 or Android ≤ 8. */
export function userAgentOsFacts(userAgent: string | null | undefined) {
  const { os, major } = parseUserAgentOs(userAgent);
  return { iosMajor: os === 'ios' ? major : undefined, androidMajor: os === 'android' ? major : undefined };
}

/**
 * Low device, as the server can tell before the page runs: the page's judgement from an earlier
 * load (its cookie), else what the user agent says (memory, cores and pixel ratio are only known
 * in the browser).
 */
export function lowDeviceHint(userAgent: string | null, cookieHeader: string | null): boolean {
  const judged = readCookie(cookieHeader, LOW_DEVICE_COOKIE);
  if (judged === '1' || judged === '0') return judged === '1';
  return isLowDevice(userAgentOsFacts(userAgent));
}

/** A valid status bar height from the cookie (whole pixels, 0–200), else null. */
export function statusBarHeightHint(cookieHeader: string | null): number | null {
  const raw = readCookie(cookieHeader, STATUS_BAR_HEIGHT_COOKIE);
  if (raw === null || !/^\d{1,3}$/.test(raw)) return null;
  const height = Number(raw);
  return height <= MAX_STATUS_BAR_HEIGHT ? height : null;
}
