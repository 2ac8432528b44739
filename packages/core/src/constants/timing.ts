// Timing of spec §9 that pages read as they load: the prefetch limit and platform info. The request
// client's time-outs are in request.ts, the analytics queue's in analytics.ts.

/** A server-side prefetch slower than this is abandoned; the page renders on the client. */
export const PREFETCH_TIMEOUT_MS = 3000;
/** The native platform-info call rejects after this. */
export const PLATFORM_INFO_TIMEOUT_MS = 2000;
/** The page wrapper holds content back until platform info arrives or this much time passes (spec §2). */
export const PAGE_PLATFORM_INFO_WAIT_MS = 1000;
