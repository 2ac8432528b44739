import { APP_UA_MARKER } from '@h5/core';

/** The operating system the simulated app runs on. */
export type SimPlatform = 'ios' | 'android';

/** The simulated app's default version (spec §9 minimums are all below it). */
export const DEFAULT_SIM_APP_VERSION = '5.26.1';

const BASE_USER_AGENTS: Readonly<Record<SimPlatform, string>> = {
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

/**
 * The webview user agent of the app: the system one plus `CommunityApp/<version>` (APP_UA_MARKER);
 * an empty version leaves the marker alone (`CommunityApp`).
 */
export function inAppUserAgent(appVersion: string, platform: SimPlatform = 'ios'): string {
  return `${BASE_USER_AGENTS[platform]} ${APP_UA_MARKER}${appVersion === '' ? '' : `/${appVersion}`}`;
}
