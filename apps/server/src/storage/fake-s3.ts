// Test-only: a tiny S3-compatible server that checks every request's SigV4, for the S3 store's
// tests and the upload domain's tests that run the server on STORAGE_DRIVER=s3.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { signV4 } from './sigv4';

export const CREDENTIALS = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret-key', region: 'test-1' };
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/(\d{8})\/test-1\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/** A tiny S3: objects in a map, every request's SigV4 checked by recomputing it. */
export class FakeS3 {
  readonly objects = new Map<string, Buffer>();
  readonly refused: string[] = [];
  server: Server = createServer((req, res) => {
    void this.handle(req).then(
      ({ status, headers = {}, body }) => {
        res.writeHead(status, headers);
        res.end(body);
      },
      (error: Error) => {
        res.writeHead(500);
        res.end(error.message);
      },
    );
  });

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; headers?: Record<string, string>; body?: Buffer | string }> {
    const body = await buffer(req);
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const auth = AUTHORIZATION.exec(req.headers.authorization ?? '');
    const signed = auth?.[2]?.split(';') ?? [];
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    const expected = signV4(
      {
        method: req.method ?? 'GET',
        url,
        headers: Object.fromEntries(signed.map((name) => [name, String(req.headers[name])])),
        payloadHash,
        amzDate: String(req.headers['x-amz-date']),
        region: 'test-1',
        service: 's3',
        accessKeyId: 'AKIDTEST',
      },
      CREDENTIALS.secretAccessKey,
    );
    const bodyHash = createHash('sha256').update(body).digest('hex');
    if (
      !auth ||
      !signed.includes('host') ||
      !signed.includes('x-amz-date') ||
      expected.signature !== auth[3] ||
      bodyHash !== payloadHash
    ) {
      this.refused.push(`${req.method} ${req.url}`);
      return { status: 403, body: '<Error><Code>SignatureDoesNotMatch</Code></Error>' };
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== 'real-bucket') return { status: 404, body: '<Error><Code>NoSuchBucket</Code></Error>' };
    const key = rest.map(decodeURIComponent).join('/');
    const etag = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;
    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const contents = [...this.objects]
        .filter(([k]) => k.startsWith(prefix))
        .map(
          ([k, v]) =>
            `<Contents><Key>${k}</Key><ETag>&quot;${etag(v).slice(1, -1)}&quot;</ETag><Size>${v.length}</Size></Contents>`,
        );
      return { status: 200, body: `<ListBucketResult>${contents.join('')}</ListBucketResult>` };
    }
    const stored = this.objects.get(key);
    switch (req.method) {
      case 'PUT':
        if (req.headers['content-length'] === undefined)
          return { status: 411, body: '<Error><Code>MissingContentLength</Code></Error>' };
        this.objects.set(key, body);
        return { status: 200, headers: { etag: etag(body) } };
      case 'GET':
      case 'HEAD':
        if (!stored) return { status: 404 };
        return {
          status: 200,
          headers: { etag: etag(stored), 'content-length': String(stored.length) },
          body: req.method === 'GET' ? stored : undefined,
        };
      case 'DELETE':
        this.objects.delete(key);
        return { status: 204 };
      default:
        return { status: 405 };
    }
  }
}

/** The environment of a server whose store is `fake` (listening at `endpoint`). */
export const fakeS3Env = (endpoint: string): Record<string, string> => ({
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: endpoint,
  S3_REGION: CREDENTIALS.region,
  S3_BUCKET: 'real-bucket',
  S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

/** Starts a fake S3 on 127.0.0.1; returns it, its endpoint and a stop function. */
export async function startFakeS3() {
  const fake = new FakeS3();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return { fake, endpoint, stop: () => new Promise((resolve) => fake.server.close(resolve)) };
}
