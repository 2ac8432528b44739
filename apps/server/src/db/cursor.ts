import { DB_INT_MAX, DB_INT_MIN } from '@h5/contract';
import { badRequest } from '../plugins/errors';

/** The reason a forged or damaged `lastId` is refused with (400, naming the field). */
export const INVALID_CURSOR_MESSAGE = '游标无效';
/**
 * The latest time a cursor may carry: the end of year 9999. Later ones have no plain ISO form
 * and (past 294276) no PostgreSQL timestamp; no row of ours is dated after it.
 */
const MAX_CURSOR_TIME_MS = Date.UTC(10_000, 0, 1) - 1;

/** A keyset position in the feed order (created_at desc, id desc). */
export interface FeedCursor {
  createdAtMs: number;
  id: number;
}

/** The opaque `lastId`: base64url of `createdAtMs:id`. */
export const encodeCursor = (cursor: FeedCursor): string =>
  Buffer.from(`${cursor.createdAtMs}:${cursor.id}`).toString('base64url');

/**
 * Decodes `lastId`; anything the server never issued (not base64url, another shape, a time after
 * 9999, an id past an `integer` column) is a 400 naming the field, never a database error.
 */
export function decodeCursor(lastId: string, field = 'lastId'): FeedCursor {
  const match = /^(\d{1,15}):(\d{1,10})$/.exec(Buffer.from(lastId, 'base64url').toString('utf8'));
  if (!match || !/^[\w-]+$/.test(lastId)) throw badRequest(field, INVALID_CURSOR_MESSAGE);
  const cursor = { createdAtMs: Number(match[1]), id: Number(match[2]) };
  if (cursor.createdAtMs > MAX_CURSOR_TIME_MS || cursor.id > DB_INT_MAX) {
    throw badRequest(field, INVALID_CURSOR_MESSAGE);
  }
  return cursor;
}

/** A keyset position in a ranked order (rank desc, id desc): the rank as PostgreSQL returned it. */
export interface RankCursor {
  rank: number;
  id: number;
}

/** The opaque `lastId` of a ranked list: base64url of `r<rank>:<id>` (the float's shortest form). */
export const encodeRankCursor = (cursor: RankCursor): string =>
  Buffer.from(`r${cursor.rank}:${cursor.id}`).toString('base64url');

/** Decodes a ranked list's `lastId`; anything else (an infinite rank, an id past `integer`) is a 400 naming the field. */
export function decodeRankCursor(lastId: string, field = 'lastId'): RankCursor {
  const text = Buffer.from(lastId, 'base64url').toString('utf8');
  const match = /^r(-?\d{1,12}(?:\.\d{1,20})?(?:e[+-]?\d{1,3})?):(\d{1,10})$/.exec(text);
  if (!match || !/^[\w-]+$/.test(lastId)) throw badRequest(field, INVALID_CURSOR_MESSAGE);
  const cursor = { rank: Number(match[1]), id: Number(match[2]) };
  if (!Number.isFinite(cursor.rank) || cursor.id > DB_INT_MAX)
    throw badRequest(field, INVALID_CURSOR_MESSAGE);
  return cursor;
}

/**
 * Decodes the `lastId` of a list ranked by an `integer` column (a fans group's intimacy, a
 * content's views): a rank that is no whole number or past the column is a 400 naming the field,
 * never a database error (issue 26 point 9).
 */
export function decodeIntRankCursor(lastId: string, field = 'lastId'): RankCursor {
  const cursor = decodeRankCursor(lastId, field);
  if (!Number.isInteger(cursor.rank) || cursor.rank < DB_INT_MIN || cursor.rank > DB_INT_MAX)
    throw badRequest(field, INVALID_CURSOR_MESSAGE);
  return cursor;
}
