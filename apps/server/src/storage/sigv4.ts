import { createHash, createHmac } from 'node:crypto';

/** sha256 hex of the empty payload (GET, HEAD, DELETE). */
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export interface SigV4Request {
  method: string;
  url: URL;
  /** Every header to sign, `host` included (names in any case). */
  headers: Readonly<Record<string, string>>;
  /** Hex sha256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  /** `YYYYMMDDTHHMMSSZ`, the same instant as the x-amz-date header. */
  amzDate: string;
  region: string;
  service: string;
  accessKeyId: string;
}

export interface SigV4Result {
  authorization: string;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

/** RFC 3986 percent-encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
export const rfc3986 = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `YYYYMMDDTHHMMSSZ` of an instant. */
export const amzDateOf = (date: Date): string =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string): string => createHash('sha256').update(data).digest('hex');

/** The path of the URL with each segment encoded once (S3 rule: no double encoding). */
function canonicalUri(url: URL): string {
  const path = url.pathname || '/';
  return path
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams].map(([key, value]) => [rfc3986(key), rfc3986(value)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1));
  return pairs.map(([key, value]) => `${key}=${value}`).join('&');
}

/** AWS Signature Version 4 of one request: the Authorization header and its intermediate strings. */
export function signV4(request: SigV4Request, secretAccessKey: string): SigV4Result {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(request.url),
    canonicalQuery(request.url),
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const day = request.amzDate.slice(0, 8);
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', request.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), request.region), request.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    canonicalRequest,
    stringToSign,
    signature,
  };
}
