// Issue 11 point 7: an uploaded file never runs on the site's origin. HTML, SVG and executables sent
// through PostObject, multipart and the server upload (with whatever Content-Type the form claims)
// are stored as application/octet-stream and served as attachments; real images keep their type;
// every /cdn/ answer carries nosniff and a CSP that forbids everything.
import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { FEEDBACK_IMAGE_NOT_OWNED } from '@h5/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test-utils';
import {
  authToken,
  completeXml,
  createUploadTestApp,
  ossRequest,
  postObject,
  requestToken,
  serverUpload,
  storedRow,
  type UploadTestApp,
} from './upload-test-kit';

const CSP = "default-src 'none'; frame-ancestors 'self'; sandbox";
const HTML = Buffer.from(
  '<!doctype html><script>fetch("/steal?c="+document.cookie+localStorage.getItem("x-auth-token"))</script>',
);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="9" height="9"/></svg>',
);
/** The start of a Windows executable (MZ header, PE offset). */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00'), Buffer.alloc(200, 0)]);

let t: UploadTestApp;
let png: Buffer;

beforeAll(async () => {
  t = await createUploadTestApp();
  png = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** GETs a CDN path; returns the status, the headers that matter and the bytes. */
async function cdn(path: string) {
  const res = await fetch(`${t.base}${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    nosniff: res.headers.get('x-content-type-options'),
    csp: res.headers.get('content-security-policy'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** What a stored attack must look like from /cdn/: bytes intact, never a document. */
async function expectAttachment(key: string, bytes: Buffer) {
  const got = await cdn(`/cdn/${key}`);
  expect(got).toMatchObject({
    status: 200,
    type: 'application/octet-stream',
    disposition: `attachment; filename="${key.split('/').pop()}"`,
    nosniff: 'nosniff',
    csp: CSP,
  });
  expect(got.bytes.equals(bytes)).toBe(true);
}

describe('PostObject', () => {
  for (const [label, bytes, claimed, name] of [
    ['HTML claimed as text/html', HTML, 'text/html', 'page.html'],
    ['SVG claimed as image/svg+xml', SVG, 'image/svg+xml', 'logo.svg'],
    ['an executable claimed as image/jpeg', EXE, 'image/jpeg', 'photo.jpg'],
  ] as const) {
    it(`stores ${label} as application/octet-stream and serves it as an attachment`, async () => {
      const token = await authToken(t);
      const key = `${token.startsWith}${name}`;
      const res = await postObject(token, key, bytes, {}, claimed);
      expect(res.status).toBe(200);
      expect(await storedRow(t, key)).toMatchObject({
        contentType: 'application/octet-stream',
        width: null,
        height: null,
      });
      await expectAttachment(key, bytes);
    });
  }

  it('decides a real image from its bytes, whatever the form says, and serves it inline', async () => {
    const token = await authToken(t);
    const key = `${token.startsWith}real.html`;
    expect((await postObject(token, key, png, {}, 'text/html')).status).toBe(200);
    expect(await storedRow(t, key)).toMatchObject({ contentType: 'image/png', width: 12, height: 8 });
    const got = await cdn(`/cdn/${key}`);
    expect(got).toMatchObject({
      status: 200,
      type: 'image/png',
      disposition: null,
      nosniff: 'nosniff',
      csp: CSP,
    });
  });
});

describe('multipart', () => {
  it('stores an HTML upload whose init says text/html as application/octet-stream, served as an attachment', async () => {
    const token = await authToken(t, 'archive', 'mp');
    const key = `${token.startsWith}page.html`;
    const init = await ossRequest(token, 'POST', key, 'uploads', { contentType: 'text/html' });
    const uploadId = init.body.uploadId as string;
    const part = await ossRequest(token, 'PUT', key, `partNumber=1&uploadId=${uploadId}`, {
      body: HTML,
      contentType: 'application/octet-stream',
    });
    const done = await ossRequest(token, 'POST', key, `uploadId=${uploadId}`, {
      body: completeXml([{ partNumber: 1, etag: part.body.etag }]),
      contentType: 'application/xml',
    });
    expect(done.status).toBe(200);
    expect(await storedRow(t, key)).toMatchObject({ contentType: 'application/octet-stream' });
    await expectAttachment(key, HTML);
  });
});

describe('server upload', () => {
  for (const [label, bytes, name] of [
    ['an HTML page', HTML, 'page.html'],
    ['an SVG with a script', SVG, 'icon.svg'],
    ['an executable', EXE, 'setup.jpg'],
  ] as const) {
    it(`stores ${label} named ${name} as application/octet-stream`, async () => {
      const res = await serverUpload(t, bytes, name, { isOriginalName: 'true' });
      expect(res.body.code).toBe(200);
      expect(res.body.data).toMatchObject({ contentType: 'application/octet-stream' });
      await expectAttachment(res.body.data.key as string, bytes);
    });
  }

  it('keeps a real image inline under its sniffed type', async () => {
    const res = await serverUpload(t, png, 'picture.bin');
    expect(res.body.data).toMatchObject({ contentType: 'image/png', width: 12, height: 8 });
  });
});

describe('every /cdn/ answer', () => {
  it('carries nosniff and the CSP: a missing key, a key trick, seed art and seed photos', async () => {
    for (const path of [
      '/cdn/community-h5/nothing-here.png',
      '/cdn/community-h5/a%5cb',
      '/cdn/seed/avatar-1.svg?w=160&h=160',
      '/cdn/seed/c1-1.jpg?w=99999&h=1',
    ]) {
      const got = await cdn(path);
      expect([got.nosniff, got.csp], path).toEqual(['nosniff', CSP]);
    }
    // The server's own art stays an SVG image, under that CSP.
    expect((await cdn('/cdn/seed/avatar-1.svg?w=160&h=160')).type).toMatch(/^image\/svg\+xml/);
  });
});

describe('evidence images', () => {
  it('refuses an uploaded SVG as a report image: only raster types decided from the bytes', async () => {
    const { cookies } = await signedInUser(t.app, t.db, 'svg-evidence');
    const token = await requestToken(
      t,
      'app',
      { appId: 'community-h5', fileName: 'e.svg', type: 'image', folder: 'feedback' },
      { duToken: cookies.duToken },
    );
    const key = `${token.data.startsWith}evidence.svg`;
    expect((await postObject(token.data, key, SVG, {}, 'image/svg+xml')).status).toBe(200);
    const res = await t.signedInject(
      contract.feedback.searchIdeaUpload,
      { keyword: '跑鞋', optionIds: [1], content: '图', images: [{ key }], requestId: randomUUID() },
      { cookies },
    );
    expect(res.body.code).toBe(FEEDBACK_IMAGE_NOT_OWNED);
  });
});
