// Image quality, the login cookies (spec §3, §9) and the API hosts (DESIGN.md §4): what a page's
// first load reads. The request client's own constants are in request.ts.

/** Quality applied to CDN images. */
export const IMAGE_QUALITY = 75;
/** The quality suffix of spec §9. */
export const IMAGE_QUALITY_SUFFIX = `q_${IMAGE_QUALITY}`;
/** Quality asked for on a low device (spec §9 low-device rule; our choice, below the spec's q_75). */
export const LOW_DEVICE_IMAGE_QUALITY = 50;
/** CDN images are converted to this format. */
export const IMAGE_TARGET_FORMAT = 'webp';
/** Login token cookie; its presence alone counts as logged in (spec §3). */
export const DU_TOKEN_COOKIE = 'duToken';
/** Separator inside duToken; the second part is the user id. */
export const DU_TOKEN_SEPARATOR = '|';
/** Auth cookie and header stored beside duToken. */
export const X_AUTH_TOKEN = 'x-auth-token';
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
