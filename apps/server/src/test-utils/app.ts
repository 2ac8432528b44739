import { randomInt } from 'node:crypto';
import {
  type Endpoint,
  type Envelope,
  fillPath,
  pathParams,
  type RequestOf,
  type ResponseOf,
} from '@h5/contract';
import { signParams } from '@h5/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { type Env, parseEnv } from '../env';
import { testDatabase } from './database';

export const TEST_SIGN_SECRET = 'integration-test-secret';

/** A parsed test environment: test secret, no web build, plus overrides. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    SIGN_SECRET: TEST_SIGN_SECRET,
    APP_ENV: 'local',
    WEB_BUILD_DIR: '/nonexistent/h5-web-build',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export interface InjectOptions {
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** Replace the computed sign (a string) or leave it out (false). */
  sign?: string | false;
}

export interface InjectResult<T> {
  status: number;
  body: Envelope<T>;
  cookies: Record<string, string>;
  headers: Record<string, unknown>;
}

/** The query string as the browser client builds it (packages/request). */
function toQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search.toString();
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

/** An app on the shared test database. Close it in afterAll; the database stays open for the run. */
export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await testDatabase();
  const env = testEnv(envOverrides);
  const app = await buildApp({ env, db: database.db });

  const signedInject: TestApp['signedInject'] = async (endpoint, input, options = {}) => {
    const all = { ...(input as Record<string, unknown>) };
    const path = fillPath(endpoint.path, all);
    for (const name of pathParams(endpoint.path)) delete all[name];
    const computed = signParams(all, env.SIGN_SECRET);
    const sign = options.sign === false ? undefined : (options.sign ?? computed);
    const headers: Record<string, string> = { ...options.headers };
    let url: string;
    let payload: string | undefined;
    if (endpoint.method === 'GET') {
      url = `${path}?${toQuery({ ...all, sign })}`;
    } else {
      url = `${path}?${toQuery({ sign })}`;
      headers['content-type'] =
        endpoint.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      payload = endpoint.encoding === 'form' ? toQuery(all) : JSON.stringify(all);
    }
    const response = await app.inject({
      method: endpoint.method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(options.cookies ? { cookies: options.cookies } : {}),
    });
    return {
      status: response.statusCode,
      body: response.json(),
      cookies: Object.fromEntries(response.cookies.map((c) => [c.name, c.value])),
      headers: response.headers,
    };
  };

  return { app, db: database.db, env, signedInject, close: () => app.close() };
}

/** A fresh mainland mobile number, so reruns on a reused database never collide. */
export const uniquePhone = (): string => `1${String(randomInt(3_000_000_000, 9_999_999_999))}`;
