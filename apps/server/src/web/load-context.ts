import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Endpoint, ServerLoadContext } from '@h5/contract';
import { SERVICE_UNAVAILABLE } from '@h5/core';
import { apiErrorOf } from '@h5/request';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, data } from 'react-router';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppDeps } from '../deps';
import { appLinks, publicApiBase } from '../env';
import { envelope } from '../plugins/envelope';
import { isAppError } from '../plugins/errors';
import { internalAccess } from '../plugins/internal-access';
import { SERVER_MESSAGES } from '../plugins/messages';
import { invokeEndpoint } from '../plugins/register-endpoint';
import type { SessionState } from '../plugins/session';

declare module 'react-router' {
  /** Loaders receive {@link ServerLoadContext} (the web app declares the same). */
  interface AppLoadContext extends ServerLoadContext {}
}

/**
 * Testing hook: delay every in-process call of a page request by N ms. Only for callers the
 * internal pages answer (never in 'pro'; outside 'local' loopback or the operator token), so no
 * visitor on t0 / t1 / pre can hold a page request open for 30 s.
 */
export const DEBUG_PREFETCH_DELAY_HEADER = 'x-debug-prefetch-delay-ms';
const MAX_DEBUG_DELAY_MS = 30_000;

function debugDelay(request: FastifyRequest, deps: AppDeps): number {
  if (request.headers[DEBUG_PREFETCH_DELAY_HEADER] === undefined) return 0;
  if (internalAccess(request, deps.env) !== 'allowed') return 0;
  const value = Number(request.headers[DEBUG_PREFETCH_DELAY_HEADER]);
  return Number.isFinite(value) && value > 0 ? Math.min(value, MAX_DEBUG_DELAY_MS) : 0;
}

/**
 * The loaders' context for one page request: `api` runs the same handler as the HTTP route,
 * in process (no HTTP, no sign), as the user of the page request's cookies. With the database
 * unavailable it throws a 503 route response (the envelope as its data): loaders that fall back
 * to client rendering still do, and a page that cannot render without it answers 503, not 500.
 */
export function createLoadContext(
  app: FastifyInstance,
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): AppLoadContext {
  let state: Promise<SessionState> | undefined;
  const delayMs = debugDelay(request, deps);
  return {
    api: async <E extends Endpoint>(
      endpoint: E,
      input: unknown,
      options?: { headers?: Record<string, string> },
    ) => {
      if (delayMs) await sleep(delayMs);
      try {
        state ??= deps.sessions.resolve(request);
        // The call's headers as the browser client sends them (the contract's, e.g. content-detail's
        // version), never the page request's: they belong to another request.
        const headers = { ...endpoint.headers?.send, ...options?.headers };
        return await invokeEndpoint(app, deps, endpoint, input ?? {}, {
          request,
          reply,
          state: await state,
          headers,
        });
      } catch (error) {
        // The refusal as the browser would see it: loaders narrow one type, ApiError.
        if (isAppError(error))
          throw apiErrorOf(error.httpStatus, envelope(error.code, error.message, error.data));
        if (!isDatabaseUnavailable(error)) throw error;
        throw data(envelope(SERVICE_UNAVAILABLE, SERVER_MESSAGES.serviceUnavailable, null), {
          status: SERVICE_UNAVAILABLE,
        });
      }
    },
    runtime: {
      appEnv: deps.env.APP_ENV,
      apiBaseUrl: publicApiBase(deps.env),
      signSecret: deps.env.SIGN_SECRET,
      ...(deps.env.COOKIE_DOMAIN ? { cookieDomain: deps.env.COOKIE_DOMAIN } : {}),
      app: appLinks(deps.env),
    },
    // 128 random bits per page request, so no earlier page's nonce works on this one.
    nonce: randomBytes(16).toString('base64'),
  };
}
