import { createHash, timingSafeEqual } from 'node:crypto';
import { FORBIDDEN } from '@h5/core';
import type { FastifyRequest } from 'fastify';
import { type Env, isProduction } from '../env';
import { AppError, routeNotFound } from './errors';
import { SERVER_MESSAGES } from './messages';

/** The header an operator sends OPERATOR_TOKEN in. */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

/**
 * First path segments of the internal pages (React Router routes): `/internal/*` (telemetry,
 * analytics, bridge, upload), the `/analytics` alias and the `/__debug/*` test hooks.
 */
const INTERNAL_PAGE_SECTIONS = ['internal', 'analytics', '__debug'];

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

function hasOperatorToken(request: FastifyRequest, expected: string | undefined): boolean {
  const sent = request.headers[OPERATOR_TOKEN_HEADER];
  if (!expected || typeof sent !== 'string' || sent === '') return false;
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(sent), digest(expected));
}

/** What an internal page or call is for this request: served, hidden (404) or refused (403). */
export function internalAccess(
  request: FastifyRequest,
  env: Pick<Env, 'APP_ENV' | 'OPERATOR_TOKEN'>,
): 'allowed' | 'hidden' | 'forbidden' {
  if (isProduction(env)) return 'hidden';
  if (env.APP_ENV === 'local') return 'allowed';
  // The caller as TRUST_PROXY says: without a proxy the socket's peer; behind one the address it
  // forwarded, never the proxy's own (issue 26 point 3: a proxy on this host is loopback too).
  if (LOOPBACK.test(request.ip)) return 'allowed';
  return hasOperatorToken(request, env.OPERATOR_TOKEN) ? 'allowed' : 'forbidden';
}

/**
 * The one guard of the internal pages and calls (issue 11 point 14), used by every contract entry
 * marked `internal` (register-endpoint.ts) and by the page handler (web/ssr.ts): HTTP 404 in
 * production; elsewhere, outside `local`, HTTP 403 unless the caller is on loopback or sends the
 * operator token.
 */
export function assertInternalAccess(request: FastifyRequest, env: Pick<Env, 'APP_ENV' | 'OPERATOR_TOKEN'>) {
  const access = internalAccess(request, env);
  if (access === 'hidden') throw routeNotFound();
  if (access === 'forbidden') throw new AppError(FORBIDDEN, SERVER_MESSAGES.internalForbidden, FORBIDDEN);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * True for a request URL React Router would match to an internal page, read as loosely as it
 * matches: the URL as the page handler builds it (dot segments resolved, `\` as `/`), segments
 * percent-decoded, case ignored, empty segments dropped, a data request's `.data` suffix removed.
 */
export function isInternalPagePath(url: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(`http://x.invalid${url}`).pathname;
  } catch {
    return false;
  }
  const first = pathname.split('/').filter(Boolean).map(decodeSegment)[0]?.toLowerCase() ?? '';
  return INTERNAL_PAGE_SECTIONS.includes(first.replace(/\.data$/, ''));
}
