/**
 * The message catalogue: every user-visible string of the spec, keyed by meaning, in two locales
 * (DESIGN.md §6). zh-CN is what users see: `MESSAGES` and the `*_MESSAGES` sections. `en` holds
 * the spec's English texts word for word (`*_MESSAGES_EN`, `MESSAGES_EN`); texts the spec writes
 * in Chinese are the same in both (full-width punctuation included). Templated messages are functions so the
 * number or URL lands exactly where the spec puts it. Components and SDKs never hold raw text.
 *
 * One module per section (./messages/*.ts), each exported by name, so a web route that imports
 * `ERROR_PAGE_MESSAGES` ships that section only (first-load JS budget, DESIGN.md §8). `MESSAGES`
 * aggregates them under the original keys for callers that want the whole catalogue; importing
 * it pulls every section in, so browser code should import the sections it needs.
 */
import { AI_IMAGE_MESSAGES, AI_IMAGE_MESSAGES_EN } from './messages/ai-image';
import { CLIENT_MESSAGES, CLIENT_MESSAGES_EN } from './messages/client';
import { DEBUG_MESSAGES, DEBUG_MESSAGES_EN } from './messages/debug';
import { ERROR_PAGE_MESSAGES } from './messages/error-page';
import { FLOATING_BUTTONS_MESSAGES } from './messages/floating-buttons';
import { IMAGE_VIEWER_MESSAGES } from './messages/image-viewer';
import { PLACEHOLDER_MESSAGES, PLACEHOLDER_MESSAGES_EN } from './messages/placeholder';
import { REQUEST_MESSAGES, REQUEST_MESSAGES_EN } from './messages/request';
import { TELEMETRY_MESSAGES } from './messages/telemetry';
import { TRACKER_MESSAGES } from './messages/tracker';
import { UPLOAD_MESSAGES } from './messages/upload';

export { AI_IMAGE_MESSAGES, AI_IMAGE_MESSAGES_EN } from './messages/ai-image';
export { CLIENT_MESSAGES, CLIENT_MESSAGES_EN } from './messages/client';
export { DEBUG_MESSAGES, DEBUG_MESSAGES_EN } from './messages/debug';
export { ERROR_PAGE_MESSAGES } from './messages/error-page';
export { FLOATING_BUTTONS_MESSAGES } from './messages/floating-buttons';
export { IMAGE_VIEWER_MESSAGES } from './messages/image-viewer';
export { PLACEHOLDER_MESSAGES, PLACEHOLDER_MESSAGES_EN } from './messages/placeholder';
export { PLACEHOLDER_LOADING } from './messages/placeholder-loading';
export { REQUEST_MESSAGES, REQUEST_MESSAGES_EN } from './messages/request';
export { STORAGE_MESSAGE_FALLBACK, STORAGE_MESSAGES, storageMessageOf } from './messages/storage';
export { TELEMETRY_MESSAGES } from './messages/telemetry';
export { TRACKER_MESSAGES } from './messages/tracker';
export { UPLOAD_MESSAGES } from './messages/upload';

export const MESSAGES = {
  errorPage: ERROR_PAGE_MESSAGES,
  placeholder: PLACEHOLDER_MESSAGES,
  floatingButtons: FLOATING_BUTTONS_MESSAGES,
  /** Texts reported to telemetry (and, for render errors, the reason the error page shows). */
  telemetry: TELEMETRY_MESSAGES,
  debug: DEBUG_MESSAGES,
  request: REQUEST_MESSAGES,
  /** Generic HTTP client errors (spec §8, transport). */
  client: CLIENT_MESSAGES,
  aiImage: AI_IMAGE_MESSAGES,
  upload: UPLOAD_MESSAGES,
  imageViewer: IMAGE_VIEWER_MESSAGES,
  /** Tracker registration and configuration errors. */
  tracker: TRACKER_MESSAGES,
} as const;

/** The `en` locale: the spec's English texts word for word, the Chinese ones as they are. */
export const MESSAGES_EN = {
  ...MESSAGES,
  placeholder: PLACEHOLDER_MESSAGES_EN,
  debug: DEBUG_MESSAGES_EN,
  request: REQUEST_MESSAGES_EN,
  client: CLIENT_MESSAGES_EN,
  aiImage: AI_IMAGE_MESSAGES_EN,
} as const;

/** Both locales by name; users see `zh-CN`. */
export const CATALOGUE = { 'zh-CN': MESSAGES, en: MESSAGES_EN } as const;
export type Locale = keyof typeof CATALOGUE;
