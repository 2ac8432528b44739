import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { idSchema, queryInt } from '../../shared';
import { anonymousIdSchema, clientFieldsSchema, collectResultSchema } from './events';

export * from './events';

const domain = 'analytics';

/** Kinds of telemetry the client reports (spec §8 page errors, request time-outs). */
export const telemetryKindSchema = z.enum([
  'render-error',
  'white-screen',
  'script-load',
  'timeout',
  'missing-cookie',
  'captcha-sdk',
]);
export type TelemetryKind = z.infer<typeof telemetryKindSchema>;

/** One stored telemetry report as the internal page lists it. */
export const telemetryReportSchema = z.object({
  id: z.number().int(),
  kind: telemetryKindSchema,
  message: z.string(),
  pageUrl: z.string(),
  detail: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The colouring (flow-type) value the reporting client carried, if any. */
  flowType: z.string().nullable(),
  /** The reporting device's anonymous id, client id and build release (issue 12), if sent. */
  anonymousId: z.string().nullable(),
  clientId: z.string().nullable(),
  release: z.string().nullable(),
  createdAt: z.string(),
});
export type TelemetryReport = z.infer<typeof telemetryReportSchema>;

/** One stored analytics event as the internal list shows it. */
export const storedEventSchema = z.object({
  uuid: z.string(),
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** Epoch ms. */
  occurredAt: z.number().int(),
  userId: z.number().int().nullable(),
  anonymousId: z.string().nullable(),
  clientId: z.string().nullable(),
  release: z.string().nullable(),
});
export type StoredEvent = z.infer<typeof storedEventSchema>;

export const analytics = {
  reportTelemetry: endpoint({
    domain,
    method: 'POST',
    path: '/sns-telemetry/v1/common/h5/report',
    auth: 'common',
    request: z.object({
      kind: telemetryKindSchema,
      /** The spec's text, e.g. '渲染错误'. */
      message: z.string().min(1).max(500),
      pageUrl: z.string().max(2000),
      detail: z.string().max(4000).optional(),
      ...clientFieldsSchema.shape,
    }),
    response: z.object({ id: z.number().int() }),
  }),
  /**
   * The analytics collector (issue 4): a batch of queued events. Each event is checked alone (a
   * bad one is refused with a reason, the good ones of the batch kept) and stored once per uuid.
   * The batch is `unknown[]` here so one bad event cannot fail the whole request's parse, and
   * `perItem` leaves the events' text to the collector's own per-event check.
   */
  collectEvents: endpoint({
    domain,
    method: 'POST',
    path: '/sns-analytics/v1/common/h5/collect',
    auth: 'common',
    request: z.object({ events: z.array(z.unknown()).min(1).max(100) }),
    response: collectResultSchema,
    perItem: ['events'],
    errorToast: false,
  }),
  /** Internal (not in `pro`): event counts per time bucket, for the /internal/analytics page. */
  eventCounts: endpoint({
    domain,
    method: 'GET',
    path: '/sns-analytics/v1/internal/h5/event-counts',
    auth: 'common',
    internal: true,
    request: z.object({
      bucket: z.enum(['minute', 'hour', 'day']).default('hour'),
      /** How many buckets back from now. */
      span: queryInt(1, 168).default(24),
    }),
    response: z.object({
      bucket: z.enum(['minute', 'hour', 'day']),
      /** Bucket starts, oldest first (ISO). */
      buckets: z.array(z.string()),
      series: z.array(z.object({ event: z.string(), counts: z.array(z.number().int()) })),
      total: z.number().int(),
    }),
  }),
  /**
   * Internal (not in `pro`): stored events, newest first, optionally of one device's anonymous id
   * or one user — what a device sent before and after a login (issue 12 point 3).
   */
  listEvents: endpoint({
    domain,
    method: 'GET',
    path: '/sns-analytics/v1/internal/h5/events',
    auth: 'common',
    internal: true,
    request: z.object({
      anonymousId: anonymousIdSchema.optional(),
      userId: idSchema.optional(),
      limit: queryInt(1, 100).default(20),
    }),
    response: z.object({ list: z.array(storedEventSchema) }),
  }),
  /** Internal (not in `pro`): the stored reports, newest first, for the telemetry page. */
  listTelemetry: endpoint({
    domain,
    method: 'GET',
    path: '/sns-telemetry/v1/internal/h5/reports',
    auth: 'common',
    internal: true,
    request: z.object({
      kind: telemetryKindSchema.optional(),
      /** The id of the last report of the previous page. */
      cursor: idSchema.optional(),
      limit: queryInt(1, 100).default(20),
    }),
    response: z.object({
      list: z.array(telemetryReportSchema),
      nextCursor: z.number().int().nullable(),
    }),
  }),
} as const;
