import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';

/**
 * GET /healthz for load balancers and test harnesses: 200 once the process listens (after
 * migrations and seed) and the database answers; 503 when it does not.
 */
export function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/healthz', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
}
