/** The H5's upload config (spec §3 Upload config): the app gateway with the session's x-auth-token. */
export interface H5UploadConfig {
  appId: string;
  gateway: 'app';
  gatewayKey: string;
  cookieKey: string;
  strictPictureApp: boolean;
  monitorName: string;
  monitorEnv: string;
  monitorUser: string;
}

/** The app id, and the monitor name, the upload apps table knows the H5 by. */
export const H5_UPLOAD_APP_ID = 'community-h5';

/** Monitor user of a visitor (no user id). */
export const VISITOR_MONITOR_USER = 'visitor';

/** The H5's config for `initUpload`: monitorEnv is the runtime's appEnv, monitorUser the viewer's id. */
export function h5UploadConfig(appEnv: string, userId: number | null | undefined): H5UploadConfig {
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
