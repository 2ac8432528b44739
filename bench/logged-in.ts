// Issue 33 point 1: the logged-in reader against the visitor. Throughput of the same reads with
// and without a session (the API through HTTP, the content page through SSR), and the database
// statements one logged-in API page sends, counted in process by a Drizzle logger (countingDb).
import { contract, type Endpoint, type RequestOf } from '@h5/contract';
import { DU_TOKEN_COOKIE, X_AUTH_TOKEN } from '@h5/core';
import { createApiClient } from '@h5/request';
import { buildApp } from '../apps/server/src/app';
import { countingDb, openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { seedIfEmpty } from '../apps/server/src/db/seed';
import { DEMO_CREATOR_PHONE } from '../apps/server/src/db/seed/creator-portrait';
import { parseEnv } from '../apps/server/src/env';
import { signedInjector } from '../apps/server/src/test-utils/app';
import { LIFTED_LIMITS } from '../scripts/lifted-limits.mjs';
import { type LoadOptions, measureRps, median } from './load';

/**
 * The bench's logged-in reader: the seed's demo creator, who follows people and has lit
 * contents, so their feed carries followed authors and lit cards like a real reader's.
 */
export const READER_PHONE = DEMO_CREATOR_PHONE;
/** Rounds of the paired figures: the two kinds in turn, the median round's ratio shown. */
const ROUNDS = 5;

export interface Session {
  duToken: string;
  xAuthToken: string;
}

/** Logs `phone` in through the API, the code read from the development outbox. */
export async function loginThroughApi(baseUrl: string, signSecret: string, phone: string): Promise<Session> {
  const api = createApiClient({ baseUrl, signSecret });
  await api(contract.auth.sendLoginCode, { phone });
  const { messages } = await api(contract.auth.loginOutbox, { phone });
  const newest = [...messages].sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
  const { duToken, xAuthToken } = await api(contract.auth.login, { phone, code: newest?.code ?? '' });
  return { duToken, xAuthToken };
}

/** The session as the app sends it to the API: headers (spec §6). */
export const sessionHeaders = (session: Session): Record<string, string> => ({
  [DU_TOKEN_COOKIE]: session.duToken,
  [X_AUTH_TOKEN]: session.xAuthToken,
});

/** The session as a browser sends it to a page: cookies. */
export const sessionCookie = (session: Session): Record<string, string> => ({
  cookie: `${DU_TOKEN_COOKIE}=${encodeURIComponent(session.duToken)}; ${X_AUTH_TOKEN}=${encodeURIComponent(session.xAuthToken)}`,
});

/**
 * Requests/s of `loggedIn` over `visitor`, in short rounds that take the two in turn (whatever
 * else loads this shared machine meets both within seconds); the median round.
 */
export async function pairedRatio(
  visitor: { nextUrl: () => string; headers?: Record<string, string> },
  loggedIn: { nextUrl: () => string; headers: Record<string, string> },
  options: Pick<LoadOptions, 'concurrency'> = {},
): Promise<{ ratio: number; loggedIn: number; visitor: number }> {
  const rounds: { ratio: number; loggedIn: number; visitor: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const base = { ...options, durationMs: 1500, warmupMs: 300 };
    const v = await measureRps(visitor.nextUrl, { ...base, headers: visitor.headers ?? {} });
    const l = await measureRps(loggedIn.nextUrl, { ...base, headers: loggedIn.headers });
    rounds.push({ ratio: l / v, loggedIn: l, visitor: v });
  }
  const typical = median(rounds.map((r) => r.ratio));
  return rounds.find((r) => r.ratio === typical) ?? (rounds[0] as (typeof rounds)[number]);
}

/**
 * Database statements per logged-in API page, counted in process: an app on the bench's database
 * (or a fresh PGlite) whose every statement passes a counter, the reader's session resolved like
 * any request's. Each page is asked twice: the first may fill the visitors' shared cache (its
 * count is the 'uncached' one), the second within the same second finds it filled.
 */
export async function loggedInStatements(
  databaseUrl: string,
  signSecret: string,
  /** The reader's session on `databaseUrl` (a second login within a minute is refused); PGlite logs in. */
  existing?: Session,
): Promise<Array<{ page: string; cold: number[]; warm: number[] }>> {
  const database = await openDatabase({ databaseUrl: databaseUrl || undefined });
  if (!databaseUrl) {
    await migrate(database);
    await seedIfEmpty(database.db);
  }
  let statements = 0;
  const db = countingDb(database, () => {
    statements++;
  });
  const env = parseEnv({
    SIGN_SECRET: signSecret,
    APP_ENV: 'local',
    WEB_BUILD_DIR: '/nonexistent/h5-web-build',
    LOG_LEVEL: 'silent',
    ...LIFTED_LIMITS,
  });
  const app = await buildApp({ env, db });
  try {
    const inject = signedInjector(app, signSecret);
    const call = async <E extends Endpoint>(endpoint: E, input: RequestOf<E>, headers = {}) => {
      const response = await inject(endpoint, input, { headers });
      if (response.body.code !== 200) throw new Error(`${endpoint.path}: ${JSON.stringify(response.body)}`);
      return response.body.data;
    };
    const login = async () => {
      await call(contract.auth.sendLoginCode, { phone: READER_PHONE });
      const { messages } = await call(contract.auth.loginOutbox, { phone: READER_PHONE });
      const newest = [...messages].sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
      return call(contract.auth.login, { phone: READER_PHONE, code: newest?.code ?? '' });
    };
    const session = databaseUrl && existing ? existing : await login();
    const headers = sessionHeaders(session);
    const counted = async <E extends Endpoint>(endpoint: E, input: RequestOf<E>) => {
      const before = statements;
      const data = await call(endpoint, input, headers);
      return { data, count: statements - before };
    };
    const feed = { page: 'feed API (more-recommend), 10 pages', cold: [] as number[], warm: [] as number[] };
    let lastId: string | undefined;
    for (let page = 0; page < 10; page++) {
      const input = { limit: 20, ...(lastId ? { lastId } : {}) };
      const first = await counted(contract.content.moreRecommend, input);
      const second = await counted(contract.content.moreRecommend, input);
      feed.cold.push(first.count);
      feed.warm.push(second.count);
      lastId = first.data.lastId ?? undefined;
      if (!lastId) break;
    }
    const detail = { page: 'content detail API, 5 contents', cold: [] as number[], warm: [] as number[] };
    for (const contentId of [1, 2, 3, 4, 5]) {
      const input = { contentId };
      const versioned = { version: '4.83.0' };
      const before = statements;
      await call(contract.content.contentDetail, input, { ...headers, ...versioned });
      detail.cold.push(statements - before);
      const again = statements;
      await call(contract.content.contentDetail, input, { ...headers, ...versioned });
      detail.warm.push(statements - again);
    }
    return [feed, detail];
  } finally {
    await app.close();
    await database.close();
  }
}
