import type { BridgeCallRecord } from '@h5/bridge';
import type { AnalyticsStats } from '@h5/tracker';

/** An upload of this page as the debug console lists it. */
export interface UploadRecord {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  percent: number;
  state: 'checking' | 'uploading' | 'done' | 'error';
  error?: string;
}

/** The device as the platform boot judged it (low-device rule of spec §9, downgrade, platform info). */
export interface DeviceRecord {
  lowDevice: boolean;
  /** navigator.deviceMemory, hardwareConcurrency, devicePixelRatio; absent when the browser hides them. */
  memoryGb?: number | undefined;
  cores?: number | undefined;
  pixelRatio?: number | undefined;
  os: 'ios' | 'android' | 'other';
  osMajor?: number | undefined;
  downgraded: boolean;
  /** From platform info, in CSS pixels; null when the app did not give one. */
  statusBarHeight: number | null;
  /** Platform info's device id: deviceId or duid replaces uuid (spec §3). */
  deviceId: string | null;
  deviceIdSource: 'deviceId' | 'duid' | 'uuid' | null;
}

/**
 * A failed API call with what users are not shown (issue 26 point 8): its code and the server's
 * own text (a 400's `field: reason`), beside the sentence the page showed instead.
 */
export interface FailedCallRecord {
  at: number;
  method: string;
  path: string;
  httpStatus: number;
  code: number;
  /** The server's text, else the message (they are the same but for a 400). */
  detail: string;
}

/** What the debug console's platform tab shows. */
export interface Diagnostics {
  /** Newest first, at most {@link MAX_BRIDGE_CALLS}. */
  bridgeCalls: BridgeCallRecord[];
  /** Newest first, at most {@link MAX_FAILED_CALLS}. */
  failedCalls: FailedCallRecord[];
  uploads: UploadRecord[];
  analytics: AnalyticsStats | null;
  device: DeviceRecord | null;
}

/** Bridge calls kept for the log. */
export const MAX_BRIDGE_CALLS = 50;
/** Failed API calls kept for the log. */
export const MAX_FAILED_CALLS = 20;
/** Finished uploads kept in the list. */
const MAX_FINISHED_UPLOADS = 20;

const bridgeCalls: BridgeCallRecord[] = [];
const failedCalls: FailedCallRecord[] = [];
const uploads = new Map<string, UploadRecord>();
let analyticsStats: (() => AnalyticsStats) | null = null;
let device: DeviceRecord | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** A bridge call started or settled (the bridge's `onCall`; the record is updated in place). */
export function recordBridgeCall(record: BridgeCallRecord): void {
  if (!bridgeCalls.includes(record)) {
    bridgeCalls.unshift(record);
    bridgeCalls.length = Math.min(bridgeCalls.length, MAX_BRIDGE_CALLS);
  }
  changed();
}

/** A failed API call (the request client's `onFailure`). */
export function recordFailedCall(record: FailedCallRecord): void {
  failedCalls.unshift({ ...record });
  failedCalls.length = Math.min(failedCalls.length, MAX_FAILED_CALLS);
  changed();
}

/** An upload's state now; the oldest finished ones are dropped past a limit. */
export function recordUpload(record: UploadRecord): void {
  uploads.set(record.id, { ...record });
  const finished = [...uploads.values()].filter((u) => u.state === 'done' || u.state === 'error');
  for (const old of finished.slice(0, Math.max(0, finished.length - MAX_FINISHED_UPLOADS)))
    uploads.delete(old.id);
  changed();
}

/** Where the analytics queue's figures come from (the page's analytics, once started). */
export function setAnalyticsStats(read: () => AnalyticsStats): void {
  analyticsStats = read;
  changed();
}

/** The device record, whenever the platform boot judges the device again (platform info arrived). */
export function setDeviceRecord(record: DeviceRecord): void {
  device = { ...record };
  changed();
}

/** Everything the platform tab shows, now. */
export function readDiagnostics(): Diagnostics {
  return {
    bridgeCalls: bridgeCalls.map((call) => ({ ...call })),
    failedCalls: failedCalls.map((call) => ({ ...call })),
    uploads: [...uploads.values()].reverse(),
    analytics: analyticsStats?.() ?? null,
    device: device && { ...device },
  };
}

/** Calls `listener` on every change; returns the unsubscribe. */
export function onDiagnostics(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
