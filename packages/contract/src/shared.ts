import { z } from 'zod';

/** A query-string integer: strings from the URL are coerced, bounds are checked. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

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

/** A page of a cursor-paged list: `lastId` is opaque, null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), lastId: z.string().nullable(), hasMore: z.boolean() });

export const emptySchema = z.object({});

/**
 * A client-made id that makes a repeated write (a retry, a double tap) one record: made once per
 * form or draft, sent again with every retry of it.
 */
export const requestIdSchema = z.uuid('必须是 UUID');
