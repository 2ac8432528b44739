import { randomUUID } from 'node:crypto';
import type { UploadToken } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageObjects, uploadApps } from '../../db/schema';
import { badRequestBody } from '../../test-utils';
import { serverUploadSignature } from './server-upload';
import {
  authToken,
  createUploadTestApp,
  ossRequest,
  storageBody,
  type UploadTestApp,
} from './upload-test-kit';

/**
 * Issue 11 point 2 off the contract: the storage host (/oss), the CDN (/cdn) and the server upload
 * refuse malformed forms and text the database cannot store with a 400 naming the problem,
 * never a 5xx. The storage host answers OSS's XML `<Error>` (read here as `{ code, msg, message }`,
 * `msg` its UserMessage), the CDN its JSON `{ code, msg, message }`; the server upload the envelope.
 */

let t: UploadTestApp;
let token: UploadToken;
/** The seeded H5 app's server-upload credentials, read from its row. */
let h5: typeof uploadApps.$inferSelect;

beforeAll(async () => {
  t = await createUploadTestApp();
  token = await authToken(t);
  const [app] = await t.db.select().from(uploadApps).where(eq(uploadApps.appId, 'community-h5'));
  if (!app) throw new Error('no community-h5 upload app');
  h5 = app;
});
afterAll(() => t.close());

const BOUNDARY = 'h5-input-boundary';
const TEXT = '不能包含 NUL 或不成对的代理字符';
const MALFORMED = {
  status: 400,
  code: 'MalformedPOSTRequest',
  msg: '上传表单格式不正确或不完整，请重新上传',
};

/** A multipart body as bytes: fields, then a file part; `cut` drops that many bytes from the end. */
function formBody(
  fields: Record<string, string>,
  file = 'PNGDATA'.repeat(100),
  cut = 0,
  fileType = 'image/png',
  fileName = 'a.png',
) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const text = `${parts.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${fileType}\r\n\r\n${file}\r\n--${BOUNDARY}--\r\n`;
  const bytes = Buffer.from(text);
  return bytes.subarray(0, bytes.length - cut);
}

/** The token's PostObject fields for `name` under its prefix. */
const tokenFields = (name = 'input.png'): Record<string, string> => ({
  OSSAccessKeyId: token.accessKeyId,
  policy: token.policy,
  Signature: token.signature,
  'x-oss-security-token': token.securityToken,
  key: `${token.startsWith}${name}`,
});

async function post(
  url: string,
  body: Uint8Array | string,
  contentType: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body,
  });
  const text = await res.text();
  let json: Record<string, unknown>;
  try {
    json = text.startsWith('<?xml') ? storageBody(text) : JSON.parse(text);
  } catch {
    json = { text };
  }
  return { status: res.status, body: json };
}

const postObjectRaw = (
  body: Uint8Array | string,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) => post(`${token.ossHost}/`, body, contentType);

describe('PostObject with a malformed form', () => {
  it('answers 400 MalformedPOSTRequest for a truncated form, and stores nothing', async () => {
    const res = await postObjectRaw(formBody(tokenFields('truncated.png'), undefined, 30));
    expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual(MALFORMED);
    const rows = await t.db
      .select()
      .from(storageObjects)
      .where(eq(storageObjects.key, `${token.startsWith}truncated.png`));
    expect(rows).toEqual([]);
  });

  it('answers 400 for a missing boundary, a body that is not multipart, a broken part header', async () => {
    const noBoundary = await postObjectRaw(formBody(tokenFields()), 'multipart/form-data');
    expect({ status: noBoundary.status, code: noBoundary.body.code, msg: noBoundary.body.msg }).toEqual(
      MALFORMED,
    );
    const json = await postObjectRaw('{"key":"x"}');
    expect(json.status).toBe(400);
    const header = await postObjectRaw(`--${BOUNDARY}\r\nno colon here\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`);
    expect(header.status).toBe(400);
  });

  it('answers 400 naming a form field with a NUL (one looked up, one stored)', async () => {
    const key = await postObjectRaw(
      formBody({ ...tokenFields(), OSSAccessKeyId: `${token.accessKeyId}\u0000` }),
    );
    expect(key).toMatchObject({
      status: 400,
      body: {
        code: 'InvalidArgument',
        msg: `OSSAccessKeyId: ${TEXT}`,
        message: 'The form field OSSAccessKeyId contains a NUL or an unpaired surrogate character.',
      },
    });
    const type = await postObjectRaw(formBody({ ...tokenFields(), 'Content-Type': 'image/png\u0000' }));
    expect([type.status, type.body.msg]).toEqual([400, `Content-Type: ${TEXT}`]);
    const fileType = await postObjectRaw(formBody(tokenFields(), undefined, 0, 'image/png\u0000x'));
    expect([fileType.status, fileType.body.msg]).toEqual([400, `file: ${TEXT}`]);
  });

  it('answers 400 for a content type longer than its column (form field, file part)', async () => {
    const long = `image/${'x'.repeat(200)}`;
    const field = await postObjectRaw(formBody({ ...tokenFields(), 'Content-Type': long }));
    expect([field.status, field.body.msg]).toEqual([400, 'Content-Type: 不能超过 128 个字符']);
    const part = await postObjectRaw(formBody(tokenFields(), undefined, 0, long));
    expect([part.status, part.body.msg]).toEqual([400, 'file: 不能超过 128 个字符']);
  });
});

describe('multipart calls and the CDN with text the database cannot store', () => {
  it('refuses a NUL in the uploadId query parameter with 400 naming it', async () => {
    const key = `${token.startsWith}nul-upload.bin`;
    const res = await ossRequest(token, 'GET', key, 'uploadId=%00');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'InvalidArgument', msg: `uploadId: ${TEXT}` });
  });

  it('refuses a multipart init whose content type is longer than its column', async () => {
    const res = await ossRequest(token, 'POST', `${token.startsWith}long.bin`, 'uploads', {
      contentType: `application/${'x'.repeat(200)}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'InvalidArgument', msg: 'Content-Type: 不能超过 128 个字符' });
  });

  it('refuses a complete body nested 50,000 deep (400, its own format), and one that is not XML', async () => {
    const key = `${token.startsWith}deep.bin`;
    const init = await ossRequest(token, 'POST', key, 'uploads', { contentType: 'application/zip' });
    const uploadId = init.body.uploadId as string;
    const deep = `<CompleteMultipartUpload>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}</CompleteMultipartUpload>`;
    const res = await ossRequest(token, 'POST', key, `uploadId=${uploadId}`, {
      body: deep,
      contentType: 'application/xml',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'InvalidArgument',
      msg: 'parts: XML 嵌套不能超过 32 层',
      message: 'nested deeper than 32 levels',
    });
    const json = await ossRequest(token, 'POST', key, `uploadId=${uploadId}`, {
      body: '{"parts":[{"partNumber":1,"etag":"x"}]}',
      contentType: 'application/json',
    });
    expect(json).toMatchObject({ status: 400, body: { code: 'MalformedXML' } });
  });

  it("refuses a NUL in a CDN query parameter (a private object's signed URL) with 400 naming it", async () => {
    const key = `${token.startsWith}${randomUUID()}.png`;
    await t.db.insert(storageObjects).values({
      bucket: 'community-h5',
      key,
      size: 1,
      contentType: 'image/png',
      acl: 'private',
      etag: 'e',
      appId: 'community-h5',
      userId: null,
    });
    const expires = Math.floor(Date.now() / 1000) + 600;
    const res = await fetch(`${t.base}/cdn/${key}?OSSAccessKeyId=%00&Expires=${expires}&Signature=x`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'InvalidArgument', msg: `OSSAccessKeyId: ${TEXT}` });
  });
});

describe('server upload with a malformed form', () => {
  const headers = () => {
    const timestamp = String(Date.now());
    return {
      accessToken: h5.accessToken,
      backstageCode: h5.backstageCode,
      timestamp,
      signature: serverUploadSignature(h5.accessSecret, h5.accessToken, h5.backstageCode, timestamp),
    };
  };
  const upload = (body: Uint8Array | string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    post(`${t.base}/media-center/open/uploadFile`, body, contentType, headers());

  it('answers a 400 envelope for a truncated form, a missing boundary and a body that is not multipart', async () => {
    const refusal = badRequestBody('file: 表单格式不正确或不完整');
    const truncated = await upload(formBody({ appId: 'community-h5' }, undefined, 30));
    expect(truncated).toEqual({ status: 400, body: refusal });
    const noBoundary = await upload(formBody({ appId: 'community-h5' }), 'multipart/form-data');
    expect(noBoundary).toEqual({ status: 400, body: refusal });
    const json = await upload('{"appId":"community-h5"}');
    expect(json).toEqual({ status: 400, body: refusal });
  });

  it('answers a 400 envelope naming a form field with a NUL (the file type of an unknown suffix is stored)', async () => {
    const type = await upload(formBody({ appId: 'community-h5' }, undefined, 0, 'text/plain\u0000', 'a.zzz'));
    expect(type).toEqual({ status: 400, body: badRequestBody(`file: ${TEXT}`) });
    const field = await upload(formBody({ appId: 'community-h5', quality: '80\u0000' }));
    expect(field).toEqual({ status: 400, body: badRequestBody(`quality: ${TEXT}`) });
    const long = await upload(
      formBody({ appId: 'community-h5' }, undefined, 0, `x/${'y'.repeat(200)}`, 'a.zzz'),
    );
    expect(long).toEqual({ status: 400, body: badRequestBody('file: 不能超过 128 个字符') });
  });
});
