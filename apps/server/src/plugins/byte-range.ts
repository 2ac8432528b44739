import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** HTTP 416: the Range header asks for bytes the file does not have. */
const RANGE_NOT_SATISFIABLE = 416;
const PARTIAL_CONTENT = 206;

/**
 * The byte range of a `Range: bytes=…` header over a file of `size` bytes: one range (`a-b`,
 * `a-`, `-n`), clamped to the file; null for no header or one we do not serve (several ranges,
 * another unit), which answers the whole file; 'unsatisfiable' when it starts past the end.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a file with range support (media players seek and start with `Range`): 206 with
 * `Content-Range` for a range, 416 with `Content-Range: bytes *\/size` for one past the end, else
 * the whole file; `Accept-Ranges: bytes` on all of them.
 */
export function sendFileRange(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  size: number,
  type: string,
) {
  reply.header('accept-ranges', 'bytes').type(type);
  const range = byteRange(request.headers.range, size);
  if (range === 'unsatisfiable')
    return reply.code(RANGE_NOT_SATISFIABLE).header('content-range', `bytes */${size}`).send();
  if (!range) return reply.header('content-length', size).send(createReadStream(path));
  return reply
    .code(PARTIAL_CONTENT)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(path, { start: range.start, end: range.end }));
}
