import { badRequest } from '../../plugins/errors';

/** A keyset position in the feed order (created_at desc, id desc). */
export interface FeedCursor {
  createdAtMs: number;
  id: number;
}

/** The opaque `lastId`: base64url of `createdAtMs:id`. */
export const encodeCursor = (cursor: FeedCursor): string =>
  Buffer.from(`${cursor.createdAtMs}:${cursor.id}`).toString('base64url');

/** Decodes `lastId`; anything else is a 400 naming the field. */
export function decodeCursor(lastId: string, field = 'lastId'): FeedCursor {
  const match = /^(\d{1,15}):(\d{1,10})$/.exec(Buffer.from(lastId, 'base64url').toString('utf8'));
  if (!match || !/^[\w-]+$/.test(lastId)) throw badRequest(field, 'invalid cursor');
  return { createdAtMs: Number(match[1]), id: Number(match[2]) };
}

/** A keyset position in a ranked order (rank desc, id desc): the rank as PostgreSQL returned it. */
export interface RankCursor {
  rank: number;
  id: number;
}

/** The opaque `lastId` of a ranked list: base64url of `r<rank>:<id>` (the float's shortest form). */
export const encodeRankCursor = (cursor: RankCursor): string =>
  Buffer.from(`r${cursor.rank}:${cursor.id}`).toString('base64url');

/** Decodes a ranked list's `lastId`; anything else is a 400 naming the field. */
export function decodeRankCursor(lastId: string, field = 'lastId'): RankCursor {
  const text = Buffer.from(lastId, 'base64url').toString('utf8');
  const match = /^r(-?\d{1,12}(?:\.\d{1,20})?(?:e[+-]?\d{1,3})?):(\d{1,10})$/.exec(text);
  if (!match || !/^[\w-]+$/.test(lastId)) throw badRequest(field, 'invalid cursor');
  return { rank: Number(match[1]), id: Number(match[2]) };
}
