/**
 * What a person is shown for each storage error code (OSS's codes, from our storage host or from
 * real OSS): the SDK reads a body's own person text first, then this (spec §8: msg, statusText,
 * message). Ours: the spec gives no texts for the store's refusals.
 */
export const STORAGE_MESSAGES: Readonly<Record<string, string>> = {
  EntityTooLarge: '文件超过允许的大小，请压缩后重新上传',
  EntityTooSmall: '文件小于允许的最小大小，请检查后重新上传',
  AccessDenied: '上传凭证无权写入或已过期，请重新上传',
  SignatureDoesNotMatch: '上传签名校验失败，请重新上传',
  InvalidAccessKeyId: '上传凭证无效，请重新上传',
  SecurityTokenExpired: '上传凭证已过期，请重新上传',
  InvalidSecurityToken: '上传凭证无效，请重新上传',
  InvalidPolicyDocument: '上传策略无效，请重新上传',
  InvalidObjectName: '文件路径不合法',
  InvalidArgument: '上传参数不完整，请重新上传',
  NoSuchUpload: '分片上传已失效，请重新上传',
  NoSuchKey: '文件不存在',
  NoSuchBucket: '存储空间不存在',
  InvalidPart: '分片不完整，请重新上传',
  InvalidPartOrder: '分片顺序有误，请重新上传',
  InvalidDigest: '文件校验失败，请重新上传',
  MalformedXML: '上传参数不完整，请重新上传',
  MalformedPOSTRequest: '上传表单格式不正确或不完整，请重新上传',
  RequestTimeTooSkewed: '设备时间与服务器相差过大，请校准时间后重试',
  MethodNotAllowed: '不支持的上传请求',
  NotImplemented: '不支持的上传请求',
  OperationAborted: '文件正在合并中，请稍后重试',
  SlowDown: '图片处理繁忙，请稍后重试',
  ServiceUnavailable: '服务暂时不可用，请稍后重试',
};

/** The text of a storage refusal without its own. */
export const STORAGE_MESSAGE_FALLBACK = '上传失败，请重试';

/** The person-facing text of a storage error code. */
export const storageMessageOf = (code: string): string => STORAGE_MESSAGES[code] ?? STORAGE_MESSAGE_FALLBACK;
