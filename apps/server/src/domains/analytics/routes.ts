import { contract, type TelemetryReport } from '@h5/contract';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageFrom, rowsToRead } from '../../db/keyset';
import { telemetry } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { jsonBodyParser } from '../../plugins/json-body';
import { rateRule } from '../../plugins/rate-limit';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { collectEvents } from './collect';
import { eventCounts } from './event-counts';
import { listEvents } from './event-list';
import { ANALYTICS_MESSAGES } from './messages';

/** Stored user agents are cut to this many characters. */
const USER_AGENT_MAX = 512;

const userAgentOf = (value: string | undefined): string | null => value?.slice(0, USER_AGENT_MAX) || null;

/** The 429 limits of the collectors (docs/api.md "Limits"): reports, and events, per visitor and address. */
function collectorRateRules(env: AppDeps['env']) {
  const windowSeconds = env.RATE_COLLECTOR_WINDOW_SECONDS;
  const rule = (name: string, limit: number) => rateRule(name, limit, windowSeconds);
  return {
    telemetry: {
      address: rule('telemetry:ip', env.RATE_TELEMETRY_PER_IP),
      visitor: rule('telemetry:visitor', env.RATE_TELEMETRY_PER_VISITOR),
    },
    events: {
      address: rule('collect:ip', env.RATE_COLLECT_PER_IP),
      visitor: rule('collect:visitor', env.RATE_COLLECT_PER_VISITOR),
    },
  };
}

/**
 * Client telemetry (render errors, white-screen risk, script loads, time-outs, missing cookie,
 * captcha SDK) and the tracker's event collector with its internal counts.
 */
export async function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const rules = collectorRateRules(deps.env);
  const { limits } = deps;
  await app.register(async (beacon) => {
    // `navigator.sendBeacon` cannot send application/json without a CORS preflight, so the
    // tracker's pagehide flush posts a 'text/plain;charset=UTF-8' Blob: on this route only, a
    // text/plain body is parsed as JSON, by the app's JSON parser (depth cap, prototype-poisoning checks).
    beacon.addContentTypeParser('text/plain', { parseAs: 'string' }, jsonBodyParser(beacon));
    // Counted in events (a batch costs its length), so many small batches and one large weigh the same.
    registerEndpoint(
      beacon,
      deps,
      contract.analytics.collectEvents,
      async ({ events }, { user, viewerId, request, reply }) => {
        const keys = limits.callerKeys(request, user, rules.events);
        await limits.enforce(keys, ANALYTICS_MESSAGES.tooManyReports, reply, events.length);
        return collectEvents(deps.db, events, { userId: viewerId, flowType: request.flowType });
      },
    );
  });

  /** Internal (plugins/internal-access.ts): events per typed event per time bucket, zero-filled. */
  registerEndpoint(app, deps, contract.analytics.eventCounts, ({ bucket, span }) =>
    eventCounts(deps.db, bucket, span),
  );

  /** Internal: stored events newest first, by anonymous id or user (issue 12 point 3). */
  registerEndpoint(app, deps, contract.analytics.listEvents, async (filter) => ({
    list: await listEvents(deps.db, filter),
  }));

  // Stamped by the server (created_at, database clock): a report carries no time of its own.
  registerEndpoint(app, deps, contract.analytics.reportTelemetry, async (input, { request, reply, user }) => {
    const keys = limits.callerKeys(request, user, rules.telemetry);
    await limits.enforce(keys, ANALYTICS_MESSAGES.tooManyReports, reply);
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
        anonymousId: input.anonymousId ?? null,
        clientId: input.clientId ?? null,
        clientRelease: input.release ?? null,
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
      .limit(rowsToRead({ limit }));
    // The cursor is the last id shown (the contract's telemetry cursor is a number).
    const page = pageFrom(rows, limit, (row) => String(row.id));
    return {
      list: page.list.map(
        ({ clientRelease, ...row }): TelemetryReport => ({
          ...row,
          release: clientRelease,
          createdAt: row.createdAt.toISOString(),
        }),
      ),
      nextCursor: page.lastId === null ? null : Number(page.lastId),
    };
  });
}
