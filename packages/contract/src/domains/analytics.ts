import { z } from 'zod';
import { endpoint } from '../endpoint';

const domain = 'analytics';

/** Kinds of telemetry the client reports (spec §8 page errors, request time-outs). */
export const telemetryKindSchema = z.enum([
  'render-error',
  'white-screen',
  'script-load',
  'timeout',
  'missing-cookie',
]);
export type TelemetryKind = z.infer<typeof telemetryKindSchema>;

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
    }),
    response: z.object({ id: z.number().int() }),
  }),
} as const;
