import { z } from 'zod';
import { endpoint, operatorEndpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema, userBriefSchema, wireInt } from '../../shared';

const domain = 'lottery';

/** Who may enter: anyone logged in, or only the host's followers. */
export const lotteryEntryRuleSchema = z.enum(['none', 'follow'], { error: '参与条件须为 none 或 follow' });
export type LotteryEntryRule = z.infer<typeof lotteryEntryRuleSchema>;

/** A winner's delivery address; every refusal names its field in Chinese. */
export const lotteryAddressSchema = z.object({
  name: z
    .string({ error: '请填写收货人姓名' })
    .trim()
    .min(2, { error: '收货人姓名须为 2 到 20 个字' })
    .max(20, { error: '收货人姓名须为 2 到 20 个字' }),
  mobile: z.string({ error: '请填写手机号' }).regex(/^1[3-9]\d{9}$/, { error: '请填写正确的 11 位手机号' }),
  region: z
    .string({ error: '请选择所在地区' })
    .trim()
    .regex(/^\S+ \S+ \S+$/, { error: '请选择所在地区（省 市 区）' })
    .max(60, { error: '所在地区不能超过 60 个字' }),
  street: z
    .string({ error: '请填写详细地址' })
    .trim()
    .min(5, { error: '详细地址须为 5 到 120 个字' })
    .max(120, { error: '详细地址须为 5 到 120 个字' }),
});
export type LotteryAddress = z.infer<typeof lotteryAddressSchema>;

/** A prize's way to the winner: no address yet, waiting for the courier, or shipped. */
export const lotteryShippingSchema = z.object({
  state: z.enum(['awaiting_address', 'awaiting_shipment', 'shipped']),
  courier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  shippedAt: z.string().nullable(),
});
export type LotteryShipping = z.infer<typeof lotteryShippingSchema>;

/** The caller's place in a lottery. */
export const lotteryMyStateSchema = z.enum(['visitor', 'not_entered', 'entered', 'won', 'lost']);
export type LotteryMyState = z.infer<typeof lotteryMyStateSchema>;

export const lotteryWinnerSchema = z.object({
  user: userBriefSchema,
  address: lotteryAddressSchema.nullable(),
  shipping: lotteryShippingSchema,
});
export type LotteryWinner = z.infer<typeof lotteryWinnerSchema>;

export const lotteryInfoSchema = z.object({
  lotteryId: z.number().int(),
  streamId: z.number().int(),
  host: userBriefSchema,
  prize: z.string(),
  quantity: z.number().int(),
  entryRule: lotteryEntryRuleSchema,
  drawAt: z.string(),
  drawn: z.boolean(),
  entrantCount: z.number().int(),
  my: z.object({
    state: lotteryMyStateSchema,
    /** A winner's address once given. */
    address: lotteryAddressSchema.nullable(),
    /** A winner's shipping state. */
    shipping: lotteryShippingSchema.nullable(),
  }),
  /** The host's view: every winner with address and shipping (null for anyone else). */
  winners: z.array(lotteryWinnerSchema).nullable(),
});
export type LotteryInfo = z.infer<typeof lotteryInfoSchema>;

const lotteryIdSchema = idSchema;

/** A lottery as the backstage lists it: its figures and every winner with address and shipping. */
export const lotteryOpsSchema = lotteryInfoSchema.omit({ my: true, winners: true }).extend({
  createdAt: z.string(),
  winners: z.array(lotteryWinnerSchema),
});
export type LotteryOps = z.infer<typeof lotteryOpsSchema>;

/** The courier and tracking number of a shipped prize (the host's form and the backstage's). */
const waybillShape = {
  courier: z
    .string({ error: '请填写快递公司' })
    .trim()
    .min(2, { error: '快递公司须为 2 到 20 个字' })
    .max(20, { error: '快递公司须为 2 到 20 个字' }),
  trackingNo: z
    .string({ error: '请填写运单号' })
    .trim()
    .regex(/^[A-Za-z0-9]{8,30}$/, { error: '运单号须为 8 到 30 位字母或数字' }),
};

export const lottery = {
  /** A lottery by id, or the newest of a stream. */
  lotteryInfo: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live-itr/v1/lottery/info',
    auth: 'common',
    request: z
      .object({ lotteryId: lotteryIdSchema.optional(), streamId: idSchema.optional() })
      .refine((q) => q.lotteryId !== undefined || q.streamId !== undefined, {
        path: ['lotteryId'],
        error: '请提供 lotteryId 或 streamId',
      }),
    response: lotteryInfoSchema,
  }),
  /** Ours (the spec has no entry call): a viewer joins a lottery before its draw. */
  enterLottery: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live-itr/v1/lottery/enter',
    auth: 'login',
    request: z.object({ lotteryId: lotteryIdSchema }),
    response: lotteryInfoSchema,
  }),
  addrSubmit: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live-itr/v1/lottery/addr-submit',
    auth: 'login',
    encoding: 'form',
    request: lotteryAddressSchema.extend({ lotteryId: lotteryIdSchema }),
    response: lotteryInfoSchema,
  }),
  addrUpdate: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live-itr/v1/lottery/addr-update',
    auth: 'login',
    encoding: 'form',
    request: lotteryAddressSchema.extend({ lotteryId: lotteryIdSchema }),
    response: lotteryInfoSchema,
  }),
  waybillSubmit: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live-itr/v1/lottery/waybill-submit',
    auth: 'login',
    encoding: 'form',
    request: z.object({
      lotteryId: lotteryIdSchema,
      winnerUserId: idSchema,
      ...waybillShape,
    }),
    response: lotteryInfoSchema,
  }),
  /** The backstage (issue 30 point 4, live ops): starts a lottery in a host's stream. */
  createLottery: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/lottery/create',
    roles: ['live_ops'],
    request: z.object({
      streamId: idSchema,
      hostUserId: idSchema,
      prize: z
        .string({ error: '请填写奖品' })
        .trim()
        .min(2, { error: '奖品名称须为 2 到 40 个字' })
        .max(40, { error: '奖品名称须为 2 到 40 个字' }),
      quantity: wireInt(1, 100, '奖品数量须为 1 到 100'),
      entryRule: lotteryEntryRuleSchema,
      drawInSeconds: wireInt(10, 86_400, '开奖时间须为 10 秒到 24 小时后'),
    }),
    response: lotteryOpsSchema,
  }),
  /**
   * The backstage's lotteries, newest first, by stream and state (`open`: before the draw time,
   * `drawn`: after it; a due lottery is drawn as it is read, like everywhere).
   */
  lotteries: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/lottery/list',
    roles: ['live_ops'],
    request: z.object({
      ...pageQuerySchema.shape,
      streamId: idSchema.optional(),
      state: z.enum(['open', 'drawn'], { error: '状态须为 open 或 drawn' }).optional(),
    }),
    response: pageOf(lotteryOpsSchema),
  }),
  /** The backstage: one lottery, with its winners. */
  lotteryDetail: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/lottery/detail',
    roles: ['live_ops'],
    request: z.object({ lotteryId: lotteryIdSchema }),
    response: lotteryOpsSchema,
  }),
  /** The backstage: a lottery's entrants by entry time, keyset-paged (a big stream has thousands). */
  lotteryEntrants: operatorEndpoint({
    domain,
    method: 'GET',
    path: '/backstage/v1/lottery/entrants',
    roles: ['live_ops'],
    request: z.object({ ...pageQuerySchema.shape, lotteryId: lotteryIdSchema }),
    response: pageOf(userBriefSchema.extend({ enteredAt: z.string() })),
  }),
  /** The backstage: a winner's prize shipped with its waybill (again to correct it), as the host's waybill-submit. */
  shipLotteryPrize: operatorEndpoint({
    domain,
    method: 'POST',
    path: '/backstage/v1/lottery/ship',
    roles: ['live_ops'],
    request: z.object({ lotteryId: lotteryIdSchema, winnerUserId: idSchema, ...waybillShape }),
    response: lotteryOpsSchema,
  }),
  /**
   * Internal, for tests only: draw now instead of at the draw time (a lottery draws by itself on
   * the first read after its time; the journeys would otherwise wait ten seconds or more).
   */
  drawLottery: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live-itr/v1/internal/lottery/draw',
    auth: 'common',
    internal: true,
    request: z.object({ lotteryId: lotteryIdSchema }),
    response: lotteryInfoSchema,
  }),
} as const;
