// Test-only: an S3-compatible service for the S3 store's tests and the upload domain's tests that
// run the server on STORAGE_DRIVER=s3. s3rver 3.x (DESIGN.md §7) speaks the protocol on 127.0.0.1,
// a random port and a temp directory; it checks only that a V4 request names a key id it knows, so
// a gate in front of it recomputes each request's SigV4 signature with the secret and refuses a
// mismatch as S3 does (403 SignatureDoesNotMatch). The gate can also answer the next requests with
// an error of the service's own (failNext: 503 SlowDown), for the store's retries and 503s.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import S3rver from 's3rver';

/** s3rver's one account (the only key id it knows), and the tests' region and bucket. */
export const TEST_S3 = {
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  region: 'test-1',
  bucket: 'real-bucket',
} as const;

type Data = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: Data): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256, or HMAC-SHA-256 with a key, in the shape the SDK's signer takes. */
class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: Data) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(this.secret));
  }
  update(data: Data): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** Why a request's signature is wrong, or null when it is the one the test secret gives. */
async function signatureProblem(req: IncomingMessage, signer: SignatureV4): Promise<string | null> {
  const auth = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!auth) return 'no SigV4 Authorization header';
  const [, accessKeyId, , region, signedHeaders = '', signature] = auth;
  if (accessKeyId !== TEST_S3.accessKeyId || region !== TEST_S3.region) return 'another credential scope';
  const signed = signedHeaders.split(';');
  for (const needed of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signed.includes(needed)) return `${needed} is not signed`;
  }
  // The path as sent (S3 signs it encoded once); the query decoded, as the signer encodes it again.
  const [path = '/', search = ''] = (req.url ?? '/').split(/\?(.*)/s);
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const had = query[name];
    query[name] = had === undefined ? value : [...[had].flat(), value];
  }
  const headers = Object.fromEntries(signed.map((name) => [name, String(req.headers[name] ?? '')]));
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(headers['x-amz-date'] ?? '');
  if (!date) return 'no x-amz-date';
  const [, year, month, day, hour, minute, second] = date;
  const resigned = await signer.sign(
    { method: req.method ?? 'GET', protocol: 'http:', hostname: 'gate', path, query, headers },
    { signingDate: new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(resigned.headers.authorization))?.[1];
  return expected === signature ? null : 'the signature does not match';
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** Starts s3rver behind the signature gate; returns its endpoint, the requests it refused and served, and stop. */
export async function startS3TestServer() {
  const directory = await mkdtemp(join(tmpdir(), 'h5-s3rver-'));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_S3.bucket, configs: [] }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.getMiddleware();
  const signer = new SignatureV4({
    service: 's3',
    region: TEST_S3.region,
    credentials: { accessKeyId: TEST_S3.accessKeyId, secretAccessKey: TEST_S3.secretAccessKey },
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  /** Requests the gate refused: `METHOD url: why`. */
  const refused: string[] = [];
  /** Requests the gate passed to s3rver: `METHOD url`. */
  const served: string[] = [];
  const failures: Array<{ status: number; code: string }> = [];
  const server = createServer((req, res) => {
    void signatureProblem(req, signer).then(
      (problem) => {
        const failure = problem
          ? { status: 403, code: 'SignatureDoesNotMatch', message: problem }
          : failures.shift();
        if (!failure) {
          served.push(`${req.method} ${req.url}`);
          handle(req, res);
          return;
        }
        if (problem) refused.push(`${req.method} ${req.url}: ${problem}`);
        req.resume();
        res.writeHead(failure.status, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : errorXml(failure.code, 'test gate'));
      },
      (error: Error) => {
        req.resume();
        res.writeHead(500);
        res.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    refused,
    served,
    /** Answers the next `count` requests with `status` and `code` instead of serving them. */
    failNext(count: number, status = 503, code = 'SlowDown') {
      for (let i = 0; i < count; i++) failures.push({ status, code });
    },
    /** Stops listening, drops open connections (the SDK keeps them alive) and removes the files. */
    async stop() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The environment of a server whose store is the test service at `endpoint`. */
export const s3TestEnv = (endpoint: string): Record<string, string> => ({
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: endpoint,
  S3_REGION: TEST_S3.region,
  S3_BUCKET: TEST_S3.bucket,
  S3_ACCESS_KEY_ID: TEST_S3.accessKeyId,
  S3_SECRET_ACCESS_KEY: TEST_S3.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});
