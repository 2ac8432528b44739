import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../../plugins/trusted-proxy';

/** The bucket of an app: its id, with `-abroad` for the abroad gateway. */
export const bucketOf = (appId: string, abroad: boolean): string => (abroad ? `${appId}-abroad` : appId);

/** The app id a bucket belongs to. */
export const appIdOfBucket = (bucket: string): string => bucket.replace(/-abroad$/, '');

/** The origin of the storage and CDN hosts a token names (never X-Forwarded-Host; see publicOrigin). */
export const originOf = (request: FastifyRequest): string => publicOrigin(request);

/** A virtual-hosted bucket name (OSS's rule: no dots, so `a.b.domain` is no bucket). */
const VIRTUAL_BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/**
 * Fastify's `rewriteUrl` for STORAGE_HOST_DOMAIN (docs/upload-protocol.md §2): a request whose
 * Host is `{bucket}.{domain}` (virtual-hosted, ali-oss's default) or `{domain}` (path style,
 * `/{bucket}/{key}`, ali-oss `sldEnable`) is the storage host's, under `/oss/{bucket}/…`. The
 * Host header is the client's own (never X-Forwarded-Host); any other host is left alone.
 */
export function storageHostRewrite(domains: readonly string[]) {
  return (raw: { url?: string; headers: { host?: string } }): string => {
    const url = raw.url ?? '/';
    if (domains.length === 0) return url;
    const host = (raw.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    for (const domain of domains) {
      if (host === domain) return `/oss${url}`;
      if (host.endsWith(`.${domain}`)) {
        const bucket = host.slice(0, -(domain.length + 1));
        if (VIRTUAL_BUCKET.test(bucket)) return `/oss/${bucket}${url}`;
      }
    }
    return url;
  };
}
