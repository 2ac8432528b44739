// Test-only helpers of the upload domain's integration tests: a listening test app on a temp
// DATA_DIR, token calls, PostObject forms and OSS-signed multipart requests as the SDK sends them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, tokenEndpointOf, type UploadGateway, type UploadToken } from '@h5/contract';
import { signParams } from '@h5/core';
import { createTestApp, type TestApp } from '../../test-utils';
import { ossStringToSign } from './oss-signature';
import { hmacSha1 } from './policy';

export interface UploadTestApp extends TestApp {
  base: string;
  dataDir: string;
}

/** A test app listening on 127.0.0.1 (real HTTP: undici's FormData, streamed bodies) with its own DATA_DIR. */
export async function createUploadTestApp(env: Record<string, string> = {}): Promise<UploadTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-upload-'));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, base, dataDir };
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

/** A token of the auth gateway for the seeded H5 app. */
export async function authToken(
  t: UploadTestApp,
  type = 'image',
  folder = 'test',
  appId = 'community-h5',
  backstageCode = 'community-h5-backstage',
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
