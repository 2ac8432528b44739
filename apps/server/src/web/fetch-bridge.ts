import { pipeline, Readable, type Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRIVATE_NO_STORE } from '../plugins/register-endpoint';
import { publicOrigin } from '../plugins/trusted-proxy';
import { pageEncoder } from './page-encoder';

/** A Fetch Request for a Fastify request (the body is the raw Buffer of the page scope's parser). */
export function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(`${publicOrigin(request)}${request.url}`, {
    // HEAD renders as GET; Fastify's HEAD route keeps the headers and drops the body.
    method: request.method === 'HEAD' ? 'GET' : request.method,
    headers,
    body: hasBody ? (request.body as Buffer) : null,
    signal: controller.signal,
  });
}

/**
 * Answers compressed on the way out: pages, and route discovery's `/__manifest` JSON (6 KiB a
 * navigation, Lighthouse's "uses-text-compression"). Single-fetch `.data` streams deferred data
 * and stays as it is, so an encoder's buffering never holds it back.
 */
const COMPRESSED_TYPES = ['text/html', 'application/json'];

/** The encoder of a page or JSON response not yet encoded, by its request's `accept-encoding`. */
function answerEncoder(reply: FastifyReply, response: Response): { name: string; stream: Transform } | null {
  if (!response.body || response.headers.has('content-encoding')) return null;
  const type = response.headers.get('content-type') ?? '';
  if (!COMPRESSED_TYPES.some((compressed) => type.startsWith(compressed))) return null;
  return pageEncoder(reply.request.headers['accept-encoding']);
}

/** Adds `name` to the reply's `Vary`. */
function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, ${name}` : name);
}

/** Streams a Fetch Response back through Fastify, keeping every Set-Cookie; pages and JSON compressed. */
export function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // A page is public (a visitor's, from public reads only) unless it sets a cookie or failed:
  // a shared cache must never hand one visitor's cookie, or an outage, to the next.
  if (String(reply.getHeader('cache-control') ?? '').startsWith('public')) {
    if (cookies.length > 0 || response.status >= 500) reply.header('cache-control', PRIVATE_NO_STORE);
    // The page differs by user agent (in the app or not, a low device): a shared cache keys on it.
    else addVary(reply, 'user-agent');
  }
  if (!response.body) return reply.send();
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream);
  const encoder = answerEncoder(reply, response);
  if (!encoder) return reply.send(body);
  reply.removeHeader('content-length');
  reply.header('content-encoding', encoder.name);
  addVary(reply, 'accept-encoding');
  // Errors end the reply through the encoder, which pipeline destroys with the source.
  return reply.send(pipeline(body, encoder.stream, () => {}));
}
