import { randomUUID } from 'node:crypto';
import { contract, type Endpoint } from '@h5/contract';
import {
  fillPath,
  OPERATOR_CSRF_COOKIE,
  OPERATOR_CSRF_HEADER,
  OPERATOR_NONCE_HEADER,
  OPERATOR_TIME_HEADER,
  pathParams,
  signParams,
} from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accusations, accuseReasons, contentProducts, contents, replies, uploadApps } from '../db/schema';
import {
  analyticsEvent,
  createTestApp,
  loginOperator,
  operatorSessionCookies,
  signedInUser,
  storedObjectOf,
  type TestApp,
  type TestOperator,
  uniquePhone,
} from '../test-utils';
import { type FuzzCase, fuzzCases } from '../test-utils/fuzz-cases';
import { baseInputOf } from '../test-utils/zod-sample';

/**
 * Issue 11 point 2, route by route: every contract entry × the bad inputs of fuzz-cases.ts
 * (NUL and lone surrogates in each string, integers past the `integer` columns, wrong types,
 * JSON nested 50,000 deep, crafted cursors), over HTTP, signed, with a session where the entry
 * needs one. None may answer 5xx; a refused case is a 400 envelope whose msg names the field.
 */

let t: TestApp;
let userId: number;
/** Realistic values by field name: ids that exist, so a bad value reaches the handler's queries. */
let named: Record<string, unknown>;
/** The upload app's caller headers (the auth gateway's backstageCode). */
let backstageCode: string;
/** An admin of the backstage, for the operator entries. */
let admin: TestOperator;

beforeAll(async () => {
  // Published contents wait for review, so the fuzz's valid publishes show in no shared feed.
  t = await createTestApp({ CONTENT_REVIEW: 'manual' });
  ({ userId } = await signedInUser(t.app, t.db, 'fuzz-reader'));
  admin = await loginOperator(t, 'admin');
  const author = await signedInUser(t.app, t.db, 'fuzz-author');
  const [content] = await t.db
    .insert(contents)
    .values({ authorId: author.userId, contentType: 2, title: 'fuzz', body: 'fuzz' })
    .returning({ id: contents.id });
  const contentId = (content as { id: number }).id;
  const [reply] = await t.db
    .insert(replies)
    .values({ contentId, userId: author.userId, content: 'fuzz' })
    .returning({ id: replies.id });
  const [product] = await t.db.select({ spuId: contentProducts.spuId }).from(contentProducts).limit(1);
  const [reason] = await t.db
    .select({ id: accuseReasons.id })
    .from(accuseReasons)
    .where(eq(accuseReasons.targetType, 'content'))
    .limit(1);
  const [app] = await t.db.select().from(uploadApps).where(eq(uploadApps.appId, 'community-h5'));
  if (!app) throw new Error('the seed has no community-h5 upload app');
  backstageCode = app.backstageCode;
  // The backstage's valid calls act for real: on objects of this test's own (its report of its
  // own content), or on ids nothing has, never on what other test files share the database for.
  const [report] = await t.db
    .insert(accusations)
    .values({
      userId,
      targetType: 'content',
      targetId: String(contentId),
      reasonId: reason?.id as number,
      images: [],
      requestId: randomUUID(),
    })
    .returning({ id: accusations.id });
  named = {
    accuseId: (report as { id: number }).id,
    applicationId: NO_SUCH_ID,
    lotteryId: NO_SUCH_ID,
    // Not a live host: a lottery for them is refused (主播不存在), none is made on a shared stream.
    hostUserId: author.userId,
    contentId,
    trendId: contentId,
    replyId: (reply as { id: number }).id,
    userId: author.userId,
    spuId: product?.spuId,
    tagId: 0,
    targetType: 'content',
    targetId: String(contentId),
    reasonId: reason?.id,
    key: await storedObjectOf(t.db, userId),
    appId: 'community-h5',
    type: 'image',
    fileName: 'fuzz.png',
    project: 'input-fuzz',
    lastId: undefined,
    openObject: { clientId: app.openClientId, sysCode: app.openSysCode, channel: app.openChannel },
    phone: uniquePhone(),
    events: [analyticsEvent({ payload: { pageId: 9, contentId, position: 0 } })],
  };
});
afterAll(() => t.close());

/**
 * The named values for one entry: `region` is a whole address line for the lottery's address
 * (`广东省 深圳市 南山区`) but a province alone on one's profile; a publish's cover and category.
 */
const namedFor = (entry: string): Record<string, unknown> => {
  if (entry === 'auth.updateProfile') return { ...named, region: '浙江省' };
  // A picture post: its one picture is the cover, a known category (the video is left out).
  if (entry === 'content.publish') return { ...named, coverIndex: 0, category: 10 };
  return named;
};

/** An id no row has (the backstage's reviews and lotteries answer it as missing). */
const NO_SUCH_ID = 2_000_000_000;

/** Every contract entry as `domain.name`. */
const entries = Object.entries(contract).flatMap(([domain, calls]) =>
  Object.entries(calls as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${domain}.${name}`,
    endpoint,
  })),
);

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));

/** The query string and what the server parses out of it (values as text, repeated keys as arrays). */
function queryOf(params: Record<string, unknown>): { query: string; parsed: Record<string, unknown> } {
  const search = new URLSearchParams();
  const parsed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value.map(text) : [text(value)];
    for (const one of values) search.append(key, one);
    parsed[key] = Array.isArray(value) ? values : values[0];
  }
  return { query: search.toString(), parsed };
}

/** Sends one case the way a client would: path filled, the rest signed, GET in the query, POST as JSON. */
async function send(endpoint: Endpoint, fuzz: FuzzCase) {
  const params = { ...fuzz.input };
  const path = fillPath(endpoint.path, params);
  for (const name of pathParams(endpoint.path)) delete params[name];
  // Signed in for every entry (a fresh session: logout ends one), so calls reach the user's paths.
  const { duToken } = await t.app.deps.sessions.create(userId);
  // A backstage entry gets a fresh admin session (a logout case ends one), its CSRF token, and a
  // fresh nonce and time (issue 30).
  const operatorCall = endpoint.auth === 'operator';
  const operatorCookies = operatorCall ? await operatorSessionCookies(t, admin.operator.operatorId) : {};
  const headers = {
    duToken,
    backstageCode,
    ...(operatorCall
      ? {
          [OPERATOR_CSRF_HEADER]: operatorCookies[OPERATOR_CSRF_COOKIE] as string,
          [OPERATOR_NONCE_HEADER]: randomUUID(),
          [OPERATOR_TIME_HEADER]: String(Date.now()),
        }
      : {}),
  };
  const request = (() => {
    if (endpoint.method === 'GET') {
      const { query, parsed } = queryOf(params);
      const sign = signParams(parsed, t.env.SIGN_SECRET);
      return { method: 'GET' as const, url: `${path}?${query}${query ? '&' : ''}sign=${sign}`, headers };
    }
    // A deep body cannot be signed here (JSON.stringify would overflow too): it must be refused first.
    const sign = fuzz.rawBody === undefined ? signParams(params, t.env.SIGN_SECRET) : 'unsigned';
    return {
      method: 'POST' as const,
      url: `${path}?sign=${sign}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: fuzz.rawBody ?? JSON.stringify(params),
    };
  })();
  const response = await t.app.inject({
    ...request,
    // The fresh session's own cookies: its CSRF token is the header's.
    cookies: { duToken, ...operatorCookies },
  });
  let body: Record<string, unknown> | undefined;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, body };
}

/** What is wrong with an answer to a case, or null. */
function verdict(
  endpoint: Endpoint,
  fuzz: FuzzCase,
  status: number,
  body: Record<string, unknown> | undefined,
) {
  if (status >= 500) return `HTTP ${status} ${JSON.stringify(body)}`;
  // Bare entries (static files) refuse with `{ message }`, enveloped ones with `{ code, msg, data }`.
  const message = String((endpoint.envelope ? body?.msg : body?.message) ?? '');
  const names = message.startsWith(`${fuzz.field}:`) || message.startsWith(`${fuzz.field}.`);
  if (status === 400) {
    // The data holds the refused fields (issue 27 point 2); a refusal naming no field has none.
    const fields = (body?.data as { fields?: Record<string, unknown> } | null)?.fields;
    if (endpoint.envelope && (body?.code !== 400 || (body?.data !== null && !fields)))
      return `not a 400 envelope: ${JSON.stringify(body)}`;
    const inData = Object.keys(fields ?? {}).some(
      (key) => key === fuzz.field || key.startsWith(`${fuzz.field}.`),
    );
    if (endpoint.envelope && fields && names && !inData)
      return `400 data without ${fuzz.field}: ${JSON.stringify(body)}`;
    return names || fuzz.expect === 'no5xx' ? null : `400 not naming ${fuzz.field}: ${message}`;
  }
  if (fuzz.expect === 'refused')
    return `HTTP ${status}, expected a 400 naming ${fuzz.field}: ${JSON.stringify(body)}`;
  if (fuzz.expect === 'perItem') {
    const data = body?.data as { rejected?: unknown[] } | undefined;
    if (status !== 200 || data?.rejected?.length !== 1)
      return `expected the item rejected alone: ${JSON.stringify(body)}`;
  }
  return null;
}

describe('every contract entry refuses bad input with a 400 naming the field, never a 5xx', () => {
  it('builds a valid base input for every entry (the cases start from it)', () => {
    for (const { name, endpoint } of entries) {
      const base = baseInputOf(endpoint.request, namedFor(name));
      expect(endpoint.request.safeParse(base).success, name).toBe(true);
    }
  });

  it('answers every (entry × case) without a 5xx, refusals naming the field', async () => {
    const failures: string[] = [];
    let runs = 0;
    for (const { name, endpoint } of entries) {
      const base = baseInputOf(endpoint.request, namedFor(name));
      const perItem = (endpoint as { perItem?: readonly string[] }).perItem ?? [];
      for (const fuzz of fuzzCases(endpoint, base, perItem)) {
        runs++;
        const { status, body } = await send(endpoint, fuzz);
        const wrong = verdict(endpoint, fuzz, status, body);
        if (wrong) failures.push(`${name} ${fuzz.label} @${fuzz.field}: ${wrong.slice(0, 300)}`);
      }
    }
    console.info(`input fuzz: ${runs} (entry × case) combinations over ${entries.length} entries`);
    expect(failures, `${failures.length} of ${runs} failed:\n${failures.join('\n')}`).toEqual([]);
  });
});
