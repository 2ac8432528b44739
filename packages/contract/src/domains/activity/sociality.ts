import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, userBriefSchema } from '../../shared';
import { feedCardSchema, productCardSchema } from '../content/details';

/** The topic (contents.topic, without '#') the 七夕 ranking counts. */
export const TANABATA_TOPIC = '七夕';
/** 奇妙相遇 draws a user may make per China day. */
export const ENCOUNTER_DRAWS_PER_DAY = 3;
/** How many contents the 七夕 ranking shows. */
export const TANABATA_RANK_SIZE = 20;

/**
 * An encounter card: the user met, why (followed authors and categories of lit contents the two
 * share; both 0: an active author, for a reader with no follows or lights yet), whether the
 * drawer follows them and they the drawer; once both follow each other, `unlocked` holds their
 * three newest contents (empty before).
 */
export const encounterCardSchema = z.object({
  slot: z.number().int().min(1),
  user: userBriefSchema,
  sharedAuthors: z.number().int().nonnegative(),
  sharedCategories: z.number().int().nonnegative(),
  isFollowing: z.boolean(),
  followsMe: z.boolean(),
  unlocked: z.array(z.object({ contentId: z.number().int(), title: z.string() })),
});
export type EncounterCard = z.infer<typeof encounterCardSchema>;

/** Today's encounter cards (China day) and the draws left. */
export const encounterTodaySchema = z.object({
  day: z.string(),
  drawsLeft: z.number().int().nonnegative(),
  list: z.array(encounterCardSchema),
});
export type EncounterToday = z.infer<typeof encounterTodaySchema>;

/** A place on the 七夕 ranking. */
export const tanabataRankItemSchema = feedCardSchema.extend({ rank: z.number().int().positive() });
export type TanabataRankItem = z.infer<typeof tanabataRankItemSchema>;

/** One of 心引力's products, with the users (other than the caller) who picked it too, if picked. */
export const xinyinProductSchema = z.object({
  product: productCardSchema,
  picked: z.boolean(),
  /** Only for a product the caller picked: the others who picked it (at most 20, latest first). */
  matches: z.array(userBriefSchema),
});
export type XinyinProduct = z.infer<typeof xinyinProductSchema>;

/** Issue 32 point 5: the h5-sociality pages' own actions (not in the spec). */
export const activitySociality = {
  /** Today's encounter cards and the draws left (奇妙相遇; inside its window). */
  encounterToday: endpoint({
    domain: 'activity',
    method: 'GET',
    path: '/sns-act/v1/h5/sociality/encounter/today',
    auth: 'login',
    request: z.object({}),
    response: encounterTodaySchema,
  }),
  /** Draws one encounter card (at most {@link ENCOUNTER_DRAWS_PER_DAY} a China day). */
  encounterDraw: endpoint({
    domain: 'activity',
    method: 'POST',
    path: '/sns-act/v1/h5/sociality/encounter/draw',
    auth: 'login',
    request: z.object({}),
    response: encounterTodaySchema,
  }),
  /** The #七夕 contents published inside the window, most lights first, top 20 (inside its window). */
  tanabataRank: endpoint({
    domain: 'activity',
    method: 'GET',
    path: '/sns-act/v1/common/h5/sociality/tanabata/rank',
    auth: 'common',
    request: z.object({}),
    response: z.object({ topic: z.string(), list: z.array(tanabataRankItemSchema) }),
  }),
  /** 心引力's products, each with the caller's pick and, for their picks, the others who picked it. */
  xinyinProducts: endpoint({
    domain: 'activity',
    method: 'GET',
    path: '/sns-act/v1/h5/sociality/xinyin/products',
    auth: 'login',
    request: z.object({}),
    response: z.object({ list: z.array(xinyinProductSchema) }),
  }),
  /** Picks (wants) one of 心引力's products, or takes the pick back with `pick: false`. */
  xinyinPick: endpoint({
    domain: 'activity',
    method: 'POST',
    path: '/sns-act/v1/h5/sociality/xinyin/pick',
    auth: 'login',
    request: z.object({ spuId: idSchema, pick: z.boolean().default(true) }),
    response: z.object({ list: z.array(xinyinProductSchema) }),
  }),
} as const;
