import './plugins/zod-locale';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Db, ReadDb } from './db/client';
import type { ReplicaRouter } from './db/replica';
import type { AppDeps } from './deps';
import { DOMAINS } from './domains';
import { storageHostRewrite } from './domains/upload/hosts';
import type { Env } from './env';
import { createJobQueue } from './jobs';
import { API_BODY_LIMIT_BYTES, registerBodyDrain } from './plugins/body-limits';
import { registerDeviceId } from './plugins/device-id';
import { handleFrameworkError, registerEnvelope } from './plugins/envelope';
import { registerFlowType } from './plugins/flow-type';
import { Lifecycle, registerHealth } from './plugins/health';
import { registerJsonBody } from './plugins/json-body';
import { OperatorSessionStore } from './plugins/operator-session';
import { RateLimiter } from './plugins/rate-limit';
import { registerReadYourWrites } from './plugins/read-your-writes';
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
  /** The database's reads handle and replica router (DATABASE_READ_URL); absent, reads use `db`. */
  reads?: ReadDb | undefined;
  replica?: ReplicaRouter | null | undefined;
  /** PostgreSQL for pg-boss (main.ts: DATABASE_URL); absent, jobs run in process. Either starts only when told. */
  jobsDatabaseUrl?: string | undefined;
  /** Pino logging; off by default (tests), main.ts turns it on. */
  logger?: boolean;
}

/** Node checks request and header timeouts on this period; a short REQUEST_TIMEOUT_MS needs it shorter. */
const timeoutCheckEvery = (requestTimeoutMs: number) =>
  Math.min(30_000, Math.max(100, Math.floor(requestTimeoutMs / 4)));

/** The whole server: API from the contract, static config, seed CDN and the SSR web app. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, db } = options;
  const reads = options.reads ?? db;
  const app = Fastify({
    logger: options.logger ? { level: env.LOG_LEVEL } : false,
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    frameworkErrors: handleFrameworkError,
    // Stock OSS clients address the storage host by host name (STORAGE_HOST_DOMAIN).
    rewriteUrl: storageHostRewrite(env.STORAGE_HOST_DOMAIN),
    bodyLimit: API_BODY_LIMIT_BYTES,
    // Slow clients (issue 11 point 3): a silent connection is closed, a request still arriving
    // after REQUEST_TIMEOUT_MS answers 408 (Fastify leaves both unlimited by default).
    connectionTimeout: env.CONNECTION_TIMEOUT_MS,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    // A request on a kept-alive connection after close() began is served like any other (with
    // `Connection: close`, health.ts), never Fastify's own bare 503 (issue 26 point 5).
    return503OnClosing: false,
    http: {
      headersTimeout: Math.min(60_000, env.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: timeoutCheckEvery(env.REQUEST_TIMEOUT_MS),
    },
    // Per-request lines only at debug/trace.
    logController: new LogController({
      disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace',
    }),
  });
  const limits = new RateLimiter(db);
  const store = createObjectStore(env);
  const deps: AppDeps = {
    env,
    db,
    reads,
    sessions: new SessionStore(db, env.SESSION_TTL_HOURS, env.COOKIE_DOMAIN, reads).reuseForReads(
      env.SESSION_READ_REUSE_MS,
    ),
    operatorSessions: new OperatorSessionStore(
      db,
      env.OPERATOR_SESSION_IDLE_MINUTES,
      env.OPERATOR_SESSION_MAX_HOURS,
    ),
    risk: new RiskCheck(db, limits.counters, env),
    limits,
    store,
    secrets: loadSecrets(env, app.log),
    lifecycle: new Lifecycle(),
    jobs: createJobQueue({ db, store, env, log: app.log }, options.jobsDatabaseUrl),
  };
  // Closing (shutdown, a test's close) stops taking jobs and waits for the runs in flight.
  app.addHook('onClose', async () => deps.jobs.stop());

  app.decorate('deps', deps);
  registerSecurityHeaders(app);
  // Before the cookie plugin: its onSend writes the fence cookie this one's onSend sets.
  if (options.replica) registerReadYourWrites(app, options.replica, env);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerJsonBody(app);
  registerFlowType(app);
  registerDeviceId(app);
  registerEnvelope(app);
  registerBodyDrain(app);
  registerEndpointRegistry(app);
  registerHealth(app, db, deps.lifecycle);

  for (const domain of DOMAINS) await domain.register(app, deps);
  await registerWeb(app, deps);

  await app.ready();
  return app;
}
