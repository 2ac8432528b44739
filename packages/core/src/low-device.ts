import {
  LOW_DEVICE_MAX_ANDROID_MAJOR,
  LOW_DEVICE_MAX_IOS_MAJOR,
  LOW_DEVICE_MAX_MEMORY_GB,
  LOW_DEVICE_MIN_CORES,
  LOW_DEVICE_MIN_PIXEL_RATIO,
} from './constants';

/** What the caller knows about the device; a missing fact never makes a device low. */
export interface DeviceFacts {
  /** navigator.deviceMemory, in GB. */
  memoryGb?: number | undefined;
  /** navigator.hardwareConcurrency. */
  cores?: number | undefined;
  /** iOS major version, when on iOS. */
  iosMajor?: number | undefined;
  /** Android major version, when on Android. */
  androidMajor?: number | undefined;
  /** window.devicePixelRatio. */
  pixelRatio?: number | undefined;
}

/** Low-device rule of spec §9: ≤ 2 GB, < 4 cores, iOS ≤ 11, Android ≤ 8, or pixel ratio < 2. */
export function isLowDevice(facts: DeviceFacts): boolean {
  const { memoryGb, cores, iosMajor, androidMajor, pixelRatio } = facts;
  return (
    (memoryGb !== undefined && memoryGb <= LOW_DEVICE_MAX_MEMORY_GB) ||
    (cores !== undefined && cores < LOW_DEVICE_MIN_CORES) ||
    (iosMajor !== undefined && iosMajor <= LOW_DEVICE_MAX_IOS_MAJOR) ||
    (androidMajor !== undefined && androidMajor <= LOW_DEVICE_MAX_ANDROID_MAJOR) ||
    (pixelRatio !== undefined && pixelRatio < LOW_DEVICE_MIN_PIXEL_RATIO)
  );
}
