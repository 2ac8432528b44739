import type { FastifyRequest } from 'fastify';

const first = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/** The caller's address: X-Real-IP / X-Forwarded-For only behind a trusted proxy, else the socket's. */
export function clientIp(request: FastifyRequest, trustProxy: boolean): string {
  const socketAddress = request.socket.remoteAddress ?? '';
  if (!trustProxy) return socketAddress;
  return first(request.headers['x-real-ip']) ?? first(request.headers['x-forwarded-for']) ?? socketAddress;
}
