import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema } from '../../shared';

const domain = 'commerce';

/** One rule of the commission programme, with where the creator stands. */
export const commissionRuleSchema = z.object({
  key: z.enum(['followers', 'contents', 'clean']),
  title: z.string(),
  met: z.boolean(),
  /** The creator's figure (followers, contents, upheld reports in the period). */
  current: z.number().int(),
  /** What the rule asks for (at least, or for `clean` at most). */
  required: z.number().int(),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

export const commissionStateSchema = z.object({
  eligible: z.boolean(),
  joined: z.boolean(),
  joinedAt: z.string().nullable(),
  rules: z.array(commissionRuleSchema),
});
export type CommissionState = z.infer<typeof commissionStateSchema>;

export const commerce = {
  /** The caller's standing in the product commission programme (issue 17 point 2). */
  commissionCheck: endpoint({
    domain,
    method: 'GET',
    path: '/sns-merc/v1/h5/commission/check',
    auth: 'login',
    request: z.object({}),
    response: commissionStateSchema,
  }),
  /** Join once; an ineligible creator is told the unmet rules. */
  commissionJoin: endpoint({
    domain,
    method: 'POST',
    path: '/sns-merc/v1/h5/commission/join',
    auth: 'login',
    request: z.object({}),
    response: commissionStateSchema,
  }),
  /**
   * Ours (the spec's wants are the app's native `fav`): a browser wants or un-wants a product; the
   * app's fav action is followed by the same call, so every card shows one state.
   */
  productWant: endpoint({
    domain,
    method: 'POST',
    path: '/sns-merc/v1/h5/product/want',
    auth: 'login',
    request: z.object({ spuId: idSchema, want: z.boolean({ error: 'want 须为 true 或 false' }) }),
    response: z.object({
      spuId: z.number().int(),
      isCollection: z.union([z.literal(0), z.literal(1)]),
      wantCount: z.number().int(),
    }),
  }),
} as const;
