import { DEFAULT_APP_VERSION, DEFAULT_NATIVE_VERSION } from './constants';
import { parseVersion } from './version';

/**
 * Our app marker in the webview user agent. The native app appends `CommunityApp/<major.minor.patch>`
 * (e.g. `... Mobile/15E148 CommunityApp/5.26.1`); tools/app-simulator sets the same token.
 */
export const APP_UA_MARKER = 'CommunityApp';
/** The messaging app's in-app browser marker (WeChat). */
export const WECHAT_UA_MARKER = 'MicroMessenger';

/** What the user agent says about the host app. */
export interface AppUserAgent {
  /** The page runs inside our native app. */
  inApp: boolean;
  /**
   * The app version. In the app without a parsable version: 4.92.0, the default native version
   * the feature gates use (spec §9). Outside the app: 4.4.0, the default app version fallback
   * (no native side; every gate is closed there anyway).
   */
  version: string;
  /** False when {@link version} is the fallback. */
  versionParsed: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reads the app marker and its version from a user agent; `marker` overrides {@link APP_UA_MARKER}. */
export function parseAppUserAgent(
  ua: string | null | undefined,
  marker: string = APP_UA_MARKER,
): AppUserAgent {
  // The marker is a whole token, optionally followed by /version; `XCommunityApp` does not count.
  const pattern = new RegExp(`(?:^|[\\s;(])${escapeRegExp(marker)}(?:/([^\\s;()]*))?(?=$|[\\s;)])`, 'i');
  const m = pattern.exec(ua ?? '');
  if (!m) return { inApp: false, version: DEFAULT_APP_VERSION, versionParsed: false };
  const parts = parseVersion(m[1]);
  if (!parts) return { inApp: true, version: DEFAULT_NATIVE_VERSION, versionParsed: false };
  return { inApp: true, version: parts.join('.'), versionParsed: true };
}

/** True inside our native app. */
export function isInApp(ua: string | null | undefined, marker: string = APP_UA_MARKER): boolean {
  return parseAppUserAgent(ua, marker).inApp;
}

/** True inside the messaging app's browser. */
export function isWechatBrowser(ua: string | null | undefined): boolean {
  return (ua ?? '').includes(WECHAT_UA_MARKER);
}

/** Operating system and its major version, as the low-device rule needs them. */
export interface UserAgentOs {
  os: 'ios' | 'android' | 'other';
  /** Major version, or undefined when the UA does not say. */
  major: number | undefined;
}

const IOS_VERSION = /(?:iPhone|iPad|iPod)[^)]*? OS (\d+)[_.]/;
const ANDROID_VERSION = /Android[\s/](\d+)/;

/** Detects iOS or Android and the major version from a user agent. */
export function parseUserAgentOs(ua: string | null | undefined): UserAgentOs {
  const text = ua ?? '';
  const ios = IOS_VERSION.exec(text);
  if (ios) return { os: 'ios', major: Number(ios[1]) };
  if (/iPhone|iPad|iPod/.test(text)) return { os: 'ios', major: undefined };
  const android = ANDROID_VERSION.exec(text);
  if (android) return { os: 'android', major: Number(android[1]) };
  if (text.includes('Android')) return { os: 'android', major: undefined };
  return { os: 'other', major: undefined };
}
