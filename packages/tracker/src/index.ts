export { createUuid } from '@h5/core';
export { type BeaconRequest, type BeaconSender, createBeaconSender } from './beacon';
export { createBridgeTransport, type NativeTrackAnswer } from './bridge-transport';
export {
  type Analytics,
  type AnalyticsOptions,
  type AnalyticsStats,
  createAnalytics,
  DEFAULT_BUDGET_BYTES,
  DEFAULT_KEY_PREFIX,
  DEFAULT_TRACKER_NAME,
} from './create-analytics';
export { eventKey } from './event-key';
export {
  createExposureTracker,
  type ExposureOptions,
  type ExposureTarget,
  type ExposureTracker,
  type ExposureWindow,
  observeExposure,
  resetExposures,
} from './exposure';
export type { TrackerLogger } from './logger';
export { MemoryStorage } from './memory-storage';
export type { PageLike } from './page-lifecycle';
export { assertTracker, defaultRegistry, registerTracker, TrackerRegistry } from './registry';
export type { Scheduler } from './scheduler';
export type { StorageLike, StorageOption } from './storage-access';
export { landingSource, type SourceClues } from './track-source';
export { type TrackedEvent, Tracker } from './tracker';
export { isTrackerError, TrackerError, type TrackerErrorCode } from './tracker-error';
export {
  type AnalyticsTransport,
  type CollectAnswer,
  createCollectorTransport,
  isRateLimited,
  outcomeFromCollectAnswer,
  type SendOutcome,
} from './transport';
export type { LockManagerLike } from './web-lock';
