import type { UploadToken } from '@h5/contract';
import { sha1 } from 'js-sha1';

/** base64 of bytes, without Node's Buffer (browsers have btoa). */
export function base64OfBytes(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** base64 HMAC-SHA1, synchronous (js-sha1): WebCrypto is missing on http: pages. */
export const hmacSha1Base64 = (secret: string, message: string): string =>
  base64OfBytes(sha1.hmac.arrayBuffer(secret, message));

/** One multipart request to sign (docs/upload-protocol.md §2). */
export interface SignInput {
  method: 'GET' | 'POST' | 'PUT';
  contentType: string;
  bucket: string;
  key: string;
  /** `?uploads`, `?partNumber=N&uploadId=ID` or `?uploadId=ID`, exactly as in the URL. */
  subresource: string;
  /** RFC 7231 date, sent as `x-oss-date`. */
  date: string;
}

/** The string the storage host signs with the credential's secret. */
export const stringToSign = (input: SignInput, securityToken: string): string =>
  [
    input.method,
    '',
    input.contentType,
    input.date,
    `x-oss-security-token:${securityToken}`,
    `/${input.bucket}/${input.key}${input.subresource}`,
  ].join('\n');

/** The signed headers of one multipart request (OSS header signing with the STS credential). */
export function signedHeaders(input: SignInput, token: UploadToken): Record<string, string> {
  const signature = hmacSha1Base64(token.accessKeySecret, stringToSign(input, token.securityToken));
  const headers: Record<string, string> = {
    'x-oss-security-token': token.securityToken,
    'x-oss-date': input.date,
    authorization: `OSS ${token.accessKeyId}:${signature}`,
  };
  if (input.contentType) headers['content-type'] = input.contentType;
  return headers;
}
