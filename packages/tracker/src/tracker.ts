import type { AnalyticsEventName } from '@h5/contract';

/** One `track()` call as every registered tracker receives it. */
export interface TrackedEvent {
  event: AnalyticsEventName;
  payload: Readonly<Record<string, unknown>>;
  /** Epoch ms of the call. */
  occurredAt: number;
}

/**
 * The tracker base class (spec §5): a named sink with a target that receives every tracked event.
 * The analytics registers one of its own (the persistent queue); others (a debug console, a
 * third-party SDK) register beside it. Registration checks instance-of, name, target and track.
 */
export abstract class Tracker {
  /** Unique in a registry; stored on each queued event as its tracker name. */
  abstract readonly name: string;
  /** Where the tracker delivers: a collector path, 'native', 'console'… */
  abstract readonly target: string;
  /** Receives one event; must be cheap (it runs inside the page's `track()` call). */
  abstract track(event: TrackedEvent): void;
}
