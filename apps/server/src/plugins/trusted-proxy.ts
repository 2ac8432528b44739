import type { FastifyRequest } from 'fastify';

/**
 * Fastify's `trustProxy` for TRUST_PROXY=true: trust the socket's peer (our proxy) and nothing
 * beyond it. `request.ip` is then the rightmost X-Forwarded-For entry, the one our proxy
 * appended (nginx `$proxy_add_x_forwarded_for`); the entries left of it came from the client.
 * `request.protocol` reads X-Forwarded-Proto, which the proxy must set.
 */
export function trustProxyOption(trustProxy: boolean) {
  return trustProxy ? (_address: string, hop: number) => hop === 0 : false;
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
