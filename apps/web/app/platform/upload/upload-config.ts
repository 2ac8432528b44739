import type { UploadConfig } from '@h5/upload';

/** The app id, and the monitor name, the upload apps table knows the H5 by. */
export const H5_UPLOAD_APP_ID = 'community-h5';

/** Where feedback evidence images are stored, under the app's folder (`community-h5/feedback/…`). */
export const EVIDENCE_FOLDER = 'feedback';
/** Where video account screenshots are stored (`community-h5/video-account/…`). */
export const VIDEO_ACCOUNT_FOLDER = 'video-account';
/** Where shoe evaluation photos are stored (`community-h5/shoe-eval/…`). */
export const SHOE_EVAL_FOLDER = 'shoe-eval';

/** Monitor user of a visitor (no user id). */
export const VISITOR_MONITOR_USER = 'visitor';

/** The H5's config for `initUpload`: monitorEnv is the runtime's appEnv, monitorUser the viewer's id. */
export function h5UploadConfig(appEnv: string, userId: number | null | undefined): UploadConfig {
  return {
    appId: H5_UPLOAD_APP_ID,
    gateway: 'app',
    gatewayKey: 'x-auth-token',
    cookieKey: 'x-auth-token',
    strictPictureApp: true,
    monitorName: H5_UPLOAD_APP_ID,
    monitorEnv: appEnv,
    monitorUser: userId ? String(userId) : VISITOR_MONITOR_USER,
  };
}
/** Where the 520 AI-image activity's photos are stored (`community-h5/activity-520/…`). */
export const AI_520_FOLDER = 'activity-520';
/** Where the pictures of published posts are stored (`community-h5/publish/…`). */
export const PUBLISH_FOLDER = 'publish';
