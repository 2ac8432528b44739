import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent } from '@h5/contract';

/** How long a queued event lives before the tracker drops it (spec §4: 10800000 ms). */
export const EVENT_TTL_MS = 10_800_000;

/** A fresh, valid queued event (a feed exposure happening now) with a unique uuid; override any field. */
export function analyticsEvent(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  const occurredAt = overrides.occurredAt ?? Date.now();
  return {
    uuid: randomUUID(),
    tracker: 'h5',
    event: 'feedExposure',
    payload: { pageId: 9, contentId: 42, position: 0 },
    occurredAt,
    expiresAt: occurredAt + EVENT_TTL_MS,
    ...overrides,
  };
}
