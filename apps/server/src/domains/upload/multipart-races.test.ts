// Issue 11 point 4: concurrent completes of one upload and concurrent PUTs of one part number, with
// real concurrency (parallel HTTP requests), on the local store and on S3, and across two server
// processes sharing the database and the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3TestEnv, startS3TestServer } from '../../storage/s3-test-server';
import {
  authToken,
  completeXml,
  createUploadTestApp,
  ossRequest,
  type UploadTestApp,
} from './upload-test-kit';

const COMPLETES = 16;
const PART_ROUNDS = 8;

type Token = Awaited<ReturnType<typeof authToken>>;

const putPart = (token: Token, key: string, uploadId: string, partNumber: number, body: Buffer) =>
  ossRequest(token, 'PUT', key, `partNumber=${partNumber}&uploadId=${uploadId}`, {
    body,
    contentType: 'application/octet-stream',
  });

const complete = (
  token: Token,
  key: string,
  uploadId: string,
  parts: Array<{ partNumber: unknown; etag: unknown }>,
) =>
  ossRequest(token, 'POST', key, `uploadId=${uploadId}`, {
    body: completeXml(parts),
    contentType: 'application/xml',
  });

async function startUpload(t: UploadTestApp, name: string) {
  const token = await authToken(t, 'archive', 'race');
  const key = `${token.startsWith}${name}-${Date.now()}-${Math.random().toString(36).slice(2)}.bin`;
  const init = await ossRequest(token, 'POST', key, 'uploads', { contentType: 'application/zip' });
  expect(init.status).toBe(200);
  return { token, key, uploadId: init.body.uploadId as string };
}

/** Two parts (150 KiB and a tail) stored one after the other; returns the complete list and bytes. */
async function twoParts(token: Token, key: string, uploadId: string) {
  const first = Buffer.alloc(150 * 1024, 7);
  const last = Buffer.from('the last part');
  const p1 = await putPart(token, key, uploadId, 1, first);
  const p2 = await putPart(token, key, uploadId, 2, last);
  expect([p1.status, p2.status]).toEqual([200, 200]);
  return {
    parts: [
      { partNumber: 1, etag: p1.body.etag },
      { partNumber: 2, etag: p2.body.etag },
    ],
    bytes: Buffer.concat([first, last]),
  };
}

async function cdnBytes(t: UploadTestApp, key: string): Promise<Buffer> {
  const res = await fetch(`${t.base}/cdn/${key}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

function describeRaces(label: string, extraEnv: () => Record<string, string>) {
  describe(`multipart races (${label})`, () => {
    let t: UploadTestApp;
    beforeAll(async () => {
      t = await createUploadTestApp(extraEnv());
    });
    afterAll(() => t.close());

    it(`${COMPLETES} concurrent completes of one upload all answer 200 with the same object`, async () => {
      const { token, key, uploadId } = await startUpload(t, 'completes');
      const { parts, bytes } = await twoParts(token, key, uploadId);
      const answers = await Promise.all(
        Array.from({ length: COMPLETES }, () => complete(token, key, uploadId, parts)),
      );
      expect(answers.map((answer) => [answer.status, answer.body.code])).toEqual(
        Array.from({ length: COMPLETES }, () => [200, undefined]),
      );
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(answers[0]?.body).toMatchObject({ document: 'CompleteMultipartUploadResult', key });
      expect((await cdnBytes(t, key)).equals(bytes)).toBe(true);
      // And once more, after the dust settled: the remembered answer.
      expect((await complete(token, key, uploadId, parts)).body).toEqual(answers[0]?.body);
    });

    it('two concurrent PUTs of one part number leave exactly one part, with the ETag its writer got', async () => {
      for (let round = 0; round < PART_ROUNDS; round++) {
        const { token, key, uploadId } = await startUpload(t, `part-${round}`);
        const bodies = [Buffer.alloc(120 * 1024, 0x41 + round), Buffer.alloc(130 * 1024, 0x61 + round)];
        const written = await Promise.all(bodies.map((body) => putPart(token, key, uploadId, 1, body)));
        expect(written.map((answer) => answer.status)).toEqual([200, 200]);
        const list = await ossRequest(token, 'GET', key, `uploadId=${uploadId}`);
        const held = list.body.parts as Array<{ partNumber: number; etag: string; size: number }>;
        expect(held.map((part) => part.partNumber)).toEqual([1]);
        const winner = written.findIndex((answer) => `"${answer.body.etag}"` === held[0]?.etag);
        expect(winner).toBeGreaterThanOrEqual(0);
        expect(held[0]?.size).toBe(bodies[winner]?.length);
        const done = await complete(token, key, uploadId, [{ partNumber: 1, etag: held[0]?.etag }]);
        expect(done.status).toBe(200);
        expect((await cdnBytes(t, key)).equals(bodies[winner] as Buffer)).toBe(true);
      }
    });

    it('completes split over two server processes on one database and one store answer the same object', async () => {
      const other = await createUploadTestApp({ ...extraEnv(), DATA_DIR: t.dataDir });
      try {
        const { token, key, uploadId } = await startUpload(t, 'two-processes');
        const { parts, bytes } = await twoParts(token, key, uploadId);
        const otherToken = { ...token, ossHost: token.ossHost.replace(t.base, other.base) };
        const answers = await Promise.all(
          Array.from({ length: COMPLETES }, (_, i) =>
            complete(i % 2 ? otherToken : token, key, uploadId, parts),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: COMPLETES }, () => 200));
        const objects = new Set(answers.map((answer) => JSON.stringify({ ...answer.body, location: '' })));
        expect(objects.size).toBe(1);
        expect((await cdnBytes(t, key)).equals(bytes)).toBe(true);
      } finally {
        await other.close();
      }
    });
  });
}

describeRaces('local disk store', () => ({}));

let s3: Awaited<ReturnType<typeof startS3TestServer>>;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3.stop();
});
describeRaces('S3 store', () => s3TestEnv(s3.endpoint));
