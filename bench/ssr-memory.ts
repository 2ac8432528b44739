// The floor of the SSR bench (issue 19 point 1): the same React Router build rendering the same
// pages with every loader call answered from memory, behind a bare node:http server, compressed
// the way the product server compresses. Started as its own process:
// `tsx bench/ssr-memory.ts <port> <product base URL> <sign secret>`; each call's answer is read
// once from the running product server, then kept.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { join } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { Endpoint } from '@h5/contract';
import { createApiClient } from '@h5/request';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { pageEncoder } from '../apps/server/src/web/page-encoder';
import { REPO_ROOT } from '../scripts/start-server.mjs';

const [port, productBase, signSecret] = process.argv.slice(2) as [string, string, string];
const build = (await import(
  pathToFileURL(join(REPO_ROOT, 'apps/web/build/server/index.js')).href
)) as ServerBuild;
const handler = createRequestHandler(build, 'production');
const api = createApiClient({ baseUrl: productBase, signSecret });
const kept = new Map<string, Promise<unknown>>();

const context = () => ({
  api: (endpoint: Endpoint, input: unknown, options?: { headers?: Record<string, string> }) => {
    const key = `${endpoint.method} ${endpoint.path} ${JSON.stringify(input)} ${JSON.stringify(options ?? {})}`;
    let answer = kept.get(key);
    if (!answer) {
      answer = api(endpoint, input as never, options);
      kept.set(key, answer);
    }
    return answer;
  },
  runtime: { appEnv: 'local', apiBaseUrl: '', signSecret },
  nonce: randomBytes(16).toString('base64'),
});

const server = http.createServer(async (req, res) => {
  if (req.url === '/healthz') return void res.end('ok');
  const response = await handler(
    new Request(`http://127.0.0.1:${port}${req.url}`, { headers: req.headers as Record<string, string> }),
    context() as never,
  );
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  const encoder = pageEncoder(req.headers['accept-encoding']);
  if (encoder) {
    headers['content-encoding'] = encoder.name;
    delete headers['content-length'];
  }
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream);
  if (encoder) pipeline(body, encoder.stream, res, () => {});
  else pipeline(body, res, () => {});
});
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
