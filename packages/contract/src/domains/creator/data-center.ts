import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, pageOf, pageQuerySchema } from '../../shared';

const domain = 'creator';

/** The periods the data centre offers, in days (the last N calendar days, today included). */
export const DATA_CENTER_PERIODS = [7, 30, 90] as const;
export type DataCenterPeriod = (typeof DATA_CENTER_PERIODS)[number];

const PERIOD_ERROR = '须为 7、30 或 90';
/** A period in days: 7, 30 or 90 (7 unless asked). */
export const periodSchema = z
  .union([z.literal(7), z.literal(30), z.literal(90)], { error: PERIOD_ERROR })
  .default(7);

/** A user's gender as stored (null: not given). */
export const USER_GENDER = { male: 1, female: 2 } as const;

const count = z.number().int().nonnegative();

/** One figure of a period and of the period before it; `change` is (value − previous) / previous, null when previous is 0. */
export const periodFigureSchema = z.object({ value: count, previous: count, change: z.number().nullable() });
export type PeriodFigure = z.infer<typeof periodFigureSchema>;

/** The calendar days of a period (China time, YYYY-MM-DD, both included). */
const periodDaysSchema = z.object({ period: z.number().int(), since: z.string(), until: z.string() });

/** The creator's totals over a period, each against the period before (summery, spec §7). */
export const dataCenterSummarySchema = periodDaysSchema.extend({
  views: periodFigureSchema,
  lights: periodFigureSchema,
  comments: periodFigureSchema,
  shares: periodFigureSchema,
  newFans: periodFigureSchema,
});
export type DataCenterSummary = z.infer<typeof dataCenterSummarySchema>;

/** How the content list is ordered: most views, most lights (in the period), or newest. */
export const CONTENT_LIST_SORTS = ['views', 'lights', 'newest'] as const;
export type ContentListSort = (typeof CONTENT_LIST_SORTS)[number];

/** A content of the creator with its figures in the period. */
export const dataCenterContentSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  contentType: z.number().int(),
  cover: z.string().nullable(),
  /** Epoch milliseconds. */
  createdAt: z.number().int(),
  views: count,
  lights: count,
  comments: count,
});
export type DataCenterContent = z.infer<typeof dataCenterContentSchema>;

/** One day of a content's series. */
export const dataCenterDaySchema = z.object({
  date: z.string(),
  views: count,
  lights: count,
  comments: count,
  newFans: count,
});
export type DataCenterDay = z.infer<typeof dataCenterDaySchema>;

/** One content's daily series over the period, oldest day first, with its totals. */
export const dataCenterContentDetailSchema = periodDaysSchema.extend({
  content: dataCenterContentSchema.omit({ views: true, lights: true, comments: true }),
  totals: dataCenterDaySchema.omit({ date: true }),
  days: z.array(dataCenterDaySchema),
});
export type DataCenterContentDetail = z.infer<typeof dataCenterContentDetailSchema>;

/** A labelled count of a portrait chart. */
export const portraitSliceSchema = z.object({ key: z.string(), count });
export type PortraitSlice = z.infer<typeof portraitSliceSchema>;

/** The creator's followers today: by gender, age band, region (top ten, then 其他) and active hour. */
export const fansPortraitSchema = z.object({
  total: count,
  gender: z.array(portraitSliceSchema),
  ageBands: z.array(portraitSliceSchema),
  regions: z.array(portraitSliceSchema),
  /** 24 counts, hour 0 to 23 China time: the followers' detail page views of the last 30 days. */
  activeHours: z.array(count).length(24),
});
export type FansPortrait = z.infer<typeof fansPortraitSchema>;

// Issue 15 point 1: the creator data centre (DESIGN.md §3 creator domain), merged into `contract.creator`.
export const creatorDataCenter = {
  /** The creator's totals over a period against the previous one (spec §7, no error toast). */
  dataCenterSummery: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/draft/data-center/summery',
    auth: 'login',
    errorToast: false,
    request: z.object({ period: periodSchema }),
    response: dataCenterSummarySchema,
  }),
  /** The creator's contents with their figures in a period, sorted and keyset-paged. */
  dataCenterContentList: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/draft/data-center/content-list',
    auth: 'login',
    request: z.object({
      period: periodSchema,
      sort: z.enum(CONTENT_LIST_SORTS, { error: '须为 views、lights 或 newest' }).default('views'),
      ...pageQuerySchema.shape,
    }),
    response: pageOf(dataCenterContentSchema),
  }),
  /** One of the creator's contents, day by day over a period. */
  dataCenterContentDetail: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/draft/data-center/content-detail',
    auth: 'login',
    request: z.object({ contentId: idSchema, period: periodSchema }),
    response: dataCenterContentDetailSchema,
  }),
  /** The creator's followers by gender, age, region and active hour (spec §7, no error toast). */
  dataCenterFansPortrait: endpoint({
    domain,
    method: 'POST',
    path: '/sns-user-biz/v1/h5/draft/data-center/fans-portrait',
    auth: 'login',
    errorToast: false,
    request: z.object({}),
    response: fansPortraitSchema,
  }),
} as const;
