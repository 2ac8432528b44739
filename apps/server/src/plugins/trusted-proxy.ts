import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../env';

/**
 * Fastify's `trustProxy` from TRUST_PROXY. A hop count n trusts the socket's peer and the n − 1
 * proxies before it, whatever their addresses: `request.ip` is then the n-th X-Forwarded-For entry
 * from the right (TRUST_PROXY=true is 1: the entry our proxy appended with nginx's
 * `$proxy_add_x_forwarded_for`); entries further left came from the client. A list of addresses
 * and ranges trusts exactly those peers: entries are read from the right while they come from a
 * listed proxy. `request.protocol` reads X-Forwarded-Proto, which the proxy must set.
 */
export function trustProxyOption(trustProxy: TrustProxy) {
  if (trustProxy === false) return false;
  if (typeof trustProxy === 'number') return (_address: string, hop: number) => hop < trustProxy;
  return trustProxy;
}

/**
 * The origin browsers reach this server on, for URLs the server hands out (upload hosts, the SSR
 * request URL): PUBLIC_ORIGIN when set, else the scheme (https behind a trusted proxy that says
 * so) and the request's own Host header. Never X-Forwarded-Host: a proxy that does not set it
 * passes the client's value through, and a token naming the client's host sends uploads there.
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.deps.env.PUBLIC_ORIGIN;
  if (configured) return configured;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${request.headers.host ?? ''}`;
}
