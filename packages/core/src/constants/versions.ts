// Codes and versions of spec §9: allowed low-level codes, fallbacks, feature minimums.

/** Low-level (native/bridge) result codes that count as "not an error". */
export const LOW_LEVEL_ALLOWED_CODES = [0, 1, 2, 4] as const;
/** The native captcha verify passed when status is 200 and code is this (spec §4). */
export const NATIVE_VERIFY_PASS_CODE = 1;
/** App version assumed when the user agent carries no parsable version. */
export const DEFAULT_APP_VERSION = '4.4.0';
/** Our client id on the wire. */
export const CLIENT_ID = 'h5';
/** Native version assumed when the app does not report one. */
export const DEFAULT_NATIVE_VERSION = '4.92.0';
/** The `version` header sent with content-detail. */
export const CONTENT_DETAIL_HEADER_VERSION = '4.83.0';
/** Release tag of this build (telemetry). */
export const BUILD_RELEASE = '5.79.1';

/** Native features that exist only from some app version on. */
export type AppFeature = 'chat' | 'platformInfo' | 'twoElementRealName' | 'imagePreview' | 'channelShare';

/** Minimum native app version per feature (spec §9). */
export const FEATURE_MIN_VERSIONS: Readonly<Record<AppFeature, string>> = {
  chat: '5.7.0',
  platformInfo: '5.10.0',
  twoElementRealName: '5.26.0',
  imagePreview: '5.0.0',
  channelShare: '4.38.5',
};

/** Analytics page identifiers used by the product (spec §2). */
export const ANALYTICS_PAGE_IDS = [9, 637] as const;
