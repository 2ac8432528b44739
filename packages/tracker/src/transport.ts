import type { AnalyticsEvent } from '@h5/contract';
import { TOO_MANY_REQUESTS } from '@h5/core';

/**
 * True when a send failed because the receiver is rate-limiting this sender (HTTP 429: an error
 * with `httpStatus` 429, as the request client's ApiError): the batch is kept, and the queue
 * pauses before it sends again (and hands nothing to a page-hide beacon, which would be refused
 * the same way and lose the events).
 */
export const isRateLimited = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { httpStatus?: unknown }).httpStatus === TOO_MANY_REQUESTS;

/**
 * A transport's verdict on one batch. Uuids in neither list (or a rejected promise) are kept and
 * sent again on a later tick; list a uuid as failed only when resending cannot help.
 */
export interface SendOutcome {
  /** Stored by the receiver, now or before (a duplicate): removed from the queue. */
  succeeded: readonly string[];
  /** Refused for good (bad payload): removed and logged. */
  failedPermanently: readonly string[];
  /** Why, by uuid, for the log. */
  reasons?: Readonly<Record<string, string>>;
}

/** Delivers batches of up to 100 events (HTTP collector, native bridge…). */
export interface AnalyticsTransport {
  send(events: AnalyticsEvent[]): Promise<SendOutcome>;
  /** Where it delivers, shown as the queue tracker's target (default 'collector'). */
  readonly target?: string;
}

/** The collector's answer (contract `collectEvents` response: accepted, duplicates, rejected). */
export interface CollectAnswer {
  accepted: readonly string[];
  duplicates: readonly string[];
  rejected: readonly { index: number; uuid: string | null; reason: string }[];
}

/** Maps the collector's answer for `events` to a send outcome (a rejection without uuid by its index). */
export function outcomeFromCollectAnswer(
  events: readonly AnalyticsEvent[],
  answer: CollectAnswer,
): SendOutcome {
  const reasons: Record<string, string> = {};
  const failedPermanently: string[] = [];
  for (const rejection of answer.rejected) {
    const uuid = rejection.uuid ?? events[rejection.index]?.uuid;
    if (!uuid) continue;
    failedPermanently.push(uuid);
    reasons[uuid] = rejection.reason;
  }
  return { succeeded: [...answer.accepted, ...answer.duplicates], failedPermanently, reasons };
}

/**
 * An HTTP transport over the app's API client: `post` makes the contract's `collectEvents` call
 * (signed, POST /sns-analytics/v1/common/h5/collect) and resolves with its data; a rejection (network,
 * time-out, 5xx) keeps the batch for the next tick, and a 429 ({@link isRateLimited}) keeps it
 * for after a pause.
 */
export function createCollectorTransport(
  post: (body: { events: AnalyticsEvent[] }) => Promise<CollectAnswer>,
): AnalyticsTransport {
  return {
    target: 'collector',
    send: async (events) => outcomeFromCollectAnswer(events, await post({ events })),
  };
}
