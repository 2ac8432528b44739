import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartParts, multipartUploads, uploadCredentials } from '../../db/schema';
import { MULTIPART_KEEP_MS, sweepUploads } from './sweep';
import { authToken, createUploadTestApp, ossRequest, type UploadTestApp } from './upload-test-kit';

let t: UploadTestApp;

beforeAll(async () => {
  t = await createUploadTestApp();
});
afterAll(() => t.close());

describe('sweepUploads', () => {
  it('aborts multipart uploads left unfinished past the keep time and deletes long-expired credentials', async () => {
    const token = await authToken(t, 'archive', 'sweep');
    const key = `${token.startsWith}left.zip`;
    const init = await ossRequest(token, 'POST', key, 'uploads', { contentType: 'application/zip' });
    const uploadId = init.body.uploadId as string;
    const put = await ossRequest(token, 'PUT', key, `partNumber=1&uploadId=${uploadId}`, {
      body: Buffer.alloc(150 * 1024, 3),
      contentType: 'application/octet-stream',
    });
    expect(put.status).toBe(200);

    // Within the keep time nothing is touched: the upload can still be resumed.
    const early = await sweepUploads(t.db, t.app.deps.store, new Date(Date.now() + 60_000));
    expect(early.abortedUploads).toBe(0);
    expect((await ossRequest(token, 'GET', key, `uploadId=${uploadId}`)).status).toBe(200);

    const later = new Date(Date.now() + MULTIPART_KEEP_MS + 60_000);
    const swept = await sweepUploads(t.db, t.app.deps.store, later);
    expect(swept.abortedUploads).toBeGreaterThanOrEqual(1);
    expect(swept.deletedCredentials).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(multipartUploads).where(eq(multipartUploads.uploadId, uploadId));
    expect(row?.abortedAt).not.toBeNull();
    expect(await t.db.select().from(multipartParts).where(eq(multipartParts.uploadId, uploadId))).toEqual([]);
    const credential = await t.db
      .select()
      .from(uploadCredentials)
      .where(eq(uploadCredentials.accessKeyId, token.accessKeyId));
    expect(credential).toEqual([]);
    // A second sweep finds nothing more to do.
    expect((await sweepUploads(t.db, t.app.deps.store, later)).abortedUploads).toBe(0);
  });
});
