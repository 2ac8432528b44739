// Timing of spec §9: queues, checks, time-outs, retries.

/** A queued analytics event is dropped after 3 hours (spec §4). */
export const ANALYTICS_EVENT_EXPIRY_MS = 10_800_000;
/** The analytics queue is drained on this interval. */
export const ANALYTICS_POLL_INTERVAL_MS = 200;
/** At most this many stored events are read per queue cycle. */
export const ANALYTICS_BATCH_SIZE = 100;
/** The exposure check re-runs this many times after mount... */
export const EXPOSURE_CHECK_RUNS = 6;
/** ...at this interval, because images and lazy blocks shift the layout after first paint. */
export const EXPOSURE_CHECK_INTERVAL_MS = 500;
/** Exposure is re-checked on scroll, debounced by this much. */
export const SCROLL_DEBOUNCE_MS = 100;
/** Product API calls give up after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The static config CDN client (configCenter JSON) gives up after 20 s. */
export const STATIC_CONFIG_TIMEOUT_MS = 20_000;
/** Uploads get a longer budget than API calls: files are large and mobile links slow. */
export const UPLOAD_TIMEOUT_MS = 120_000;
/** A server-side prefetch slower than this is abandoned; the page renders on the client. */
export const PREFETCH_TIMEOUT_MS = 3000;
/** The track-source lookup gives up after this. */
export const TRACK_SOURCE_TIMEOUT_MS = 3000;
/** The native platform-info call rejects after this. */
export const PLATFORM_INFO_TIMEOUT_MS = 2000;
/** The page wrapper holds content back until platform info arrives or this much time passes (spec §2). */
export const PAGE_PLATFORM_INFO_WAIT_MS = 1000;
/** Evoking the captcha is retried up to this many times... */
export const CAPTCHA_EVOKE_MAX_RETRIES = 10;
/** ...at this interval, because the captcha SDK may still be loading. */
export const CAPTCHA_EVOKE_INTERVAL_MS = 1000;
