// Image, HTTP and cookie identifiers (spec §3, §8, §9), the risk check and the API hosts (DESIGN.md §4).

/** Quality applied to CDN images. */
export const IMAGE_QUALITY = 75;
/** The quality suffix of spec §9. */
export const IMAGE_QUALITY_SUFFIX = `q_${IMAGE_QUALITY}`;
/** Quality asked for on a low device (spec §9 low-device rule; our choice, below the spec's q_75). */
export const LOW_DEVICE_IMAGE_QUALITY = 50;
/** CDN images are converted to this format. */
export const IMAGE_TARGET_FORMAT = 'webp';

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

/** Login token cookie; its presence alone counts as logged in (spec §3). */
export const DU_TOKEN_COOKIE = 'duToken';
/** Separator inside duToken; the second part is the user id. */
export const DU_TOKEN_SEPARATOR = '|';
/** Auth cookie and header stored beside duToken. */
export const X_AUTH_TOKEN = 'x-auth-token';

/** HTTP status of a risk-check answer (spec §8, DESIGN.md §4). */
export const RISK_CHECK_STATUS = 485;
/** The header that carries a passed captcha's session id when a call is replayed. */
export const CAPTCHA_SESSION_HEADER = 'x-captcha-session';
/** The header that carries the app's device id (platform info's deviceId / duid / uuid, spec §3). */
export const DEVICE_ID_HEADER = 'x-device-id';

/** Application environments (DESIGN.md §4); `local` is the page's own origin. */
export const APP_ENVS = ['local', 't0', 't1', 'pre', 'pro', 'perf', 'xdw'] as const;
/** One application environment. */
export type AppEnv = (typeof APP_ENVS)[number];
/** The API host of each deployed environment (spec §7); `local` uses the page's own origin. */
export const API_HOSTS: Readonly<Record<Exclude<AppEnv, 'local'>, string>> = {
  t0: 'https://t0-api.community-h5.com',
  t1: 'https://t1-api.community-h5.com',
  pre: 'https://pre-api.community-h5.com',
  pro: 'https://api.community-h5.com',
  perf: 'https://perf-api.community-h5.com',
  xdw: 'https://xdw-api.community-h5.com',
};
/** Where the server serves the browser captcha SDK (spec §4, the browser captcha script). */
export const CAPTCHA_SDK_PATH = '/captcha/sdk.js';
