/**
 * Test fixtures of this package (not exported by the index): an in-memory storage host, token
 * gateway and media centre that implement docs/upload-protocol.md in OSS's wire form — PostObject
 * policy and signature, OSS V1 header signing checked with the platform's WebCrypto (Node's
 * crypto.subtle, not js-sha1, and a string to sign built here, not by @h5/core, so a wrong
 * signature in the SDK fails; WebCrypto rather than a node:crypto import keeps this package's
 * typecheck free of Node types), XML answers and `<Error>` documents, list-parts, complete —
 * plus a recording fake `api`.
 */
import type { Endpoint, FileTypeEnum, StoredObject, UploadToken } from '@h5/contract';
import { upload } from '@h5/contract';
import { MULTIPART_CHUNK_BYTES } from '@h5/core';
import type { KeyValueStorage, UploadConfig, UploadDeps } from './config';
import type { Transport, TransportRequest, TransportResponse } from './transport';

export const ORIGIN = 'https://h5.test';
export const BUCKET = 'community-h5';
export const OSS_HOST = `${ORIGIN}/oss/${BUCKET}`;
export const CDN_HOST = `${ORIGIN}/cdn`;

export const FILE_TYPES: FileTypeEnum = {
  image: {
    suffixes: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
    mime: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  },
  video: { suffixes: ['mp4', 'mov'], mime: ['video/mp4'] },
  document: { suffixes: ['pdf', 'txt'], mime: ['application/pdf', 'text/plain'] },
};

export const JPG_BYTES = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
export const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];

/** A named file of `size` bytes starting with `head` (deterministic filler after it). */
export function makeFile(
  name: string,
  size: number,
  options: { head?: number[]; type?: string; lastModified?: number } = {},
): File {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 0xff;
  bytes.set((options.head ?? []).slice(0, size));
  return new File([bytes], name, {
    type: options.type ?? '',
    lastModified: options.lastModified ?? 1_700_000_000_000,
  });
}

/** A Map-backed Web Storage. */
export function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

export const baseConfig = (overrides: Partial<UploadConfig> = {}): UploadConfig => ({
  appId: 'community-h5',
  gateway: 'app',
  gatewayKey: 'duToken',
  cookieKey: 'duToken',
  monitorName: 'h5-upload',
  monitorEnv: 'test',
  monitorUser: 'tester',
  ...overrides,
});

interface Credential {
  token: UploadToken;
  expired: boolean;
}

interface MultipartSession {
  key: string;
  contentType: string;
  parts: Map<number, { etag: string; bytes: Uint8Array<ArrayBuffer> }>;
}

const encoder = new TextEncoder();
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const randomHex = (n: number) => toHex(crypto.getRandomValues(new Uint8Array(n)));

/** base64 HMAC-SHA1 by WebCrypto: an implementation independent of the SDK's js-sha1. */
export async function hmacBase64(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  return toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text))));
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}): TransportResponse => ({
  status,
  statusText: status === 200 ? 'OK' : status === 404 ? 'Not Found' : '',
  headers: { 'content-type': 'application/json', ...headers },
  text: JSON.stringify(body),
});
const xml = (status: number, text: string, headers: Record<string, string> = {}): TransportResponse => ({
  status,
  statusText: status === 200 ? 'OK' : status === 404 ? 'Not Found' : '',
  headers: { 'content-type': 'application/xml', ...headers },
  text: `<?xml version="1.0" encoding="UTF-8"?>\n${text}`,
});
/** OSS's error document (no UserMessage: the SDK's own text for the code, as against real OSS). */
const storageError = (status: number, code: string, message: string) =>
  xml(
    status,
    `<Error><Code>${code}</Code><Message>${message}</Message><RequestId>5C3D8F2A1B0E4D6F7A8B9C0D</RequestId><HostId>${BUCKET}.oss.test</HostId></Error>`,
  );
const empty = (status: number, headers: Record<string, string> = {}): TransportResponse => ({
  status,
  statusText: status === 200 ? 'OK' : '',
  headers,
  text: '',
});
/** The sub-resources a fake signature covers (those the SDK sends). */
const SIGNED_SUBRESOURCES = new Set(['uploads', 'uploadId', 'partNumber']);
const etagOf = async (bytes: Uint8Array<ArrayBuffer>) =>
  `"${toHex(new Uint8Array(await crypto.subtle.digest('SHA-1', bytes))).slice(0, 32)}"`;

/** The fake storage host, gateway and media centre; `api` and `transport` are what the SDK gets. */
export function createFakeOss() {
  const credentials = new Map<string, Credential>();
  const objects = new Map<
    string,
    { bytes: Uint8Array<ArrayBuffer>; contentType: string; acl: string | null }
  >();
  const uploads = new Map<string, MultipartSession>();
  const requests: {
    method: string;
    url: string;
    headers: Record<string, string>;
    credentials: TransportRequest['credentials'];
  }[] = [];
  const apiCalls: { path: string; input: unknown; headers: Record<string, string> }[] = [];
  const postForms: [string, FormDataEntryValue][][] = [];
  let tokenDelayMs = 0;
  let listPage = 1000;
  let onPart: ((partNumber: number) => void) | undefined;

  const issueToken = async (input: {
    appId: string;
    type: string;
    folder?: string;
  }): Promise<UploadToken> => {
    const secret = randomHex(12);
    const startsWith = `${input.appId}/${input.folder ?? input.type}/2026/11/23/`;
    const expiration = new Date(Date.now() + 15 * 60_000).toISOString();
    const policy = btoa(
      JSON.stringify({
        expiration,
        conditions: [
          ['content-length-range', 0, 104_857_600],
          ['starts-with', '$key', startsWith],
          { bucket: BUCKET },
        ],
      }),
    );
    const securityToken = `sts-${randomHex(8)}`;
    const token: UploadToken = {
      accessKeyId: `ak-${randomHex(6)}`,
      accessKeySecret: secret,
      securityToken,
      stsToken: securityToken,
      policy,
      signature: await hmacBase64(secret, policy),
      startsWith,
      ossHost: OSS_HOST,
      cdnHost: CDN_HOST,
      cdnUrlSign: false,
      objectAcl: 'public-read',
      transcordWith: '',
      region: 'local',
      bucket: BUCKET,
      expiration,
    };
    credentials.set(token.accessKeyId, { token, expired: false });
    return token;
  };

  const api: UploadDeps['api'] = async (endpoint: Endpoint, input, options) => {
    apiCalls.push({ path: endpoint.path, input, headers: options?.headers ?? {} });
    if (endpoint === upload.fileTypes) return structuredClone(FILE_TYPES) as never;
    if (endpoint.path.startsWith('/sns-oss/v1/h5/oss-platform/token/')) {
      if (tokenDelayMs) await new Promise((r) => setTimeout(r, tokenDelayMs));
      return (await issueToken(input as { appId: string; type: string; folder?: string })) as never;
    }
    throw new Error(`fake api: no ${endpoint.path}`);
  };

  const credentialError = (accessKeyId: string | undefined, securityToken: string | undefined) => {
    const credential = accessKeyId ? credentials.get(accessKeyId) : undefined;
    if (!credential)
      return { error: storageError(403, 'InvalidAccessKeyId', 'The OSS Access Key Id does not exist.') };
    if (credential.expired)
      return { error: storageError(403, 'SecurityTokenExpired', 'The security token has expired.') };
    if (credential.token.securityToken !== securityToken) {
      return { error: storageError(403, 'InvalidSecurityToken', 'The security token is invalid.') };
    }
    return { credential };
  };

  const stored = async (
    key: string,
    bytes: Uint8Array<ArrayBuffer>,
    contentType: string,
  ): Promise<StoredObject> => ({
    bucket: BUCKET,
    key,
    size: bytes.length,
    etag: await etagOf(bytes),
    contentType,
    url: `${CDN_HOST}/${key}`,
    width: null,
    height: null,
  });

  const postObject = async (form: FormData): Promise<TransportResponse> => {
    const entries = [...form.entries()];
    postForms.push(entries);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    const { credential, error } = credentialError(field('OSSAccessKeyId'), field('x-oss-security-token'));
    if (error) return error;
    const policy = field('policy') ?? '';
    if ((await hmacBase64(credential.token.accessKeySecret, policy)) !== field('Signature')) {
      return storageError(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match.',
      );
    }
    const key = field('key') ?? '';
    if (!key.startsWith(credential.token.startsWith)) {
      return storageError(
        403,
        'AccessDenied',
        'Invalid according to Policy: Policy Condition failed: starts-with',
      );
    }
    const file = form.get('file');
    if (!(file instanceof Blob) || entries.at(-1)?.[0] !== 'file') {
      return storageError(400, 'InvalidArgument', 'file must be the last field');
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = field('Content-Type') ?? 'application/octet-stream';
    objects.set(key, { bytes, contentType, acl: field('x-oss-object-acl') ?? null });
    // success_action_status 200: an empty document, the ETag in a header (OSS's answer).
    if (field('success_action_status') !== '200') return storageError(400, 'InvalidArgument', 'expected 200');
    return empty(200, { etag: await etagOf(bytes) });
  };

  /** Checks the OSS V1 header signature of a request exactly as the protocol defines it. */
  const verifySigned = async (request: TransportRequest, key: string, search: string) => {
    const h = Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const match = /^OSS ([^:]+):(.+)$/.exec(h.authorization ?? '');
    const { credential, error } = credentialError(match?.[1], h['x-oss-security-token']);
    if (error) return { error };
    const date = h['x-oss-date'] ?? '';
    if (!date || Math.abs(Date.parse(date) - Date.now()) > 15 * 60_000) {
      return { error: storageError(403, 'RequestTimeTooSkewed', 'x-oss-date is missing or skewed') };
    }
    const ossHeaders = Object.keys(h)
      .filter((name) => name.startsWith('x-oss-'))
      .sort()
      .map((name) => `${name}:${h[name]}`);
    const subresources = [...new URLSearchParams(search).entries()]
      .filter(([name]) => SIGNED_SUBRESOURCES.has(name))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => (value ? `${name}=${value}` : name));
    const resource = `/${BUCKET}/${key}${subresources.length ? `?${subresources.join('&')}` : ''}`;
    const toSign = [
      request.method,
      h['content-md5'] ?? '',
      h['content-type'] ?? '',
      date,
      ...ossHeaders,
      resource,
    ].join('\n');
    if ((await hmacBase64(credential.token.accessKeySecret, toSign)) !== match?.[2]) {
      return {
        error: storageError(
          403,
          'SignatureDoesNotMatch',
          'The request signature we calculated does not match.',
        ),
      };
    }
    return { credential, contentType: h['content-type'] ?? '' };
  };

  const multipart = async (
    request: TransportRequest,
    path: string,
    query: string,
  ): Promise<TransportResponse> => {
    const key = path;
    const { error, credential, contentType } = await verifySigned(request, key, query);
    if (error) return error;
    if (!key.startsWith(credential.token.startsWith))
      return storageError(403, 'AccessDenied', 'key outside starts-with');
    const params = new URLSearchParams(query.slice(1));
    if (request.method === 'POST' && query === '?uploads') {
      const uploadId = `up-${randomHex(6)}`;
      uploads.set(uploadId, {
        key,
        contentType: contentType || 'application/octet-stream',
        parts: new Map(),
      });
      return xml(
        200,
        `<InitiateMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    const uploadId = params.get('uploadId') ?? '';
    const session = uploads.get(uploadId);
    if (!session || session.key !== key)
      return storageError(404, 'NoSuchUpload', 'The specified upload does not exist.');
    if (request.method === 'PUT' && params.has('partNumber')) {
      const partNumber = Number(params.get('partNumber'));
      const bytes = new Uint8Array(await (request.body as Blob).arrayBuffer());
      if (bytes.length > 5 * 1024 * 1024) return storageError(400, 'EntityTooLarge', 'part too large');
      request.onUploadProgress?.(Math.floor(bytes.length / 2), bytes.length);
      request.onUploadProgress?.(bytes.length, bytes.length);
      const etag = await etagOf(bytes);
      session.parts.set(partNumber, { etag, bytes });
      onPart?.(partNumber);
      return empty(200, { etag });
    }
    if (request.method === 'GET') {
      // Pages of at most LIST_PAGE parts, as OSS pages by max-parts (default 1000).
      const marker = Number(params.get('part-number-marker') ?? 0);
      const after = [...session.parts.entries()].sort(([a], [b]) => a - b).filter(([n]) => n > marker);
      const page = after.slice(0, listPage);
      const parts = page
        .map(
          ([partNumber, p]) =>
            `<Part><PartNumber>${partNumber}</PartNumber><LastModified>2026-11-23T10:00:00.000Z</LastModified><ETag>${p.etag}</ETag><Size>${p.bytes.length}</Size></Part>`,
        )
        .join('');
      const next = page.at(-1)?.[0] ?? marker;
      return xml(
        200,
        `<ListPartsResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${next}</NextPartNumberMarker><MaxParts>${listPage}</MaxParts><IsTruncated>${after.length > page.length}</IsTruncated>${parts}</ListPartsResult>`,
      );
    }
    if (request.method === 'POST') {
      const body = {
        parts: [
          ...(request.body as string).matchAll(
            /<Part>\s*<PartNumber>(\d+)<\/PartNumber>\s*<ETag>([^<]*)<\/ETag>\s*<\/Part>/g,
          ),
        ].map(([, partNumber, etag]) => ({
          partNumber: Number(partNumber),
          etag: (etag ?? '').replaceAll('&quot;', '"'),
        })),
      };
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      for (const [i, part] of body.parts.entries()) {
        const held = session.parts.get(part.partNumber);
        if (part.partNumber !== i + 1 || !held || held.etag !== part.etag) {
          return storageError(400, 'InvalidPart', `part ${part.partNumber} missing or wrong etag`);
        }
        if (i < body.parts.length - 1 && held.bytes.length < 100 * 1024) {
          return storageError(400, 'EntityTooSmall', 'part under 100 KiB');
        }
        chunks.push(held.bytes);
      }
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      objects.set(key, { bytes, contentType: session.contentType, acl: null });
      uploads.delete(uploadId);
      const etag = `"${(await etagOf(bytes)).slice(1, -1)}-${body.parts.length}"`;
      return xml(
        200,
        `<CompleteMultipartUploadResult><Location>${CDN_HOST}/${key}</Location><Bucket>${BUCKET}</Bucket><Key>${key}</Key><ETag>${etag}</ETag></CompleteMultipartUploadResult>`,
        { etag },
      );
    }
    return storageError(400, 'InvalidRequest', 'unknown multipart call');
  };

  const transport: Transport = async (request) => {
    if (request.signal?.aborted) throw request.signal.reason;
    requests.push({
      method: request.method,
      url: request.url,
      headers: request.headers ?? {},
      credentials: request.credentials,
    });
    const url = new URL(request.url);
    if (url.pathname === '/media-center/open/uploadFile') {
      const form = request.body as FormData;
      postForms.push([...form.entries()]);
      const file = form.get('file') as File;
      const bytes = new Uint8Array(await file.arrayBuffer());
      const key = `media/${file.name}`;
      objects.set(key, { bytes, contentType: file.type, acl: null });
      return json(200, {
        code: 200,
        msg: 'success',
        data: { ...(await stored(key, bytes, file.type)), name: file.name },
      });
    }
    const prefix = `/oss/${BUCKET}/`;
    if (!url.pathname.startsWith(prefix)) return storageError(404, 'NoSuchBucket', 'no such bucket');
    const key = url.pathname.slice(prefix.length);
    if (key === '' && request.method === 'POST') return postObject(request.body as FormData);
    return multipart(request, key, url.search);
  };

  return {
    api,
    transport,
    objects,
    uploads,
    requests,
    apiCalls,
    postForms,
    /** Marks every credential issued so far as expired (the store refuses them from now on). */
    expireAll() {
      for (const c of credentials.values()) c.expired = true;
    },
    setTokenDelay(ms: number) {
      tokenDelayMs = ms;
    },
    /** Parts per list-parts page (OSS's max-parts), to make the SDK page through them. */
    setListPage(parts: number) {
      listPage = parts;
    },
    /** Called after each stored part (to expire credentials or abort mid-way). */
    setOnPart(fn: ((partNumber: number) => void) | undefined) {
      onPart = fn;
    },
    tokenCalls: () => apiCalls.filter((c) => c.path.includes('/token/')),
    partPuts: () => requests.filter((r) => r.method === 'PUT'),
    chunkBytes: MULTIPART_CHUNK_BYTES,
  };
}

/** True when a stored object holds exactly the file's bytes (deep equality of 30 MB arrays exhausts Vitest). */
export async function sameBytes(stored: Uint8Array | undefined, file: Blob): Promise<boolean> {
  const expected = new Uint8Array(await file.arrayBuffer());
  if (!stored || stored.length !== expected.length) return false;
  for (let i = 0; i < expected.length; i++) if (stored[i] !== expected[i]) return false;
  return true;
}
