import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { telemetry } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';

const header = (value: string | string[] | undefined): string | null =>
  (Array.isArray(value) ? value[0] : value)?.slice(0, 1000) || null;

/** Client telemetry: render errors, white-screen risk, script loads, time-outs, missing cookie. */
export function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, contract.analytics.reportTelemetry, async (input, { request }) => {
    const [row] = await deps.db
      .insert(telemetry)
      .values({
        kind: input.kind,
        message: input.message,
        pageUrl: input.pageUrl,
        detail: input.detail ?? null,
        userAgent: header(request.headers['user-agent']),
        flowType: header(request.headers['x-flow-type']),
      })
      .returning({ id: telemetry.id });
    return { id: (row as { id: number }).id };
  });
}
