import { parseAppUserAgent, parseUserAgentOs } from '@h5/core';
import type { PlatformInfo } from './protocol';

/** Platform info from the user agent alone (below app 5.10.0, and outside the app): no native call. */
export function platformInfoFromUserAgent(userAgent: string): PlatformInfo {
  return {
    appVersion: parseAppUserAgent(userAgent).version,
    platform: parseUserAgentOs(userAgent).os,
    ua: userAgent,
  };
}

/** The app's device id (spec §3): `deviceId` or `duid` replaces `uuid` when present. */
export function deviceIdOf(info: PlatformInfo | null | undefined): string | undefined {
  return info?.deviceId || info?.duid || info?.uuid || undefined;
}
