import { deviceIdOf, type PlatformInfo } from '@h5/bridge';
import { isLowDevice, parseUserAgentOs, serializeCookie } from '@h5/core';
import {
  LOW_DEVICE_CLASS,
  LOW_DEVICE_COOKIE,
  MAX_STATUS_BAR_HEIGHT,
  STATUS_BAR_HEIGHT_COOKIE,
} from '../lib/device-hints';
import { type DeviceRecord, setDeviceRecord } from '../lib/diagnostics';
import { LOW_DEVICE_EVENT } from '../lib/use-low-device';

// Device facts change with the phone, not with a session: the server's hints last a month.
const HINT_MAX_AGE_S = 30 * 24 * 3600;

/** What the browser tells about its device; Safari and Firefox hide memory (and Safari the cores). */
export interface NavigatorFacts {
  deviceMemory?: number | undefined;
  hardwareConcurrency?: number | undefined;
  userAgent: string;
}

/** The low-device facts (spec §9): navigator's memory and cores, the pixel ratio, the OS (platform info's UA first). */
export function deviceFacts(nav: NavigatorFacts, pixelRatio: number | undefined, info: PlatformInfo | null) {
  const { os, major } = parseUserAgentOs(info?.ua || nav.userAgent);
  const positive = (n: number | undefined) => (typeof n === 'number' && n > 0 ? n : undefined);
  return {
    memoryGb: positive(nav.deviceMemory),
    cores: positive(nav.hardwareConcurrency),
    pixelRatio: positive(pixelRatio),
    os,
    osMajor: major,
    iosMajor: os === 'ios' ? major : undefined,
    androidMajor: os === 'android' ? major : undefined,
  };
}

/** A platform info's status bar height when usable: a number of CSS pixels from 0 to 200. */
export function statusBarHeightOf(info: PlatformInfo | null): number | null {
  const height = info?.statusBarHeight;
  return typeof height === 'number' &&
    Number.isFinite(height) &&
    height >= 0 &&
    height <= MAX_STATUS_BAR_HEIGHT
    ? Math.round(height)
    : null;
}

const setCookie = (name: string, value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads these hints on the next page load.
  document.cookie = serializeCookie(name, value, { maxAgeSeconds: HINT_MAX_AGE_S });
};

function deviceIdSource(info: PlatformInfo | null): DeviceRecord['deviceIdSource'] {
  const id = deviceIdOf(info);
  if (id === undefined || !info) return null;
  return info.deviceId === id ? 'deviceId' : info.duid === id ? 'duid' : 'uuid';
}

/**
 * Judges the device and applies what follows, now and whenever platform info arrives: the
 * low-device verdict (the `low-device` class, the pages' hook, the server's cookie), the app's
 * status bar height (`--status-bar-height`, and its cookie for the next page's first paint), and
 * the debug console's device record.
 */
export function applyDevice(info: PlatformInfo | null, downgraded: boolean): void {
  const nav = navigator as Navigator & { deviceMemory?: number };
  const facts = deviceFacts(nav, window.devicePixelRatio, info);
  const low = isLowDevice(facts);
  document.documentElement.classList.toggle(LOW_DEVICE_CLASS, low);
  setCookie(LOW_DEVICE_COOKIE, low ? '1' : '0');
  if (window.__H5_LOW_DEVICE__ !== low) {
    window.__H5_LOW_DEVICE__ = low;
    window.dispatchEvent(new Event(LOW_DEVICE_EVENT));
  }

  const statusBarHeight = statusBarHeightOf(info);
  if (statusBarHeight !== null) {
    document.documentElement.style.setProperty('--status-bar-height', `${statusBarHeight}px`);
    setCookie(STATUS_BAR_HEIGHT_COOKIE, String(statusBarHeight));
  }

  const { memoryGb, cores, pixelRatio, os, osMajor } = facts;
  setDeviceRecord({
    lowDevice: low,
    memoryGb,
    cores,
    pixelRatio,
    os,
    osMajor,
    downgraded,
    statusBarHeight,
    deviceId: deviceIdOf(info) ?? null,
    deviceIdSource: deviceIdSource(info),
  });
}
