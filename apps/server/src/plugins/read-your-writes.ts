import type { FastifyInstance } from 'fastify';
import { fenceSecondsOf, type ReadState, type ReplicaRouter, readStates } from '../db/replica';
import type { Env } from '../env';
import { PRIVATE_NO_STORE } from './register-endpoint';
import { cookieScope } from './session';

/**
 * The cookie that carries a writer's fence: the primary's WAL position (a decimal number) after
 * their last write. Unsigned: it only ever sends its holder's own reads to the primary, which is
 * what every read gets without a replica (docs/decisions/019-replica-reads.md).
 */
export const READ_FENCE_COOKIE = 'readFence';

declare module 'fastify' {
  interface FastifyRequest {
    /** What this request's reads must see (with a replica only); null before its handler. */
    readState: ReadState | null;
  }
}

/** A fence cookie's position; null when absent or not a number we wrote. */
export function parseFence(value: string | undefined): bigint | null {
  return value !== undefined && /^\d{1,20}$/.test(value) ? BigInt(value) : null;
}

/**
 * Read-your-writes with a replica (issue 29 point 2). Each request's handler runs with its
 * {@link ReadState} (AsyncLocalStorage: every read on `deps.reads` under it, SSR loaders' included,
 * asks the router with it): the fence from the caller's cookie, and whether the request wrote yet
 * (the primary pool reports each statement). A request that wrote gets the primary's position
 * after its writes as its new fence cookie, so the caller's next reads, on any node, go to the
 * primary until the replica has replayed that far. Registered before the cookie plugin, whose
 * onSend writes the cookies set here.
 */
export function registerReadYourWrites(
  app: FastifyInstance,
  replica: ReplicaRouter,
  env: Pick<Env, 'COOKIE_DOMAIN' | 'DATABASE_READ_MAX_LAG_MS'>,
) {
  const maxAge = fenceSecondsOf(env.DATABASE_READ_MAX_LAG_MS);
  app.decorateRequest('readState', null);
  app.addHook('preHandler', (request, _reply, done) => {
    const state: ReadState = { fence: parseFence(request.cookies[READ_FENCE_COOKIE]), wrote: false };
    request.readState = state;
    readStates.run(state, done);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.readState?.wrote) return payload;
    try {
      const position = await replica.writePosition();
      reply.setCookie(READ_FENCE_COOKIE, position.toString(), {
        ...cookieScope(reply, env.COOKIE_DOMAIN),
        httpOnly: true,
        sameSite: 'lax',
        maxAge,
      });
      // An answer that carries a caller's cookie is theirs alone.
      if (String(reply.getHeader('cache-control') ?? '').startsWith('public'))
        reply.header('cache-control', PRIVATE_NO_STORE);
    } catch (error) {
      // The write is done; without a fence the caller's next reads wait only on the lag rule.
      request.log.warn({ err: error }, 'read fence: the primary did not say its WAL position');
    }
    return payload;
  });
}
