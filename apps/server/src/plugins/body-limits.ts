import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The JSON API's and the pages' body limit (Fastify's default, kept explicit). */
export const API_BODY_LIMIT_BYTES = 1_048_576;

/**
 * How much of an unread body is read and thrown away before an early answer goes out. Past
 * it the connection is closed with the answer (a client still sending then sees a reset).
 */
export const DRAIN_LIMIT_BYTES = 32 * 1_048_576;

const KIB = 1024;
const MIB = 1024 * KIB;

/** A byte count as people read it: 1 MB, 512 KB, 1000 字节 (1 MB = 1024 KB, as apps show sizes). */
export function formatByteLimit(bytes: number): string {
  if (bytes % MIB === 0) return `${bytes / MIB} MB`;
  if (bytes % KIB === 0) return `${bytes / KIB} KB`;
  return `${bytes} 字节`;
}

/** Reads and discards what is left of `raw`; true once it ended, false past `maxBytes` or when it broke. */
function drain(raw: IncomingMessage, maxBytes: number): Promise<boolean> {
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onClose);
    raw.resume();
  });
}

/**
 * An answer given before the request body was read (413 over a limit, 415, 404, a refusal in
 * the middle of an upload) waits until the rest of the body has arrived, up to
 * {@link DRAIN_LIMIT_BYTES}. Otherwise, when the connection closes after the answer (the client
 * asked for `Connection: close`, or the storage host closes a half-read upload), the kernel
 * resets it with the body's bytes still unread, and a client still writing sees EPIPE or
 * ECONNRESET instead of the answer. Slow or stalled bodies are bounded by the server's timeouts.
 * A body that announces more than that (Content-Length) is not waited for: the answer goes at
 * once and closes the connection (issue 26 point 9: a 200 MiB upload's 4013 came after 37 MiB).
 */
export function registerBodyDrain(app: FastifyInstance, maxBytes = DRAIN_LIMIT_BYTES): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // `complete` is false only on a real HTTP message still arriving (inject's has none).
    if (raw.complete !== false || raw.readableEnded || raw.destroyed) return done(null, payload);
    if (Number(raw.headers['content-length'] ?? 0) > maxBytes) {
      reply.header('connection', 'close');
      return done(null, payload);
    }
    drain(raw, maxBytes).then((drained) => {
      if (!drained) reply.header('connection', 'close');
      done(null, payload);
    });
  });
}
