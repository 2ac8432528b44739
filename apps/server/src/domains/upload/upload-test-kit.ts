// Test-only helpers of the upload domain's integration tests: a listening test app on a temp
// DATA_DIR, token calls, PostObject forms and OSS-signed multipart requests as the SDK sends them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, STORAGE_PATHS, tokenEndpointOf, type UploadGateway, type UploadToken } from '@h5/contract';
import { signParams } from '@h5/core';
import type { UploadAppId } from '../../db/seed/upload-seed';
import { createTestApp, type TestApp } from '../../test-utils';
import { ossStringToSign } from './oss-signature';
import { hmacSha1 } from './policy';
import { serverUploadSignature } from './server-upload';

export interface UploadTestApp extends TestApp {
  base: string;
  dataDir: string;
}

/** A test app listening on 127.0.0.1 (real HTTP: undici's FormData, streamed bodies) with its own DATA_DIR. */
export async function createUploadTestApp(env: Record<string, string> = {}): Promise<UploadTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-upload-'));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // A keep-alive connection whose last answer was still finishing when close() looked for idle
  // ones would hold close() for Fastify's 72 s keep-alive: the test is over, drop them all. Then
  // the app's DATA_DIR (stored objects, the CDN cache, secrets.json) goes.
  const close = async () => {
    const closing = t.app.close();
    t.app.server.closeAllConnections();
    await closing;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...t, base, dataDir, close };
}

/** POSTs a token request to a gateway, signed like the request client; returns the envelope. */
export async function requestToken(
  t: UploadTestApp,
  gateway: UploadGateway,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const endpoint = tokenEndpointOf(gateway);
  const sign = signParams(body, t.env.SIGN_SECRET);
  const res = await fetch(`${t.base}${endpoint.path}?sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: UploadToken };
}

/** The secrets of a seeded upload app as the running server has them (its configuration), with its id. */
export function appSecretsOf(t: TestApp, appId: UploadAppId = 'community-h5') {
  return { appId, openClientId: undefined, ...t.app.deps.secrets.uploadApps[appId] };
}

/** A token of the auth gateway for a seeded app (the H5's by default). */
export async function authToken(
  t: UploadTestApp,
  type = 'image',
  folder = 'test',
  appId: UploadAppId = 'community-h5',
  backstageCode = appSecretsOf(t, appId).backstageCode,
) {
  const envelope = await requestToken(
    t,
    'auth',
    { appId, fileName: 'a.png', type, folder },
    { backstageCode },
  );
  if (envelope.code !== 200) throw new Error(`token refused: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

export interface PostForm {
  OSSAccessKeyId?: string;
  policy?: string;
  key?: string;
  Signature?: string;
  'x-oss-security-token'?: string;
  'Content-Type'?: string;
  'x-oss-object-acl'?: string;
}

/** A PostObject form in the protocol's order, file last; `fields` override the token's. */
export async function postObject(
  token: UploadToken,
  key: string,
  bytes: Uint8Array,
  fields: PostForm = {},
  contentType = 'image/png',
) {
  const form = new FormData();
  const values: Record<string, string | undefined> = {
    OSSAccessKeyId: token.accessKeyId,
    policy: token.policy,
    key,
    success_action_status: '200',
    Signature: token.signature,
    'x-oss-security-token': token.securityToken,
    'Content-Type': contentType,
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }), key.split('/').pop() ?? 'file');
  const res = await fetch(`${token.ossHost}/`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A base64 policy document and its signature with the token's secret. */
export function signedPolicy(token: UploadToken, document: unknown) {
  const policy = Buffer.from(JSON.stringify(document)).toString('base64');
  return { policy, Signature: hmacSha1(token.accessKeySecret, policy) };
}

/** An OSS-signed multipart request (docs/upload-protocol.md §2). */
export async function ossRequest(
  token: UploadToken,
  method: string,
  key: string,
  query: string,
  options: {
    body?: Uint8Array | string;
    contentType?: string;
    acl?: string;
    date?: Date;
    secret?: string;
  } = {},
) {
  const date = (options.date ?? new Date()).toUTCString();
  const contentType = options.contentType ?? '';
  const signature = hmacSha1(
    options.secret ?? token.accessKeySecret,
    ossStringToSign({
      method,
      contentMd5: '',
      contentType,
      date,
      securityToken: token.securityToken,
      bucket: token.bucket,
      key,
      subresource: `?${query}`,
    }),
  );
  const headers: Record<string, string> = {
    'x-oss-date': date,
    'x-oss-security-token': token.securityToken,
    authorization: `OSS ${token.accessKeyId}:${signature}`,
  };
  if (contentType) headers['content-type'] = contentType;
  if (options.acl) headers['x-oss-object-acl'] = options.acl;
  const res = await fetch(`${token.ossHost}/${key}?${query}`, { method, headers, body: options.body });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

export const FILE_TYPES_PATH = contract.upload.fileTypes.path;

/** The signed headers of the media centre's server upload for a seeded app. */
export function serverUploadHeaders(
  t: UploadTestApp,
  appId: UploadAppId = 'community-h5',
  overrides: Record<string, string> = {},
): Record<string, string> {
  const app = appSecretsOf(t, appId);
  const timestamp = String(Date.now());
  return {
    accessToken: app.accessToken,
    backstageCode: app.backstageCode,
    timestamp,
    signature: serverUploadSignature(app.accessSecret, app.accessToken, app.backstageCode, timestamp),
    ...overrides,
  };
}

/** A server upload (media centre) of `file` named `fileName`; returns the status and the envelope. */
export async function serverUpload(
  t: UploadTestApp,
  file: Uint8Array,
  fileName: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = serverUploadHeaders(t),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ appId: 'community-h5', ...fields })) form.append(name, value);
  form.append('file', new Blob([file]), fileName);
  const res = await fetch(`${t.base}${STORAGE_PATHS.serverUpload}`, { method: 'POST', headers, body: form });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> },
  };
}
