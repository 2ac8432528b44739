import { SERVICE_UNAVAILABLE } from '@h5/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { isMigrated } from '../db/migrate';
import { envelope, success } from './envelope';
import { SERVER_MESSAGES } from './messages';

/** Where a node is in its life: serving, or draining after SIGTERM (main.ts). */
export class Lifecycle {
  /** Set on SIGTERM: /readyz answers 503 (the node still serves). */
  draining = false;
  /** Set once the node stops listening: every answer closes its connection. */
  closing = false;
  /** Once the database held this build's migrations it always will (they are never undone). */
  migrated = false;
}

/**
 * The request header a balancer sets (nginx: `proxy_set_header X-Balancer-Retry 503;`) to say it
 * tries an idempotent request that got a 503 on another node (`proxy_next_upstream http_503`).
 */
export const BALANCER_RETRY_HEADER = 'x-balancer-retry';

type Readiness = 'ready' | 'draining' | 'database unreachable' | 'not migrated';

/**
 * The probes (issue 26 point 5), as envelopes like every answer:
 * - `GET /livez`: the process answers (no database): a supervisor restarts a node that does not.
 * - `GET /readyz`: the node should get traffic: not draining, the database answers and holds this
 *   build's migrations; else 503 naming why. Balancers use this one.
 * - `GET /healthz`: the same as /readyz, kept for the harnesses and monitors that know it.
 * Draining, a GET or HEAD from a balancer that retries 503s elsewhere (BALANCER_RETRY_HEADER) gets
 * the 503 envelope: the balancer serves it from another node and, with passive health checks
 * (nginx's `max_fails`), stops routing here, so nothing is on its way to this node when it stops
 * listening. Everything else is served. Once closing, every answer says `Connection: close`, so
 * keep-alive clients leave this node one finished request at a time.
 */
export function registerHealth(app: FastifyInstance, db: Db, lifecycle: Lifecycle) {
  const readiness = async (): Promise<Readiness> => {
    if (lifecycle.draining) return 'draining';
    try {
      if (!lifecycle.migrated) lifecycle.migrated = await isMigrated(db);
      else await db.execute(sql`select 1`);
    } catch (error) {
      app.log.error({ err: error }, 'readiness: database unreachable');
      return 'database unreachable';
    }
    return lifecycle.migrated ? 'ready' : 'not migrated';
  };
  const ready = async (_request: unknown, reply: FastifyReply) => {
    const status = await readiness();
    if (status === 'ready') return success({ status });
    return reply
      .code(SERVICE_UNAVAILABLE)
      .send(envelope(SERVICE_UNAVAILABLE, SERVER_MESSAGES.serviceUnavailable, { status }));
  };
  app.get('/livez', async () => success({ status: 'alive' }));
  app.get('/readyz', ready);
  app.get('/healthz', ready);
  app.addHook('onRequest', async (request, reply) => {
    if (!lifecycle.draining || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    if (request.headers[BALANCER_RETRY_HEADER] !== '503' || request.url === '/livez') return;
    return reply
      .code(SERVICE_UNAVAILABLE)
      .header('retry-after', '0')
      .send(envelope(SERVICE_UNAVAILABLE, SERVER_MESSAGES.serviceUnavailable, { status: 'draining' }));
  });
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.closing) reply.header('connection', 'close');
  });
}
