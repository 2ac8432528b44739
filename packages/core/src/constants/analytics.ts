// Analytics timing of spec §4 and §9: the queue, the exposure checks, the track source. Only the
// lazily loaded tracker and platform read them.

/** Exposure is re-checked on scroll, debounced by this much. */
export const SCROLL_DEBOUNCE_MS = 100;
/** Product API calls give up after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** The static config CDN client (configCenter JSON) gives up after 20 s. */
export const STATIC_CONFIG_TIMEOUT_MS = 20_000;
/** Uploads get a longer budget than API calls: files are large and mobile links slow. */
export const UPLOAD_TIMEOUT_MS = 120_000;
/** The track-source lookup gives up after this. */
export const TRACK_SOURCE_TIMEOUT_MS = 3000;
/** Evoking the captcha is retried up to this many times... */
export const CAPTCHA_EVOKE_MAX_RETRIES = 10;
/** ...at this interval, because the captcha SDK may still be loading. */
export const CAPTCHA_EVOKE_INTERVAL_MS = 1000;
