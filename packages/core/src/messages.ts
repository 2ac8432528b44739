/**
 * The message catalogue: every user-visible string of the spec, verbatim (full-width
 * punctuation included), keyed by meaning. Templated messages are functions so the
 * number or URL lands exactly where the spec puts it. Components and SDKs never hold raw text.
 *
 * One module per section (./messages/*.ts), each exported by name, so a web route that imports
 * `ERROR_PAGE_MESSAGES` ships that section only (first-load JS budget, DESIGN.md §8). `MESSAGES`
 * aggregates them under the original keys for callers that want the whole catalogue; importing
 * it pulls every section in, so browser code should import the sections it needs.
 */
import { AI_IMAGE_MESSAGES } from './messages/ai-image';
import { CLIENT_MESSAGES } from './messages/client';
import { DEBUG_MESSAGES } from './messages/debug';
import { ERROR_PAGE_MESSAGES } from './messages/error-page';
import { FLOATING_BUTTONS_MESSAGES } from './messages/floating-buttons';
import { IMAGE_VIEWER_MESSAGES } from './messages/image-viewer';
import { PLACEHOLDER_MESSAGES } from './messages/placeholder';
import { REQUEST_MESSAGES } from './messages/request';
import { TELEMETRY_MESSAGES } from './messages/telemetry';
import { TRACKER_MESSAGES } from './messages/tracker';
import { UPLOAD_MESSAGES } from './messages/upload';

export { AI_IMAGE_MESSAGES } from './messages/ai-image';
export { CLIENT_MESSAGES } from './messages/client';
export { DEBUG_MESSAGES } from './messages/debug';
export { ERROR_PAGE_MESSAGES } from './messages/error-page';
export { FLOATING_BUTTONS_MESSAGES } from './messages/floating-buttons';
export { IMAGE_VIEWER_MESSAGES } from './messages/image-viewer';
export { PLACEHOLDER_MESSAGES } from './messages/placeholder';
export { REQUEST_MESSAGES } from './messages/request';
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
