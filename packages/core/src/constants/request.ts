// The request client's constants (spec §3, §4, §8, §9): the success range, XSRF, the risk check
// and captcha, the device id header, time-outs. Only the lazily loaded client reads them, so a
// page's first load does not carry them (first-load JS, DESIGN.md §8).

/** HTTP client default time-out: none (the product layer sets {@link REQUEST_TIMEOUT_MS}). */
export const HTTP_CLIENT_DEFAULT_TIMEOUT_MS = 0;
/** Lowest HTTP status the client treats as success. */
export const HTTP_SUCCESS_STATUS_MIN = 200;
/** Highest HTTP status the client treats as success. */
export const HTTP_SUCCESS_STATUS_MAX = 299;
/** Cookie the XSRF token is read from. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
/** Header the XSRF token is sent in. */
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';
/** HTTP status of a risk-check answer (spec §8, DESIGN.md §4). */
export const RISK_CHECK_STATUS = 485;
/** The header that carries a passed captcha's session id when a call is replayed. */
export const CAPTCHA_SESSION_HEADER = 'x-captcha-session';
/**
 * The header that repeats a POST body's `requestId` (the server deduplicates on it), so a balancer,
 * which cannot read the body, knows the POST may be sent to a second node (docs/deploy.md).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The header that carries the app's device id (platform info's deviceId / duid / uuid, spec §3). */
export const DEVICE_ID_HEADER = 'x-device-id';
/** Where the server serves the browser captcha SDK (spec §4, the browser captcha script). */
export const CAPTCHA_SDK_PATH = '/captcha/sdk.js';
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
