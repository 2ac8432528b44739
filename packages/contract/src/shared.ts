import { z } from 'zod';

/** The range of a PostgreSQL `integer` column, which holds every id and count the server stores. */
export const DB_INT_MIN = -2_147_483_648;
export const DB_INT_MAX = 2_147_483_647;

/** The refusal of an integer outside [min, max] (names the range; the field comes before it). */
const intRangeError = (min: number, max: number) => `须为 ${min} 到 ${max} 的整数`;

/** Text that is an integer as written: an optional minus and decimal digits, nothing else. */
const INTEGER_TEXT = /^-?\d{1,16}$/;

/**
 * An integer as the wire carries it (issue 26 point 1): a JSON number, or in a query string or
 * form field (where every value is text) decimal digits. Never `Number()` of whatever came:
 * that takes `[4]` and `"4.0"` as 4, `true` as 1 and `""` as 0. Anything else stays as sent, so
 * the number schema refuses it naming the field.
 */
export function wireInt(min: number, max: number, error?: string) {
  if (min < DB_INT_MIN || max > DB_INT_MAX)
    throw new RangeError(`wireInt(${min}, ${max}) is wider than an integer column`);
  const params = error === undefined ? undefined : { error };
  return z.preprocess(
    (value) => (typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value),
    z.number(params).int(params).min(min, params).max(max, params),
  );
}

/**
 * A query-string integer from min to max (a number, or digits as text). Never wider than an
 * `integer` column (a wider bound is a mistake here: use {@link idSchema} for ids).
 */
export function queryInt(min: number, max: number) {
  return wireInt(min, max);
}

/** An integer of a JSON body that fits an `integer` column; anything else is refused naming the field. */
export function dbInt(min = DB_INT_MIN, max = DB_INT_MAX) {
  const error = intRangeError(min, max);
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

const ID_ERROR = intRangeError(1, DB_INT_MAX);

/**
 * A row id (an `integer` identity): 1 to 2147483647, a number or digits as text, since ids come
 * from query strings and from older pages as numeric strings. `userId=2147483648` is a 400, never
 * a database error; `[4]`, `true` and `4.5` are 400s, never row 4 or 1.
 */
export const idSchema = wireInt(1, DB_INT_MAX, ID_ERROR);

export const imageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Image = z.infer<typeof imageSchema>;

export const userBriefSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  avatar: z.string(),
});
export type UserBrief = z.infer<typeof userBriefSchema>;

/**
 * The query of every cursor-paged list: the opaque `lastId` of the previous page (none for the
 * first) and how many items, 1 to 40 (20 unless asked). Spread its `shape` into a request.
 */
export const pageQuerySchema = z.object({
  lastId: z.string().max(200).optional(),
  limit: queryInt(1, 40).default(20),
});
/** A parsed page query (what the server's handlers get). */
export type PageQuery = z.output<typeof pageQuerySchema>;

/** A page of a cursor-paged list: `lastId` is opaque, null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), lastId: z.string().nullable(), hasMore: z.boolean() });

/** One page of any cursor-paged list, as {@link pageOf} parses it. */
export interface Page<T> {
  list: T[];
  lastId: string | null;
  hasMore: boolean;
}

export const emptySchema = z.object({});

/**
 * A client-made id that makes a repeated write (a retry, a double tap) one record: made once per
 * form or draft, sent again with every retry of it.
 */
export const requestIdSchema = z.uuid('必须是 UUID');

/**
 * The data of an HTTP 400 (issue 27 point 2): each refused field and why, written for the user,
 * for a form to show under its own input; the envelope's msg names the first (`limit: 数值过大…`).
 */
export const badRequestDataSchema = z.object({ fields: z.record(z.string(), z.string()) });
export type BadRequestData = z.infer<typeof badRequestDataSchema>;

/**
 * One version of a backstage document (a config, an activity's windows): its value, who made it
 * (null: found before the first edit), when. Here, not in the backstage domain: the domains that
 * keep documents import it, and the browser loads each domain's schemas alone.
 */
export const documentVersionSchema = <V extends z.ZodType>(value: V) =>
  z.object({
    version: z.number().int(),
    value,
    operatorName: z.string().nullable(),
    /** The version this one restored, or null. */
    restoredFrom: z.number().int().nullable(),
    at: z.string(),
  });
