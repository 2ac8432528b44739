// Envelope codes of the upload domain (docs/upload-protocol.md). They stay here, not in
// @h5/core, because only the server answers with them; the SDK reports `msg`.

/** A gateway's required caller parameter is missing (the message names it). */
export const UPLOAD_PARAM_MISSING = 4001;
/** The appId is not a registered upload app. */
export const UPLOAD_APP_UNKNOWN = 4002;
/** The caller's identity (backstageCode, openObject, accessToken) does not match the app. */
export const UPLOAD_IDENTITY_INVALID = 4003;
/** The server upload's file is over SERVER_IMAGE_MAX_MB. */
export const UPLOAD_TOO_LARGE = 4013;

export const UPLOAD_SERVER_MESSAGES = {
  appUnknown: (appId: string) => `appId 无效：${appId}`,
  backstageCodeInvalid: 'backstageCode 无效',
  openObjectInvalid: 'openObject 无效',
  headerMissing: (name: string) => `服务端上传必传请求头：【${name}】`,
  accessTokenInvalid: 'accessToken 无效',
  timestampStale: 'timestamp 已过期',
  fileMissing: '请传入文件',
  /** A body that is not whole multipart/form-data (cut off, no boundary). */
  formMalformed: '表单格式不正确或不完整',
} as const;
