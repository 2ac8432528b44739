/**
 * Aliyun OSS's V1 header signing, shared by the upload SDK (which signs) and the storage host
 * (which checks): `Authorization: OSS {accessKeyId}:{base64 HMAC-SHA1(secret, stringToSign)}`,
 * the scheme stock `ali-oss` clients use by default (docs/upload-protocol.md §2). Only the string
 * to sign lives here; each side computes the HMAC with its own crypto.
 */

/**
 * Query parameters OSS counts as sub-resources: the only ones in the canonicalized resource
 * (others, like list-parts' `max-parts`, are sent but never signed).
 */
export const OSS_SIGNED_SUBRESOURCES: ReadonlySet<string> = new Set([
  'acl',
  'append',
  'asyncFetch',
  'bucketInfo',
  'callback',
  'callback-var',
  'cname',
  'comp',
  'continuation-token',
  'cors',
  'delete',
  'encryption',
  'endTime',
  'img',
  'inventory',
  'inventoryId',
  'lifecycle',
  'live',
  'location',
  'logging',
  'objectMeta',
  'partNumber',
  'policy',
  'position',
  'qos',
  'qosInfo',
  'referer',
  'replication',
  'replicationLocation',
  'replicationProgress',
  'requestPayment',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'response-content-language',
  'response-content-type',
  'response-expires',
  'restore',
  'security-token',
  'sequential',
  'startTime',
  'stat',
  'status',
  'style',
  'styleName',
  'symlink',
  'tagging',
  'transferAcceleration',
  'udf',
  'udfApplication',
  'udfApplicationLog',
  'udfId',
  'udfImage',
  'udfImageDesc',
  'udfName',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'vod',
  'website',
  'worm',
  'wormExtend',
  'wormId',
  'x-oss-process',
  'x-oss-request-payer',
  'x-oss-traffic-limit',
]);

/** One request to sign or check; header names in any case, query values decoded. */
export interface OssSignable {
  method: string;
  headers: Readonly<Record<string, string | undefined>>;
  bucket: string;
  /** The object key as stored (not URL-encoded); '' for a bucket-level request. */
  key: string;
  query: ReadonlyArray<readonly [string, string]>;
}

/** `/{bucket}/{key}` and the signed sub-resources, sorted, `name` or `name=value`. */
export function ossCanonicalResource(bucket: string, key: string, query: OssSignable['query']): string {
  const signed = query
    .filter(([name]) => OSS_SIGNED_SUBRESOURCES.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => (value === '' ? name : `${name}=${value}`));
  return `/${bucket}/${key}${signed.length > 0 ? `?${signed.join('&')}` : ''}`;
}

/**
 * The V1 string to sign: verb, Content-MD5, Content-Type, the date (`x-oss-date`, which browsers
 * may set, else `Date`), every `x-oss-*` header lower-cased and sorted as `name:value`, then the
 * canonicalized resource, joined by newlines.
 */
export function ossStringToSign({ method, headers, bucket, key, query }: OssSignable): string {
  const lower = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) lower.set(name.toLowerCase(), value);
  }
  const ossHeaders = [...lower.keys()]
    .filter((name) => name.startsWith('x-oss-'))
    .sort()
    .map((name) => `${name}:${(lower.get(name) ?? '').trim()}`);
  return [
    method.toUpperCase(),
    lower.get('content-md5') ?? '',
    lower.get('content-type') ?? '',
    lower.get('x-oss-date') ?? lower.get('date') ?? '',
    ...ossHeaders,
    ossCanonicalResource(bucket, key, query),
  ].join('\n');
}

/** The `Authorization` header value of a request signed with `signature`. */
export const ossAuthorization = (accessKeyId: string, signature: string): string =>
  `OSS ${accessKeyId}:${signature}`;
