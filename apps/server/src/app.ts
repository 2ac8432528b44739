import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Db } from './db/client';
import type { AppDeps } from './deps';
import { registerAnalyticsRoutes } from './domains/analytics/routes';
import { registerAuthRoutes } from './domains/auth/routes';
import { registerCommunityRoutes } from './domains/community/routes';
import { registerConfigRoutes } from './domains/config/routes';
import { registerContentRoutes } from './domains/content/routes';
import { registerFeedbackRoutes } from './domains/feedback/routes';
import { registerUploadRoutes } from './domains/upload/routes';
import type { Env } from './env';
import { handleFrameworkError, registerEnvelope } from './plugins/envelope';
import { registerFlowType } from './plugins/flow-type';
import { registerHealth } from './plugins/health';
import { registerJsonBody } from './plugins/json-body';
import { RateLimiter } from './plugins/rate-limit';
import { registerEndpointRegistry } from './plugins/register-endpoint';
import { RiskCheck } from './plugins/risk-check';
import { registerSecurityHeaders } from './plugins/security-headers';
import { SessionStore } from './plugins/session';
import { trustProxyOption } from './plugins/trusted-proxy';
import { loadSecrets } from './secrets';
import { createObjectStore } from './storage';
import { registerWeb } from './web/ssr';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's dependencies (env, db, sessions), for in-process use and tests. */
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  env: Env;
  /** An open, migrated database; the caller owns (and closes) it. */
  db: Db;
  /** Pino logging; off by default (tests), main.ts turns it on. */
  logger?: boolean;
}

/** The whole server: API from the contract, static config, seed CDN and the SSR web app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, db } = options;
  const app = Fastify({
    logger: options.logger ? { level: env.LOG_LEVEL } : false,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    frameworkErrors: handleFrameworkError,
    // Per-request lines only at debug/trace.
    logController: new LogController({
      disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace',
    }),
  });
  const limits = new RateLimiter(db);
  const deps: AppDeps = {
    env,
    db,
    sessions: new SessionStore(db, env.SESSION_TTL_HOURS, env.COOKIE_DOMAIN),
    risk: new RiskCheck(db, limits.counters, env),
    limits,
    store: createObjectStore(env),
    secrets: loadSecrets(env, app.log),
  };

  app.decorate('deps', deps);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerJsonBody(app);
  registerFlowType(app);
  registerEnvelope(app);
  registerEndpointRegistry(app);
  registerHealth(app, db);

  registerConfigRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerContentRoutes(app, deps);
  registerCommunityRoutes(app, deps);
  registerFeedbackRoutes(app, deps);
  await registerAnalyticsRoutes(app, deps);
  await registerUploadRoutes(app, deps);
  await registerWeb(app, deps);

  await app.ready();
  return app;
}
