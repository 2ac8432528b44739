// Test-only helpers of the upload domain's integration tests: a listening test app on a temp
// DATA_DIR, token calls, PostObject forms and OSS-signed multipart requests as the SDK sends them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, STORAGE_PATHS, tokenEndpointOf, type UploadGateway, type UploadToken } from '@h5/contract';
import { ossStringToSign, parseXml, signParams, type XmlElement } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { storageObjects } from '../../db/schema';
import { syncUploadApps, type UploadAppId } from '../../db/seed/upload-seed';
import { createTestApp, signedInjector, type TestApp, testEnv } from '../../test-utils';
import { hmacSha1 } from './policy';
import { serverUploadSignature } from './server-upload';

export interface UploadTestApp extends TestApp {
  base: string;
  dataDir: string;
}

/** Listens on 127.0.0.1; `close` also drops every connection and removes `dataDir` (then `after`). */
async function listening(t: TestApp, dataDir: string, after = async () => {}): Promise<UploadTestApp> {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // A keep-alive connection whose last answer was still finishing when close() looked for idle
  // ones would hold close() for Fastify's 72 s keep-alive: the test is over, drop them all. Then
  // the app's DATA_DIR (stored objects, the CDN cache, secrets.json) goes.
  const close = async () => {
    const closing = t.app.close();
    t.app.server.closeAllConnections();
    await closing;
    rmSync(dataDir, { recursive: true, force: true });
    await after();
  };
  return { ...t, base, dataDir, close };
}

/** A test app listening on 127.0.0.1 (real HTTP: undici's FormData, streamed bodies) with its own DATA_DIR. */
export async function createUploadTestApp(env: Record<string, string> = {}): Promise<UploadTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-upload-'));
  return listening(await createTestApp({ DATA_DIR: dataDir, ...env }), dataDir);
}

/**
 * A listening test app on a database of its own (PGlite in memory, migrated, the upload apps'
 * rows synced, nothing seeded): another system, e.g. the external OSS of an app on the shared
 * test database, whose rows that app must not see.
 */
export async function createStandaloneUploadApp(env: Record<string, string> = {}): Promise<UploadTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-upload-'));
  const database = await openDatabase({});
  await migrate(database);
  const parsed = testEnv({ DATA_DIR: dataDir, ...env });
  const app = await buildApp({ env: parsed, db: database.db });
  await syncUploadApps(database.db, app.deps.secrets.uploadApps);
  const t: TestApp = {
    app,
    db: database.db,
    env: parsed,
    signedInject: signedInjector(app, parsed.SIGN_SECRET),
    close: () => app.close(),
  };
  return listening(t, dataDir, () => database.close());
}

/** The storage_objects row of a key (what the storage host recorded: the sniffed type, size…), if any. */
export async function storedRow(t: TestApp, key: string, bucket = 'community-h5') {
  const [row] = await t.db
    .select()
    .from(storageObjects)
    .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.key, key)));
  return row;
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
  success_action_status?: string | undefined;
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
  return { status: res.status, etag: res.headers.get('etag'), body: storageBody(await res.text()) };
}

const lowerFirst = (name: string) =>
  name === 'ETag' ? 'etag' : name.charAt(0).toLowerCase() + name.slice(1);

/** The fields of an OSS document's root: leaf children by lower-camel name, `Part`s as `parts`. */
function fieldsOf(root: XmlElement): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const child of root.children) {
    if (child.name === 'Part') {
      const parts = (fields.parts ?? []) as Record<string, unknown>[];
      const part = fieldsOf(child);
      parts.push({ ...part, partNumber: Number(part.partNumber), size: Number(part.size) });
      fields.parts = parts;
    } else if (child.children.length === 0) {
      fields[lowerFirst(child.name)] = child.text;
    }
  }
  return fields;
}

/**
 * A storage host answer's body as an object: an `<Error>` as `{ code, msg, message, requestId,
 * hostId }` (`msg` from its UserMessage, as the tests knew it), any other document by its
 * fields, an empty body as `{}`.
 */
export function storageBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  const root = parseXml(text);
  const fields = fieldsOf(root);
  if (root.name !== 'Error') return { document: root.name, ...fields };
  const { userMessage, ...rest } = fields;
  return { ...rest, msg: userMessage };
}

/** A base64 policy document and its signature with the token's secret. */
export function signedPolicy(token: UploadToken, document: unknown) {
  const policy = Buffer.from(JSON.stringify(document)).toString('base64');
  return { policy, Signature: hmacSha1(token.accessKeySecret, policy) };
}

/** An OSS-signed request (V1 header signing, docs/upload-protocol.md §2), as the SDK sends it. */
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
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = {
    'x-oss-date': (options.date ?? new Date()).toUTCString(),
    'x-oss-security-token': token.securityToken,
    ...options.headers,
  };
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.acl) headers['x-oss-object-acl'] = options.acl;
  const signature = hmacSha1(
    options.secret ?? token.accessKeySecret,
    ossStringToSign({
      method,
      headers,
      bucket: token.bucket,
      key,
      query: [...new URLSearchParams(query).entries()],
    }),
  );
  headers.authorization = `OSS ${token.accessKeyId}:${signature}`;
  const res = await fetch(`${token.ossHost}/${key}${query ? `?${query}` : ''}`, {
    method,
    headers,
    body: options.body,
  });
  const text = await res.text();
  const etag = res.headers.get('etag');
  const body = storageBody(text);
  // A part's (or object's) ETag comes in the header only; the tests read it with the fields.
  if (etag && body.etag === undefined) body.etag = etag.replaceAll('"', '');
  return { status: res.status, headers: res.headers, text, body };
}

/** OSS's `<CompleteMultipartUpload>` body for parts `{ partNumber, etag }` (as ali-oss writes it). */
export const completeXml = (parts: ReadonlyArray<{ partNumber: unknown; etag: unknown }>): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUpload>\n${parts
    .map(
      (part) => `<Part>\n<PartNumber>${part.partNumber}</PartNumber>\n<ETag>"${part.etag}"</ETag>\n</Part>\n`,
    )
    .join('')}</CompleteMultipartUpload>`;

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
