import type { UploadToken } from '@h5/contract';
import { ossAuthorization, ossStringToSign } from '@h5/core';
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

/** One storage request to sign (docs/upload-protocol.md §2). */
export interface SignInput {
  method: 'GET' | 'POST' | 'PUT';
  contentType: string;
  bucket: string;
  key: string;
  /** The query as in the URL (`uploads`, `partNumber=N&uploadId=ID`…), without `?`. */
  query: string;
  /** RFC 7231 date, sent as `x-oss-date` (browsers may not set `Date`). */
  date: string;
  /** More `x-oss-*` headers to send (and sign), e.g. `x-oss-object-acl`. */
  ossHeaders?: Readonly<Record<string, string>>;
}

/**
 * The headers of one request signed with the STS credential, OSS V1 header signing as stock
 * ali-oss does it: `x-oss-date`, `x-oss-security-token` and any other `x-oss-*` header are
 * signed, then `Authorization: OSS {accessKeyId}:{signature}`.
 */
export function signedHeaders(input: SignInput, token: UploadToken): Record<string, string> {
  const headers: Record<string, string> = {
    'x-oss-date': input.date,
    'x-oss-security-token': token.securityToken,
    ...input.ossHeaders,
  };
  if (input.contentType) headers['content-type'] = input.contentType;
  const stringToSign = ossStringToSign({
    method: input.method,
    headers,
    bucket: input.bucket,
    key: input.key,
    query: [...new URLSearchParams(input.query).entries()],
  });
  headers.authorization = ossAuthorization(
    token.accessKeyId,
    hmacSha1Base64(token.accessKeySecret, stringToSign),
  );
  return headers;
}
