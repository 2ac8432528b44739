import { contract, type TelemetryReport } from '@h5/contract';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { telemetry } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { collectEvents } from './collect';
import { eventCounts } from './event-counts';

/** Stored user agents are cut to this many characters. */
const USER_AGENT_MAX = 512;

const userAgentOf = (value: string | undefined): string | null => value?.slice(0, USER_AGENT_MAX) || null;

/**
 * Client telemetry (render errors, white-screen risk, script loads, time-outs, missing cookie,
 * captcha SDK) and the tracker's event collector with its internal counts.
 */
export async function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (beacon) => {
    // `navigator.sendBeacon` cannot send application/json without a CORS preflight, so the
    // tracker's pagehide flush posts a 'text/plain;charset=UTF-8' Blob: on this route only, a
    // text/plain body is parsed as JSON (Fastify's own parser, prototype-poisoning checks included).
    beacon.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      beacon.getDefaultJsonParser('error', 'error'),
    );
    registerEndpoint(beacon, deps, contract.analytics.collectEvents, ({ events }, { user, request }) =>
      collectEvents(deps.db, events, { userId: user?.userId ?? null, flowType: request.flowType }),
    );
  });

  /** Internal (plugins/internal-access.ts): events per typed event per time bucket, zero-filled. */
  registerEndpoint(app, deps, contract.analytics.eventCounts, ({ bucket, span }) =>
    eventCounts(deps.db, bucket, span),
  );

  registerEndpoint(app, deps, contract.analytics.reportTelemetry, async (input, { request }) => {
    const [row] = await deps.db
      .insert(telemetry)
      .values({
        kind: input.kind,
        message: input.message,
        pageUrl: input.pageUrl,
        detail: input.detail ?? null,
        userAgent: userAgentOf(request.headers['user-agent']),
        // Validated by the flow-type hook (plugins/flow-type.ts): header, else cookie.
        flowType: request.flowType,
      })
      .returning({ id: telemetry.id });
    return { id: (row as { id: number }).id };
  });

  /** Internal (plugins/internal-access.ts): newest first, keyset paging by id, optionally one kind. */
  registerEndpoint(app, deps, contract.analytics.listTelemetry, async ({ kind, cursor, limit }) => {
    const conditions: SQL[] = [];
    if (kind) conditions.push(eq(telemetry.kind, kind));
    if (cursor !== undefined) conditions.push(lt(telemetry.id, cursor));
    const rows = await deps.db
      .select()
      .from(telemetry)
      .where(and(...conditions))
      .orderBy(desc(telemetry.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      list: page.map(
        (row): TelemetryReport => ({
          ...row,
          kind: row.kind as TelemetryReport['kind'],
          createdAt: row.createdAt.toISOString(),
        }),
      ),
      nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    };
  });
}
