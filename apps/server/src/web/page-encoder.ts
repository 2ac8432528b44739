import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** The encodings an Accept-Encoding header takes (q > 0), lower-cased. */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const item of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Brotli (fast level) or gzip for a page whose request accepts it (`accept-encoding`). A page
 * arrives whole (entry.server.tsx renders it all ready, as one chunk), so nothing is flushed
 * early: a flush per chunk cost more than the compression itself (issue 19 point 1). Also the
 * SSR bench's floor server (bench/ssr-memory.ts), so both compress alike.
 */
export function pageEncoder(
  acceptEncoding: string | string[] | undefined,
): { name: string; stream: Transform } | null {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) {
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    };
    return { name: 'br', stream: createBrotliCompress({ params }) };
  }
  if (accepted.has('gzip')) return { name: 'gzip', stream: createGzip() };
  return null;
}
