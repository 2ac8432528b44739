import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    // HEAD renders as GET; Fastify's HEAD route keeps the headers and drops the body.
    method: request.method === 'HEAD' ? 'GET' : request.method,
    headers,
    body: hasBody ? (request.body as Buffer) : null,
    signal: controller.signal,
  });
}

/** Streams a Fetch Response back through Fastify, keeping every Set-Cookie. */
export function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}
