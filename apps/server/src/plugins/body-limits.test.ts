import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import { parseXml, xmlChildText } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';

const MIB = 1024 * 1024;
const TOO_LARGE = { code: 413, msg: '请求体过大：不能超过 1 MB（1048576 字节）', data: null };

interface Attempt {
  status?: number;
  body?: string;
  error?: string;
}

/**
 * Oversized POSTs (or PUTs) from a worker thread (a client with its own event loop, as a real one is): each
 * on a new connection that asks to close after the answer, body sent with Content-Length or
 * chunked, in 64 KiB writes.
 */
function attemptsFromWorker(
  port: number,
  path: string,
  size: number,
  chunked: boolean,
  count: number,
  contentType = 'application/json',
  method = 'POST',
) {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const { port, path, size, chunked, count, contentType, method } = workerData;
    // A JSON object of exactly size bytes: {"a":"xxx…"}.
    const payload = Buffer.alloc(size, 0x78);
    payload.write('{"a":"', 0);
    payload.write('"}', size - 2);
    const attempt = () => new Promise((resolve) => {
      const headers = { 'content-type': contentType };
      if (!chunked) headers['content-length'] = size;
      const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { body += c; });
        res.on('end', () => resolve({ status: res.statusCode, body }));
        res.on('error', (e) => resolve({ error: e.code || e.message }));
      });
      req.on('error', (e) => resolve({ error: e.code || e.message }));
      let sent = 0;
      const write = () => {
        while (sent < size) {
          const n = Math.min(64 * 1024, size - sent);
          const slice = payload.subarray(sent, sent + n);
          sent += n;
          if (!req.write(slice)) return req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    (async () => {
      const results = [];
      for (let i = 0; i < count; i++) results.push(await attempt());
      parentPort.postMessage(results);
    })();
  `;
  return new Promise<Attempt[]>((resolve, reject) => {
    const worker = new Worker(source, {
      eval: true,
      workerData: { port, path, size, chunked, count, contentType, method },
    });
    worker.once('message', (results: Attempt[]) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const tally = (attempts: Attempt[]) => {
  const counts: Record<string, number> = {};
  for (const a of attempts) {
    const key = a.error ? `error ${a.error}` : `${a.status} ${a.body}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('oversized request bodies', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const ATTEMPTS = 12;
  const variants = [
    ['10 MB, Content-Length', 10_000_000, false],
    ['1 MiB + 1, Content-Length', MIB + 1, false],
    ['10 MB, chunked', 10_000_000, true],
    ['1 MiB + 1, chunked', MIB + 1, true],
  ] as const;

  it.each(variants)(
    'an API call with %s answers the 413 envelope every time, never a reset',
    async (_name, size, chunked) => {
      const attempts = await attemptsFromWorker(
        port,
        '/sns-telemetry/v1/common/h5/report?sign=x',
        size,
        chunked,
        ATTEMPTS,
      );
      expect(tally(attempts)).toEqual({ [`413 ${JSON.stringify(TOO_LARGE)}`]: ATTEMPTS });
    },
  );

  it('a page POST over 1 MiB answers the same 413 envelope', async () => {
    const attempts = await attemptsFromWorker(port, '/community/content/1', 10_000_000, false, ATTEMPTS);
    expect(tally(attempts)).toEqual({ [`413 ${JSON.stringify(TOO_LARGE)}`]: ATTEMPTS });
  });

  it('the storage host refuses a part over 5 MiB in its own format, never a reset', async () => {
    const attempts = await attemptsFromWorker(
      port,
      '/oss/community-h5/a.jpg?partNumber=1&uploadId=none',
      10_000_000,
      false,
      ATTEMPTS,
      'application/octet-stream',
      'PUT',
    );
    // Each answer has its own RequestId: tally them without it.
    const counts = tally(
      attempts.map((a) => ({ ...a, body: a.body?.replace(/<RequestId>\w+<\/RequestId>/, '') })),
    );
    expect(Object.keys(counts)).toHaveLength(1);
    const [only] = attempts;
    expect(only?.status).toBe(400);
    // OSS's XML error document.
    const error = parseXml(only?.body ?? '');
    expect([error.name, xmlChildText(error, 'Code'), xmlChildText(error, 'UserMessage')]).toEqual([
      'Error',
      'EntityTooLarge',
      '文件超过允许的大小，请压缩后重新上传',
    ]);
  });

  it('a body within the limit still works on the same kind of connection', async () => {
    const attempts = await attemptsFromWorker(
      port,
      '/sns-telemetry/v1/common/h5/report?sign=x',
      MIB - 10,
      false,
      2,
    );
    // Within the limit the sign is checked next: the 403 proves the body was read, not refused.
    for (const attempt of attempts) expect(attempt.status).toBe(403);
  });
});

describe('stalled and trickled request bodies', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ CONNECTION_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '1500' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** Sends the headers and `sent` bytes of a 100-byte body, then `more` one byte at a time; resolves when the server closes. */
  function partialBody(sent: number, trickleEveryMs?: number) {
    return new Promise<{ closedAfterMs: number; received: string }>((resolve) => {
      const started = Date.now();
      let received = '';
      let trickle: ReturnType<typeof setInterval> | undefined;
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /sns-telemetry/v1/common/h5/report?sign=x HTTP/1.1\r\nHost: localhost\r\n' +
            `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n${'{'.padEnd(sent, ' ')}`,
        );
        if (trickleEveryMs) trickle = setInterval(() => socket.write(' '), trickleEveryMs);
      });
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(trickle);
        resolve({ closedAfterMs: Date.now() - started, received });
      });
      // The bound under test is far below this; past it the server kept the connection.
      setTimeout(() => socket.destroy(), 8_000);
    });
  }

  it('a body that stops arriving is cut off after CONNECTION_TIMEOUT_MS of silence', async () => {
    const { closedAfterMs } = await partialBody(10);
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('a body trickled a byte at a time is cut off after REQUEST_TIMEOUT_MS with a 408', async () => {
    const { closedAfterMs, received } = await partialBody(10, 100);
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_400);
    expect(closedAfterMs).toBeLessThan(5_000);
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});
