import type { FastifyInstance, FastifyReply } from 'fastify';

const CSP_HEADER = 'content-security-policy';
/** Only our own pages may frame ours (clickjacking); the CSP form, for browsers that know it. */
export const FRAME_ANCESTORS = "frame-ancestors 'self'";

/** Sent on every answer, whatever route (or error, or 404) produced it. */
const FIXED_HEADERS = {
  // Scripts and styles run only with the type they were served with (uploads included).
  'x-content-type-options': 'nosniff',
  // Another origin learns our origin, never a path (content ids, login redirects, tokens in links).
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
} as const;

const policiesOf = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

/**
 * One global hook for the headers every answer carries (issue 11 point 12): API, pages, static
 * assets, CDN, errors and 404s. A route's own Content-Security-Policy (the SSR pages' nonce
 * policy, the CDN's sandbox) is never overwritten: when it has no frame-ancestors, that goes
 * out as a second policy beside it (browsers enforce both). Registered first, so every route
 * and plugin registered after it inherits the hook.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    applySecurityHeaders(reply);
    return payload;
  });
}

/** The headers of {@link registerSecurityHeaders}; also for answers Fastify sends without hooks (a bad URL). */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.headers(FIXED_HEADERS);
  const policies = policiesOf(reply.getHeader(CSP_HEADER));
  if (!policies.some((policy) => policy.includes('frame-ancestors'))) {
    reply.header(CSP_HEADER, policies.length === 0 ? FRAME_ANCESTORS : [...policies, FRAME_ANCESTORS]);
  }
}
