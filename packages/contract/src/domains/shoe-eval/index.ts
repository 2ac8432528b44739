import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema, userBriefSchema } from '../../shared';
import { productCardSchema } from '../content/details';

const domain = 'shoe-eval';

/** Most photos on one evaluation (issue 17 point 3). */
export const SHOE_EVAL_MAX_IMAGES = 9;
/** Longest text of one evaluation. */
export const SHOE_EVAL_MAX_TEXT = 200;

const SCORE_ERROR = '评分须为 0 到 10 之间的半步（0、0.5、1 … 10）';
/** A 0–10 score in half steps, drawn as five stars (spec §9). */
export const shoeScoreSchema = z
  .number({ error: SCORE_ERROR })
  .min(0, { error: SCORE_ERROR })
  .max(10, { error: SCORE_ERROR })
  .refine((n) => Number.isInteger(n * 2), { error: SCORE_ERROR });

const DIMENSION_ERROR = '须为 1 到 5 颗星';
const dimension = z
  .number({ error: DIMENSION_ERROR })
  .int({ error: DIMENSION_ERROR })
  .min(1, { error: DIMENSION_ERROR })
  .max(5, { error: DIMENSION_ERROR });

/** The three dimensions, 1–5 stars each. */
export const shoeDimensionsSchema = z.object({ comfort: dimension, looks: dimension, value: dimension });
export type ShoeDimensions = z.infer<typeof shoeDimensionsSchema>;

export const shoeEvaluationSchema = z.object({
  evaluationId: z.number().int(),
  user: userBriefSchema,
  score: z.number(),
  dimensions: shoeDimensionsSchema,
  text: z.string(),
  images: z.array(z.object({ key: z.string(), url: z.string() })),
  createdAt: z.string(),
});
export type ShoeEvaluation = z.infer<typeof shoeEvaluationSchema>;

/** A product's evaluations in sum: computed from the rows on every read. */
export const shoeAggregateSchema = z.object({
  count: z.number().int(),
  /** Mean score, 0–10, one decimal; 0 with no evaluation. */
  average: z.number(),
  /** How many evaluations gave 5, 4, 3, 2 and 1 stars (a score's half, rounded: 9 → 5, 8.5 → 4, 0 → 1). */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
  /** Mean stars per dimension, one decimal. */
  dimensions: z.object({ comfort: z.number(), looks: z.number(), value: z.number() }),
});
export type ShoeAggregate = z.infer<typeof shoeAggregateSchema>;

export const shoeEvalSpuSchema = z.object({
  product: productCardSchema,
  count: z.number().int(),
  average: z.number(),
  /** The caller's score, null when not evaluated (or a visitor). */
  myScore: z.number().nullable(),
});
export type ShoeEvalSpu = z.infer<typeof shoeEvalSpuSchema>;

export const shoeEvalInfoSchema = z.object({
  product: productCardSchema,
  aggregate: shoeAggregateSchema,
  recent: z.array(shoeEvaluationSchema),
  mine: shoeEvaluationSchema.nullable(),
});
export type ShoeEvalInfo = z.infer<typeof shoeEvalInfoSchema>;

export const shoeEval = {
  shoeEvalList: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/shoe-eval/spu/list',
    auth: 'common',
    request: pageQuerySchema,
    response: pageOf(shoeEvalSpuSchema),
  }),
  shoeEvalInfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-itr/v1/shoe-eval/spu/info',
    auth: 'common',
    request: z.object({ spuId: idSchema }),
    response: shoeEvalInfoSchema,
  }),
  shoeEvaluate: endpoint({
    domain,
    method: 'POST',
    path: '/sns-itr/v1/shoe-eval/spu/evaluate',
    auth: 'login',
    speech: true,
    request: z.object({
      spuId: idSchema,
      score: shoeScoreSchema,
      dimensions: shoeDimensionsSchema,
      text: z
        .string({ error: '评价内容须为文字' })
        .trim()
        .max(SHOE_EVAL_MAX_TEXT, { error: `评价内容不能超过 ${SHOE_EVAL_MAX_TEXT} 个字` })
        .default(''),
      images: z
        .array(z.object({ key: z.string().min(1).max(512) }))
        .max(SHOE_EVAL_MAX_IMAGES, { error: `最多上传 ${SHOE_EVAL_MAX_IMAGES} 张图片` })
        .default([]),
    }),
    response: shoeEvalInfoSchema,
  }),
} as const;
