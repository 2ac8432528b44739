import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import { sendFetchResponse } from './fetch-bridge';
import { registerWeb } from './ssr';

const MANIFEST = JSON.stringify({ patches: { 'routes/feed': { id: 'routes/feed', path: '/' } } });
const PAGE = `<!DOCTYPE html><html><body>${'<p>内容 content</p>'.repeat(200)}</body></html>`;

describe('HTML pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.get('/page', (_request, reply) =>
      sendFetchResponse(
        reply,
        new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      ),
    );
    app.get('/json', (_request, reply) =>
      sendFetchResponse(reply, new Response(MANIFEST, { headers: { 'content-type': 'application/json' } })),
    );
    app.get('/data', (_request, reply) =>
      sendFetchResponse(reply, new Response('[{"a":1}]', { headers: { 'content-type': 'text/x-script' } })),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('go out as Brotli, else gzip, when the browser takes it, and plain otherwise', async () => {
    const br = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(PAGE.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);

    const gzip = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);

    const plain = await app.inject({ url: '/page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });

  it("compress route discovery's JSON too, and leave single-fetch data streams as they are", async () => {
    const json = await app.inject({ url: '/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(json.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(json.rawPayload).toString()).toBe(MANIFEST);
    const data = await app.inject({ url: '/data', headers: { 'accept-encoding': 'br' } });
    expect(data.headers['content-encoding']).toBeUndefined();
    expect(data.body).toBe('[{"a":1}]');
  });
});

describe('client assets', () => {
  const buildDir = mkdtempSync(join(tmpdir(), 'h5-web-build-'));
  const script = `export const text = ${JSON.stringify('x'.repeat(4000))};`;
  let app: FastifyInstance;
  beforeAll(async () => {
    mkdirSync(join(buildDir, 'client', 'assets'), { recursive: true });
    writeFileSync(join(buildDir, 'client', 'assets', 'entry-abc.js'), script);
    writeFileSync(join(buildDir, 'client', 'assets', 'entry-abc.js.br'), brotliCompressSync(script));
    writeFileSync(join(buildDir, 'client', 'assets', 'tiny-abc.js'), 'export {};');
    app = Fastify();
    await registerWeb(app, { env: { WEB_BUILD_DIR: buildDir } } as AppDeps);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  it("go out as the build's compressed twin when there is one, with the right type", async () => {
    const res = await app.inject({ url: '/assets/entry-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);

    const tiny = await app.inject({ url: '/assets/tiny-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};');
  });
});
