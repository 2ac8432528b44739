import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/start-server.mjs';
import { type Nginx, nginxBinary, startNginx } from './test-utils/cluster';

/**
 * Issue 29 point 1: which requests deploy/nginx/community-h5.conf sends to a second node. Two
 * stand-in nodes share one rule: the first node a `/drop/…` request reaches reads it whole and then
 * drops the connection without answering, as a node that ran it and died would; the next one
 * answers 200 (as both do to any other path). A fresh nginx per case, so no node is left out from an earlier failure.
 */

if (!nginxBinary() && process.env.H5_REQUIRE_CLUSTER_TOOLS === '1')
  throw new Error('the balancer test needs nginx (.ci/run installs it)');
if (!nginxBinary()) console.warn('balancer.cluster.test.ts SKIPPED: needs nginx');
const describeBalancer = nginxBinary() ? describe : describe.skip;

const REQUEST_ID = '5f0c7e2a-8b1d-4c3e-9f6a-1b2c3d4e5f60';

describeBalancer('the balancer repeats only what is safe to repeat (deploy/nginx/community-h5.conf)', () => {
  /** How many times each path reached a node, and the Idempotency-Key and balancer header seen. */
  const arrivals = new Map<string, number>();
  const seen: { path: string; retryHeader: string | undefined; body: string }[] = [];
  const nodes: Server[] = [];
  let nginx: Nginx | undefined;

  const standIn = () =>
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        const count = (arrivals.get(path) ?? 0) + 1;
        arrivals.set(path, count);
        seen.push({
          path,
          retryHeader: req.headers['x-balancer-retry'] as string | undefined,
          body: Buffer.concat(chunks).toString(),
        });
        if (count === 1 && path.startsWith('/drop/')) req.socket.destroy();
        else res.end('ok');
      });
    });

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    nodes.push(server);
    return (server.address() as AddressInfo).port;
  };

  let ports: number[] = [];
  beforeAll(async () => {
    ports = [await listen(standIn()), await listen(standIn())];
  });
  afterEach(async () => {
    await nginx?.stop();
    nginx = undefined;
  });
  afterAll(async () => {
    for (const server of nodes) server.closeAllConnections();
    await Promise.all(nodes.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** One request through a fresh nginx over `upstreams`; its status and nginx's access-log line. */
  async function through(upstreams: number[], path: string, init: RequestInit = {}) {
    nginx = await startNginx(upstreams);
    const response = await fetch(`${nginx.url}${path}`, init);
    await response.text();
    // nginx writes the line once the answer is out; give it a moment.
    let line: string | undefined;
    for (let i = 0; i < 50 && !line; i++) {
      line = nginx
        .accessLog()
        .split('\n')
        .find((entry) => entry.includes(`"${init.method ?? 'GET'} ${path} `));
      if (!line) await new Promise((r) => setTimeout(r, 20));
    }
    return { status: response.status, line: line ?? '' };
  }

  const post = (headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ text: '评论', requestId: REQUEST_ID }),
  });

  it('a POST without Idempotency-Key that reached a node is not sent to another: 502, run at most once', async () => {
    const { status, line } = await through(ports, '/drop/post-without-key', post());
    expect(status).toBe(502);
    expect(arrivals.get('/drop/post-without-key')).toBe(1);
    expect(line).toMatch(/ 502 .*upstream_status=502$/);
  });

  it('a POST with a UUID Idempotency-Key is sent to the next node, body and all: 200', async () => {
    const { status, line } = await through(
      ports,
      '/drop/post-with-key',
      post({ 'idempotency-key': REQUEST_ID }),
    );
    expect(status).toBe(200);
    expect(arrivals.get('/drop/post-with-key')).toBe(2);
    const bodies = seen.filter((s) => s.path === '/drop/post-with-key').map((s) => JSON.parse(s.body));
    expect(bodies).toEqual([
      { text: '评论', requestId: REQUEST_ID },
      { text: '评论', requestId: REQUEST_ID },
    ]);
    expect(line).toMatch(/ 200 .*upstream_status=502, 200$/);
  });

  it('an Idempotency-Key that is not a UUID does not make a POST repeatable', async () => {
    const { status } = await through(
      ports,
      '/drop/post-bad-key',
      post({ 'idempotency-key': 'again-please' }),
    );
    expect(status).toBe(502);
    expect(arrivals.get('/drop/post-bad-key')).toBe(1);
  });

  it('a GET is sent to the next node, with X-Balancer-Retry for a draining node', async () => {
    const { status, line } = await through(ports, '/drop/get');
    expect(status).toBe(200);
    expect(arrivals.get('/drop/get')).toBe(2);
    expect(seen.filter((s) => s.path === '/drop/get').map((s) => s.retryHeader)).toEqual(['503', '503']);
    expect(line).toMatch(/upstream_status=502, 200$/);
  });

  it('a POST without Idempotency-Key whose first node refused the connection goes to the next: nothing ran yet', async () => {
    const down = await freePort();
    // startNginx's readiness probe takes the first node of the round, so the POST meets the refusal.
    const { status, line } = await through([ports[1] as number, down], '/post-refused', post());
    expect(status).toBe(200);
    // It reached a node once, after the refusal.
    expect(arrivals.get('/post-refused')).toBe(1);
    expect(line).toContain(`upstream=127.0.0.1:${down}, 127.0.0.1:${ports[1]}`);
  });
});
