import { request } from 'node:http';
import { connect } from 'node:net';
import { serverUploadResultSchema } from '@h5/contract';
import { UPLOAD_MESSAGES } from '@h5/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_UPLOAD_MAX_BYTES } from './server-upload';
import { createUploadTestApp, serverUploadHeaders, type UploadTestApp } from './upload-test-kit';

let t: UploadTestApp;
const PATH = '/media-center/open/uploadFile';

beforeAll(async () => {
  t = await createUploadTestApp();
});
afterAll(() => t.close());

const signedHeaders = (overrides: Record<string, string> = {}) =>
  serverUploadHeaders(t, 'community-h5', overrides);

async function upload(
  fields: Record<string, string>,
  file: Uint8Array,
  fileName: string,
  headers = signedHeaders(),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ appId: 'community-h5', ...fields })) form.append(name, value);
  form.append('file', new Blob([file]), fileName);
  const res = await fetch(`${t.base}${PATH}`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

describe('server upload', () => {
  it('stores the file under the app folder, by original name when asked', async () => {
    const res = await upload({ isOriginalName: 'true' }, Buffer.from('hello'), 'notes.txt');
    expect(res.body.code).toBe(200);
    const data = serverUploadResultSchema.parse(res.body.data);
    expect(data).toMatchObject({
      bucket: 'community-h5',
      name: 'notes.txt',
      size: 5,
      // Text is not an image or video by its bytes: opaque, served as an attachment.
      contentType: 'application/octet-stream',
    });
    expect(data.key).toMatch(/^community-h5\/server\/\d{4}\/\d{2}\/\d{2}\/notes\.txt$/);
    expect(await (await fetch(data.url)).text()).toBe('hello');
    const custom = await upload({ customName: 'my-name.txt' }, Buffer.from('x'), 'ignored.txt');
    expect(serverUploadResultSchema.parse(custom.body.data).name).toBe('my-name.txt');
    const random = serverUploadResultSchema.parse((await upload({}, Buffer.from('x'), 'a.txt')).body.data);
    expect(random.name).toMatch(/^[0-9a-f]{24}\.txt$/);
  });

  it('re-encodes an image with isCompress and quality', async () => {
    const noisy = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    const res = await upload({ isCompress: 'true', quality: '30' }, noisy, 'noisy.jpg');
    expect(res.body.code).toBe(200);
    const data = serverUploadResultSchema.parse(res.body.data);
    expect(data).toMatchObject({ contentType: 'image/jpeg', width: 400, height: 400 });
    expect(data.size).toBeLessThan(noisy.length / 2);
  });

  it('refuses a bad signature, an unknown accessToken, a missing header', async () => {
    expect(
      (await upload({}, Buffer.from('x'), 'a.txt', signedHeaders({ signature: 'ab'.repeat(32) }))).body,
    ).toMatchObject({ code: 4011 });
    expect(
      (await upload({}, Buffer.from('x'), 'a.txt', signedHeaders({ accessToken: 'nope' }))).body,
    ).toMatchObject({ code: 4003 });
    const { timestamp: _t, ...noTimestamp } = signedHeaders();
    expect(
      (await upload({}, Buffer.from('x'), 'a.txt', noTimestamp as ReturnType<typeof signedHeaders>)).body,
    ).toMatchObject({
      code: 4001,
    });
  });

  it('answers 4013 at once from a Content-Length over the limit, before the body arrives (issue 26 point 9)', async () => {
    const { hostname, port } = new URL(t.base);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    const headers = Object.entries({
      ...signedHeaders(),
      'content-type': 'multipart/form-data; boundary=h5boundary',
      'content-length': '209715200',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST ${PATH} HTTP/1.1\r\nHost: ${hostname}\r\n${headers}\r\n`);
    // A first megabyte of the 200 MiB announced, then nothing more: the answer must not wait for it.
    socket.write(Buffer.alloc(1024 * 1024));
    const text = await new Promise<string>((resolve) => {
      let seen = '';
      socket.on('data', (chunk) => {
        seen += chunk.toString();
        if (/\r\n\r\n[\s\S]*\}/.test(seen)) resolve(seen);
      });
      socket.on('close', () => resolve(seen));
    });
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(text.slice(text.indexOf('{')))).toMatchObject({
      code: 4013,
      msg: '服务端上传图片最大支持100MB',
    });
  });

  it(`refuses a file over ${SERVER_UPLOAD_MAX_BYTES} bytes with the spec message (a streamed body)`, async () => {
    const boundary = 'h5boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="appId"\r\n\r\n${'community-h5'}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const chunk = Buffer.alloc(1024 * 1024);
    const { hostname, port } = new URL(t.base);
    const answer = await new Promise<{ code: number; msg: string }>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          path: PATH,
          method: 'POST',
          agent: false,
          headers: { ...signedHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          let text = '';
          res.on('data', (data) => {
            text += data;
          });
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      req.on('error', reject);
      req.write(head);
      let sent = 0;
      const pump = () => {
        while (sent <= SERVER_UPLOAD_MAX_BYTES) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(answer).toMatchObject({ code: 4013, msg: UPLOAD_MESSAGES.serverImageTooLarge(100) });
    expect(answer.msg).toBe('服务端上传图片最大支持100MB');
  });
});
