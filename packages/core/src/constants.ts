/**
 * Business constants and limits of spec §9 (plus the few fixed identifiers of §2–§4 that
 * several packages share). Values are the spec's own numbers; names say what they bound.
 */

// ── Timing ──────────────────────────────────────────────────────────────────

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

// ── Codes and versions ──────────────────────────────────────────────────────

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

// ── Limits ──────────────────────────────────────────────────────────────────

/** Part size of a multipart upload. */
export const MULTIPART_CHUNK_BYTES = 819_200;
/** Bytes in one MB as the upload size messages count it. */
export const BYTES_PER_MB = 1024 * 1024;
/** Default client-side image size limit; the caller may lower it. */
export const CLIENT_IMAGE_MAX_MB = 20;
/** Image size limit of the server upload. */
export const SERVER_IMAGE_MAX_MB = 100;
/** Without caller limits: each side must stay under this... */
export const DEFAULT_MAX_SIDE_PX = 16_384;
/** ...and the total pixels under this. */
export const DEFAULT_MAX_PIXELS = 16_777_216;
/** With caller limits: each side must stay under this... */
export const LIMITED_MAX_SIDE_PX = 30_000;
/** ...and the total pixels under this. */
export const LIMITED_MAX_PIXELS = 250_000_000;
/** Images in article text are resized to this width. */
export const ARTICLE_IMAGE_WIDTH = 1005;
/** Video sources in article text start here (seconds), so the first frame shows as a poster. */
export const VIDEO_START_OFFSET_S = 0.1;

// ── Image, HTTP, cookies ────────────────────────────────────────────────────

/** Quality applied to CDN images. */
export const IMAGE_QUALITY = 75;
/** The quality suffix of spec §9. */
export const IMAGE_QUALITY_SUFFIX = `q_${IMAGE_QUALITY}`;
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

/** Query flag (and local-storage key) of downgrade mode. */
export const DOWNGRADE_QUERY_FLAG = 'downgrade_to_export';
/** Query parameters the pages read (spec §2). */
export const QUERY_PARAMS = {
  debug: 'debug',
  streamId: 'streamId',
  streamLogId: 'streamLogId',
  userRole: 'userRole',
  openTestHelper: 'openTestHelper',
  cancelDelay: 'cancelDelay',
  downgrade: DOWNGRADE_QUERY_FLAG,
} as const;
/** `debug=1` switches the debug console on. */
export const DEBUG_QUERY_ON = '1';
/** `userRole=1` marks the user as the host in a live context (spec §6). */
export const USER_ROLE_HOST = 1;

// ── Share channels ──────────────────────────────────────────────────────────

/** Native share channel ids (spec §9). copyUrl/copyLink and wechatMoment/friends share an id. */
export const SHARE_CHANNELS = {
  qq: 4,
  weibo: 3,
  wechat: 1,
  wechatMoment: 2,
  copyUrl: 13,
  copyLink: 13,
  saveToAlbum: 12,
  friends: 2,
  privateLetter: 14,
} as const;

// ── Content ─────────────────────────────────────────────────────────────────

/** Content types (spec §3). */
export const CONTENT_TYPE = {
  PicText: 0,
  Video: 1,
  NoPic: 2,
  RichText: 3,
} as const;
/** A content type value. */
export type ContentType = (typeof CONTENT_TYPE)[keyof typeof CONTENT_TYPE];

/** Content categories (spec §3). */
export const CONTENT_CATEGORY = {
  HotRecommend: 0,
  PlatformRules: 6,
  OperationalSkills: 7,
  PlatformGameplay: 8,
  VideoArea: 9,
  CategoryAdvancement: 10,
  CreativeRealization: 11,
  LiveSkills: 12,
} as const;
/** A content category value. */
export type ContentCategory = (typeof CONTENT_CATEGORY)[keyof typeof CONTENT_CATEGORY];

/** A product card's isCollection of 1 means the user already wants the item (spec §3). */
export const PRODUCT_WANTED = 1;

// ── Display rules ───────────────────────────────────────────────────────────

/** Counts from here on are shown in 万 / w. */
export const COUNT_WAN = 10_000;
/** Counts from here on are shown in k (k/m style). */
export const COUNT_THOUSAND = 1000;
/** Counts from here on are shown in m (k/m style). */
export const COUNT_MILLION = 1_000_000;

/** Stars drawn for a score. */
export const STAR_COUNT = 5;
/** Highest score a rating can have. */
export const STAR_SCORE_MAX = 10;

/** Low device: memory at or below this many GB... */
export const LOW_DEVICE_MAX_MEMORY_GB = 2;
/** ...or fewer CPU cores than this... */
export const LOW_DEVICE_MIN_CORES = 4;
/** ...or iOS at or below this major... */
export const LOW_DEVICE_MAX_IOS_MAJOR = 11;
/** ...or Android at or below this major... */
export const LOW_DEVICE_MAX_ANDROID_MAJOR = 8;
/** ...or a pixel ratio under this. */
export const LOW_DEVICE_MIN_PIXEL_RATIO = 2;

// ── Login gating, native login, colouring (spec §2, §3, §6) ─────────────────

/** Native actions a visitor may not take: they open the login modal instead (spec §6). */
export const LOGIN_GATED_ACTIONS = [
  'getCoupon',
  'applySettle',
  'getShareInfo',
  'shareGetCoupon',
  'getShareCoupon',
  'goRedPacketPage',
  'connectStaff',
  'applyDr',
  'requestPush',
  'zan',
  'replyUser',
  'deleteReply',
  'upload',
  'uploadSuccess',
  'fav',
  'openMoreManagerDialog',
  'showOrHideReply',
  'GoCertivify',
] as const;
/** A native action that needs login. */
export type LoginGatedAction = (typeof LOGIN_GATED_ACTIONS)[number];

/** Activity pages under h5-sociality that do not reload after a native login (spec §2). */
export const RELOAD_EXEMPT_PATHS = [
  '/h5-sociality/strange-encounters',
  '/h5-sociality/520',
  '/h5-sociality/tanabata',
  '/h5-sociality/gravity/xinyin',
] as const;

/** Flow-type (traffic colouring) value: local-storage key and cookie name (spec §3). */
export const FLOW_TYPE_KEY = 'flowType';
/** The request header that carries the flow-type value to the server. */
export const FLOW_TYPE_HEADER = 'x-flow-type';
/** Local-storage key of the anonymous device id (spec §3). */
export const ANONYMOUS_ID_KEY = 'h5AnonymousId';

/** HTTP status of a risk-check answer (spec §8, DESIGN.md §4). */
export const RISK_CHECK_STATUS = 485;
/** The header that carries a passed captcha's session id when a call is replayed. */
export const CAPTCHA_SESSION_HEADER = 'x-captcha-session';

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
