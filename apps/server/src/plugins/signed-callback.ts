import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * The connected systems' signed calls (issue 31: the live platform's events, the payout
 * provider's signing callback): an HMAC-SHA256 over `{timestamp}.{raw body}` with a shared
 * secret, the timestamp in Unix seconds within a skew of our clock. One check for both; each
 * provider answers its refusals in its own protocol's shape.
 */

/** Hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export function timestampedHmac(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** Why a timestamped signature is refused. */
export type SignatureProblem = 'missing' | 'malformed-timestamp' | 'stale' | 'mismatch';

/**
 * The problem of a call's signature, or null when it is good and fresh. `signature` is compared
 * in constant time with `expected(hex)` (a provider may prefix it, e.g. `sha256=`).
 */
export function signatureProblem(call: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
  nowMs: number;
  skewSeconds: number;
  expected?: (hex: string) => string;
}): SignatureProblem | null {
  const { timestamp, signature } = call;
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'malformed-timestamp';
  if (Math.abs(call.nowMs / 1000 - Number(timestamp)) > call.skewSeconds) return 'stale';
  const hex = timestampedHmac(call.secret, timestamp, call.body);
  const expected = Buffer.from(call.expected ? call.expected(hex) : hex);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'mismatch';
}

/** A header's single value. */
export const headerText = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * Registers POST `path` in a scope of its own where every body arrives as the raw text sent (the
 * signature covers the bytes, so nothing may parse it first), at most `bodyLimit` bytes.
 */
export function registerSignedPost(
  app: FastifyInstance,
  path: string,
  bodyLimit: number,
  handler: (request: FastifyRequest, body: string, reply: FastifyReply) => Promise<unknown>,
): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(path, (request, reply) =>
      handler(request, typeof request.body === 'string' ? request.body : '', reply),
    );
  });
}
