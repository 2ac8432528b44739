import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertObjectName } from './key-path';
import { checkMinBytes, MeteredStream } from './limit-stream';
import {
  heldPartsFor,
  type ObjectInfo,
  type ObjectStore,
  type PartInfo,
  type PutOptions,
  StoreError,
} from './object-store';
import { amzDateOf, EMPTY_SHA256, rfc3986, signV4 } from './sigv4';
import { S3ResponseError } from './unavailable';

export interface S3Config {
  /** The service's origin, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  /** The one real bucket; our logical buckets are the first segment of its keys. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (MinIO and most self-hosted services) instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;
const STAGING = '.multipart';

const unquote = (etag: string | null): string => (etag ?? '').replaceAll('"', '');

/** The text of every `<tag>` in an XML answer (S3 answers are flat enough for this). */
function xmlValues(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
    (m[1] as string).replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
  );
}

/**
 * Where logical bucket `b`'s key `k` lives in the real bucket (issue 26 point 6): at `k` when the
 * key already starts with `b/` (every app key does: `community-h5/u306/video/…`, the CDN path),
 * else at `b/k` (the abroad bucket's `community-h5/…` keys under `community-h5-abroad/`). Once,
 * never `community-h5/community-h5/…`. Distinct objects never share a path while every key of
 * bucket `b` either starts with `b/` or is issued under another bucket's name, as the gateways'
 * key prefixes make them.
 */
export function s3ObjectPath(bucket: string, key: string): string {
  assertObjectName(bucket, key);
  return key.startsWith(`${bucket}/`) ? key : `${bucket}/${key}`;
}

/** Where releases before issue 26 put `bucket` / `key`: the bucket twice for app keys. */
export const doubledObjectPath = (bucket: string, key: string): string => `${bucket}/${key}`;

/**
 * Objects in one bucket of an S3-compatible service, signed with SigV4 over fetch, at
 * {@link s3ObjectPath}. S3 wants parts of at least 5 MiB but ours are smaller (spec §9),
 * so multipart parts are staged as objects under `.multipart/{uploadId}/` and complete joins them
 * into one PUT; uploads with unknown length are spooled to a temp file first (S3 needs the length
 * and the payload hash up front).
 */
export class S3Store implements ObjectStore {
  constructor(
    private readonly config: S3Config,
    private readonly spoolDir: string = tmpdir(),
  ) {}

  private url(path: string, query = ''): URL {
    const base = new URL(this.config.endpoint);
    const encoded = path.split('/').map(rfc3986).join('/');
    if (this.config.forcePathStyle) {
      return new URL(`${base.origin}/${rfc3986(this.config.bucket)}/${encoded}${query}`);
    }
    return new URL(`${base.protocol}//${this.config.bucket}.${base.host}/${encoded}${query}`);
  }

  private objectPath(bucket: string, key: string): string {
    return s3ObjectPath(bucket, key);
  }

  /**
   * Moves an object stored before issue 26 at {@link doubledObjectPath} to its path: copied (read
   * and written again, so any S3-compatible service takes it), then the old one deleted. Answers
   * what it found: a doubled object moved, one already at its path, or none.
   */
  async moveDoubled(bucket: string, key: string): Promise<'moved' | 'in place' | 'absent'> {
    const path = this.objectPath(bucket, key);
    const doubled = doubledObjectPath(bucket, key);
    if (path === doubled) return 'in place';
    const old = await this.getPath(doubled);
    if (!old) return (await this.head(bucket, key)) ? 'in place' : 'absent';
    const contentType = old.contentType ?? 'application/octet-stream';
    await this.putPath(path, old.body, contentType);
    await this.deletePath(doubled);
    return 'moved';
  }

  private partPath(uploadId: string, partNumber: number): string {
    return `${this.stagingPrefix(uploadId)}${partNumber}`;
  }

  private stagingPrefix(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId))
      throw new StoreError('NoSuchUpload', 'The specified upload does not exist.');
    return `${STAGING}/${uploadId}/`;
  }

  /** One signed request; `body` is a file to stream (with its length and sha256) or nothing. */
  private async send(
    method: string,
    url: URL,
    options: { headers?: Record<string, string>; file?: { path: string; size: number; sha256: string } } = {},
  ): Promise<Response> {
    const amzDate = amzDateOf(new Date());
    const payloadHash = options.file?.sha256 ?? EMPTY_SHA256;
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': amzDate,
      'x-amz-content-sha256': payloadHash,
      ...options.headers,
      ...(options.file ? { 'content-length': String(options.file.size) } : {}),
    };
    const { authorization } = signV4(
      {
        method,
        url,
        headers,
        payloadHash,
        amzDate,
        region: this.config.region,
        service: 's3',
        accessKeyId: this.config.accessKeyId,
      },
      this.config.secretAccessKey,
    );
    const { host: _host, ...sent } = headers;
    const init: RequestInit & { duplex?: 'half' } = { method, headers: { ...sent, authorization } };
    if (options.file) {
      init.body = Readable.toWeb(createReadStream(options.file.path)) as ReadableStream;
      init.duplex = 'half';
    }
    return fetch(url, init);
  }

  private async expectOk(response: Response, what: string): Promise<void> {
    if (response.ok) return;
    const text = await response.text();
    throw new S3ResponseError(response.status, xmlValues(text, 'Code')[0] ?? text.slice(0, 200), what);
  }

  /** Spools a stream to a temp file, metered, then hands it to `use`; the file is removed after. */
  private async spooled<T>(
    body: Readable,
    maxBytes: number | undefined,
    use: (file: { path: string; size: number; sha256: string; etag: string }) => Promise<T>,
  ): Promise<T> {
    const dir = await mkdtemp(join(this.spoolDir, 'h5-s3-'));
    const path = join(dir, 'body');
    try {
      const meter = new MeteredStream(maxBytes);
      await pipeline(body, meter, createWriteStream(path));
      return await use({ path, size: meter.bytes, sha256: meter.sha256Hex(), etag: meter.etagHex() });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async put(bucket: string, key: string, body: Readable, options: PutOptions): Promise<ObjectInfo> {
    return this.putPath(this.objectPath(bucket, key), body, options.contentType, options);
  }

  private async putPath(
    path: string,
    body: Readable,
    contentType: string,
    limits: Pick<PutOptions, 'maxBytes' | 'minBytes'> = {},
  ): Promise<ObjectInfo> {
    const url = this.url(path);
    return this.spooled(body, limits.maxBytes, async (file) => {
      checkMinBytes(file.size, limits.minBytes);
      const response = await this.send('PUT', url, { headers: { 'content-type': contentType }, file });
      await this.expectOk(response, 'put');
      return { size: file.size, etag: unquote(response.headers.get('etag')) || file.etag };
    });
  }

  async head(bucket: string, key: string): Promise<ObjectInfo | null> {
    const response = await this.send('HEAD', this.url(this.objectPath(bucket, key)));
    if (response.status === 404) return null;
    await this.expectOk(response, 'head');
    return {
      size: Number(response.headers.get('content-length') ?? 0),
      etag: unquote(response.headers.get('etag')),
    };
  }

  async get(bucket: string, key: string): Promise<(ObjectInfo & { body: Readable }) | null> {
    return this.getPath(this.objectPath(bucket, key));
  }

  private async getPath(
    path: string,
  ): Promise<(ObjectInfo & { body: Readable; contentType: string | null }) | null> {
    const response = await this.send('GET', this.url(path));
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    await this.expectOk(response, 'get');
    if (!response.body) throw new Error('S3 get: no body');
    return {
      size: Number(response.headers.get('content-length') ?? 0),
      etag: unquote(response.headers.get('etag')),
      contentType: response.headers.get('content-type'),
      body: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
    };
  }

  async delete(bucket: string, key: string): Promise<void> {
    await this.deletePath(this.objectPath(bucket, key));
  }

  private async deletePath(path: string): Promise<void> {
    const response = await this.send('DELETE', this.url(path));
    if (response.status !== 404) await this.expectOk(response, 'delete');
  }

  async createMultipart(bucket: string, key: string, _contentType: string): Promise<string> {
    assertObjectName(bucket, key);
    return randomBytes(16).toString('hex');
  }

  async putPart(
    _bucket: string,
    _key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    maxBytes: number,
  ): Promise<PartInfo> {
    const url = this.url(this.partPath(uploadId, partNumber));
    return this.spooled(body, maxBytes, async (file) => {
      const response = await this.send('PUT', url, {
        headers: { 'content-type': 'application/octet-stream' },
        file,
      });
      await this.expectOk(response, 'put part');
      return { partNumber, size: file.size, etag: unquote(response.headers.get('etag')) || file.etag };
    });
  }

  async listParts(_bucket: string, _key: string, uploadId: string): Promise<PartInfo[]> {
    const prefix = this.stagingPrefix(uploadId);
    const query = `?list-type=2&prefix=${rfc3986(prefix)}`;
    const base = this.config.forcePathStyle ? this.url('').href.replace(/\/$/, '') : this.url('').href;
    const response = await this.send('GET', new URL(`${base}${query}`));
    await this.expectOk(response, 'list parts');
    const xml = await response.text();
    const parts: PartInfo[] = [];
    for (const entry of xmlValues(xml, 'Contents')) {
      const partNumber = Number((xmlValues(entry, 'Key')[0] ?? '').slice(prefix.length));
      if (!Number.isInteger(partNumber) || partNumber < 1) continue;
      parts.push({
        partNumber,
        etag: unquote(xmlValues(entry, 'ETag')[0] ?? ''),
        size: Number(xmlValues(entry, 'Size')[0] ?? 0),
      });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(
    bucket: string,
    key: string,
    uploadId: string,
    parts: ReadonlyArray<{ partNumber: number; etag: string }>,
    options: { contentType: string },
  ): Promise<ObjectInfo> {
    heldPartsFor(await this.listParts(bucket, key, uploadId), parts);
    const joined = Readable.from(
      (async function* (store: S3Store) {
        for (const part of parts) {
          const got = await store.getPath(store.partPath(uploadId, part.partNumber));
          if (!got) throw new StoreError('InvalidPart', `part ${part.partNumber} vanished`);
          yield* got.body;
        }
      })(this),
    );
    const info = await this.put(bucket, key, joined, { contentType: options.contentType });
    await this.abortMultipart(bucket, key, uploadId);
    return info;
  }

  async abortMultipart(bucket: string, key: string, uploadId: string): Promise<void> {
    for (const part of await this.listParts(bucket, key, uploadId)) {
      await this.deletePath(this.partPath(uploadId, part.partNumber));
    }
  }
}
