import type { NativeTokens, PlatformInfo } from '@h5/bridge/protocol';
import type { SimPlatform } from './user-agent';

/** What the app knows about itself; the session's tokens are added when a user is logged in. */
export interface DeviceProfile {
  appVersion: string;
  platform: SimPlatform;
  userAgent: string;
  /** Stable per simulator: the product device id (platform info's deviceId, spec §3). */
  deviceId: string;
  /** The older generated id (platform info's uuid), which deviceId replaces on the page (spec §3). */
  uuid: string;
}

/** Status bar height in CSS pixels: an iPhone with a notch, or a common Android phone. */
const STATUS_BAR_HEIGHT: Readonly<Record<SimPlatform, number>> = { ios: 44, android: 24 };
const CHANNEL: Readonly<Record<SimPlatform, string>> = { ios: 'App Store', android: 'huawei' };
const DEVICE_TRAIT: Readonly<Record<SimPlatform, string>> = { ios: 'iPhone15,2', android: 'Pixel 8' };

/** A full platform info (spec §3) as the app reports it, `overrides` last. */
export function buildPlatformInfo(
  device: DeviceProfile,
  session: NativeTokens | null,
  overrides: Partial<PlatformInfo> = {},
): PlatformInfo {
  return {
    imei: device.platform === 'android' ? '860000000000000' : '',
    deviceTrait: DEVICE_TRAIT[device.platform],
    channel: CHANNEL[device.platform],
    appVersion: device.appVersion,
    ua: device.userAgent,
    isRoot: 0,
    isProxy: 0,
    emu: 0,
    uuid: device.uuid,
    deviceId: device.deviceId,
    platform: device.platform,
    shumeiId: `sm-${device.deviceId}`,
    SK: `sk-${device.deviceId.slice(0, 8)}`,
    statusBarHeight: STATUS_BAR_HEIGHT[device.platform],
    ...(session ? { cookieToken: session.duToken, 'X-Auth-Token': session.xAuthToken } : {}),
    ...overrides,
  };
}
