import { randomInt } from 'node:crypto';
import type { Endpoint, Envelope, RequestOf, ResponseOf } from '@h5/contract';
import { buildRequest } from '@h5/request';
import type { FastifyInstance } from 'fastify';
import { LIFTED_LIMITS } from '../../../../scripts/lifted-limits.mjs';
import { PRO_TEST_SETTINGS } from '../../../../scripts/start-server.mjs';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { generateUploadAppSecrets, syncUploadApps } from '../db/seed/upload-seed';
import { type Env, parseEnv } from '../env';
import { testDatabase } from './database';

export const TEST_SIGN_SECRET = 'integration-test-secret';
/** What APP_ENV=pro cannot start without: the sign page, the app's scheme and store links, the live webhook's secret. */
export const TEST_PRO_SETTINGS = PRO_TEST_SETTINGS;
/** Upload app secrets of this test run: fresh each run, the same for every app of the run (one database). */
const TEST_UPLOAD_APP_SECRETS = JSON.stringify(generateUploadAppSecrets());

/**
 * A parsed test environment: test secret, no web build, plus overrides. The risk and rate limits
 * are out of reach (every test calls from 127.0.0.1); the tests of a limit set their own.
 */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    SIGN_SECRET: TEST_SIGN_SECRET,
    APP_ENV: 'local',
    WEB_BUILD_DIR: '/nonexistent/h5-web-build',
    LOG_LEVEL: 'silent',
    ...LIFTED_LIMITS,
    UPLOAD_APP_SECRETS: TEST_UPLOAD_APP_SECRETS,
    // What APP_ENV=pro cannot start without, so a test's 'pro' app starts.
    ...(overrides.APP_ENV === 'pro' ? TEST_PRO_SETTINGS : {}),
    ...overrides,
  });
}

export interface InjectOptions {
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** Replace the computed sign (a string) or leave it out (false). */
  sign?: string | false;
  /** The socket's remote address (inject's default is 127.0.0.1). */
  remoteAddress?: string;
}

export interface InjectResult<T> {
  status: number;
  body: Envelope<T>;
  cookies: Record<string, string>;
  headers: Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  env: Env;
  /** Calls a contract entry over HTTP (inject), signed exactly like the browser client. */
  signedInject: <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: InjectOptions,
  ) => Promise<InjectResult<ResponseOf<E>>>;
  close: () => Promise<void>;
}

/** Calls contract entries on `app` over HTTP (inject), signed with `signSecret` exactly like the browser client. */
export function signedInjector(app: FastifyInstance, signSecret: string): TestApp['signedInject'] {
  return async (endpoint, input, options = {}) => {
    const wire = buildRequest(endpoint, input, signSecret, { sign: options.sign });
    const response = await app.inject({
      method: wire.method,
      url: wire.url,
      headers: { ...options.headers, ...wire.headers },
      ...(wire.body === undefined ? {} : { payload: wire.body }),
      ...(options.cookies ? { cookies: options.cookies } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    return {
      status: response.statusCode,
      body: response.json(),
      cookies: Object.fromEntries(response.cookies.map((c) => [c.name, c.value])),
      headers: response.headers,
    };
  };
}

/** An app on the shared test database. Close it in afterAll; the database stays open for the run. */
export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await testDatabase();
  const env = testEnv(envOverrides);
  const app = await buildApp({ env, db: database.db });
  await syncUploadApps(database.db, app.deps.secrets.uploadApps);

  const signedInject = signedInjector(app, env.SIGN_SECRET);
  return { app, db: database.db, env, signedInject, close: () => app.close() };
}

/** A fresh mainland mobile number, so reruns on a reused database never collide. */
export const uniquePhone = (): string => `1${String(randomInt(3_000_000_000, 9_999_999_999))}`;

/** A client address no other test (or earlier run on a reused database) has used; send it as `x-forwarded-for` with TRUST_PROXY. */
export const uniqueIp = (): string =>
  `2001:db8:${[0, 0, 0, 0].map(() => randomInt(0, 0x10000).toString(16)).join(':')}`;

/**
 * The 400 envelope of `field: reason` as the server answers it: the message names the field and
 * the data holds it (issue 27 point 2).
 */
export function badRequestBody(msg: string) {
  const at = msg.indexOf(': ');
  return { code: 400, msg, data: { fields: { [msg.slice(0, at)]: msg.slice(at + 2) } } };
}
