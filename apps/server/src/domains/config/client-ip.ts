import type { FastifyRequest } from 'fastify';

/**
 * The caller's address: the socket's, or behind a trusted proxy (TRUST_PROXY) the rightmost
 * X-Forwarded-For entry, the one our proxy appended (`trustProxyOption`, plugins/trusted-proxy.ts).
 * Never the leftmost entry or X-Real-IP: a client can send those through any proxy.
 */
export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
