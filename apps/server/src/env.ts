import './plugins/zod-locale';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { type AppLinks, LIVE_SILENCE_DEFAULT_MINUTES } from '@h5/contract';
import { APP_ENVS } from '@h5/core';
import { resolveApiBase } from '@h5/request';
import { z } from 'zod';
import { uploadAppSecretsSchema } from './db/seed/upload-seed';
import { serverRoot } from './paths';

export type { AppEnv } from '@h5/core';

/** Parsed TRUST_PROXY: none, the number of trusted hops, or the trusted proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

const DEV_SIGN_SECRET = 'community-h5-dev-sign-secret';
// Development stand-ins: a real WeChat client rejects them, but the signature algorithm is the real one.
const DEV_WECHAT_APP_ID = 'wx0000000000000000';
const DEV_WECHAT_JSAPI_TICKET = 'community-h5-dev-jsapi-ticket';
const DEFAULT_WEB_BUILD_DIR = join(serverRoot(), '..', 'web', 'build');

/** A boolean variable: true/false, 1/0, yes/no, on/off; anything else is refused. */
const booleanVar = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
      error: 'must be true or false',
    })
    .default(fallback ? 'true' : 'false')
    .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Address words proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const PROXY_RANGE_WORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 / IPv6 address, optionally with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
function isAddressRange(text: string): boolean {
  const [address = '', prefix, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (issue 26 point 3): who may tell us the client's address. `false` (no proxy: the
 * socket's peer is the client); `true` or a hop count (the peer and the proxies behind it, each
 * appending to X-Forwarded-For: a CDN before the balancer is 2); or the proxies' addresses and
 * ranges, comma-separated (`10.0.0.0/8,loopback`): entries are read from the right while they
 * come from a listed address.
 */
const trustProxyVar = z
  .string()
  .default('false')
  .transform((text, ctx): TrustProxy => {
    const value = text.trim().toLowerCase();
    if (['false', '0', 'no', 'off', ''].includes(value)) return false;
    if (['true', 'yes', 'on'].includes(value)) return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const ranges = value.split(',').map((part) => part.trim());
    if (ranges.every((range) => PROXY_RANGE_WORDS.has(range) || isAddressRange(range))) return ranges;
    ctx.addIssue({
      code: 'custom',
      message:
        "must be true or false, a hop count up to 10, or the proxies' addresses and ranges (10.0.0.0/8,loopback)",
    });
    return z.NEVER;
  });

/** A host name (`localhost`, `oss.example.com`). */
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** A whole number from 1 to `max`. */
const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  // Issue 29 point 2: a streaming replica of DATABASE_URL for public reads (db/replica.ts), used
  // while it holds everything the primary had DATABASE_READ_MAX_LAG_MS ago and has replayed the
  // caller's own writes; otherwise, and whenever it fails, reads go to the primary.
  DATABASE_READ_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATABASE_READ_MAX_LAG_MS: positiveInt(600_000).default(2_000),
  // Issue 29 point 3: the database URLs go through a transaction pooler (PgBouncer
  // pool_mode=transaction): statements are sent unnamed (the pool also switches by itself at
  // the first sign of one, with a warning).
  DB_TRANSACTION_POOLING: booleanVar(false),
  SIGN_SECRET: z.string().min(8, 'must be at least 8 characters').default(DEV_SIGN_SECRET),
  APP_ENV: z.enum(APP_ENVS).default('local'),
  // Unset: the environment's API host (core's API_HOSTS; `local` is the page's own origin).
  // Set to '' for the page's own origin in any environment, or to an origin.
  API_BASE_URL: z
    .string()
    .regex(/^(https?:\/\/[^\s/]+)?$/, 'must be empty or an origin like https://api.example.com')
    .optional(),
  // The shared parent domain of the duToken / x-auth-token cookies (spec §4), e.g. .example.com.
  COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'must be a domain like .example.com')
    .optional(),
  TRUST_PROXY: trustProxyVar,
  // Issue 11 point 12: the origin browsers reach this server on (https://m.example.com), for the
  // URLs it hands out (upload hosts); unset, the request's own Host header (never X-Forwarded-Host).
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^\s/]+$/, 'must be an origin like https://m.example.com')
    .optional(),
  // Issue 11 point 14: the secret an operator sends as `x-operator-token` to reach the internal
  // pages and calls from outside the machine (t0, t1, pre, perf, xdw); unset, only loopback.
  OPERATOR_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(720),
  // Issue 33 point 1 (decision 026): how long a node reuses a session it looked up for a public
  // read that adds the reader's own state (feed pages, hot videos, a content's detail); 0 never.
  // Everything else, writes and `auth.me` included, looks the session up each time.
  SESSION_READ_REUSE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  // Issue 30 point 1: backstage sessions are short: idle expiry, moved on with use, and an
  // absolute lifetime after login.
  OPERATOR_SESSION_IDLE_MINUTES: positiveInt(24 * 60).default(30),
  OPERATOR_SESSION_MAX_HOURS: positiveInt(24).default(12),
  SEED: booleanVar(true),
  // Issue 31 point 4, issue 33 point 3: the analytics-retention job drops the day partitions of
  // analytics events older than this (decision 027).
  ANALYTICS_RETENTION_DAYS: positiveInt(3650).default(180),
  // Issue 26 point 4: migrate at start (under the start-up lock); false for deployments that run
  // `npm run migrate` as a step of their own, where a node refuses to start on an older database.
  MIGRATE_ON_START: booleanVar(true),
  WEB_BUILD_DIR: z.string().min(1).default(DEFAULT_WEB_BUILD_DIR),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Risk check (plugins/risk-check.ts): past a limit within its window, HTTP 485 until a captcha is passed.
  RISK_WRITE_LIMIT: positiveInt(1_000_000).default(30),
  RISK_WINDOW_SECONDS: positiveInt(86_400).default(60),
  RISK_LOGIN_CODE_LIMIT: positiveInt(1_000_000).default(3),
  RISK_LOGIN_CODE_WINDOW_SECONDS: positiveInt(86_400).default(600),
  // Issue 11 points 6, 8, 10, 13 — the 429 limits (plugins/rate-limit.ts), counted in the database
  // per window (database clock): login-code guesses per code, per phone and per address; captcha
  // challenges and verifies per address; telemetry reports and analytics events per visitor
  // (session user) and per address. Past a limit: HTTP 429 until the window ends.
  LOGIN_CODE_MAX_ATTEMPTS: positiveInt(100).default(5),
  RATE_LOGIN_VERIFY_PER_PHONE: positiveInt(1_000_000).default(10),
  RATE_LOGIN_VERIFY_PER_IP: positiveInt(1_000_000).default(30),
  RATE_LOGIN_VERIFY_WINDOW_SECONDS: positiveInt(86_400).default(900),
  RATE_CAPTCHA_PER_IP: positiveInt(1_000_000).default(20),
  RATE_CAPTCHA_WINDOW_SECONDS: positiveInt(86_400).default(600),
  // Issue 18 point 2: the invitation's SMS codes (send-captcha) per number and per address in a
  // day (a 24-hour window from the first send); past a cap, refused with 4904 / 4905 until it ends.
  INVITE_SMS_DAILY_PER_PHONE: positiveInt(1_000_000).default(10),
  INVITE_SMS_DAILY_PER_IP: positiveInt(1_000_000).default(50),
  RATE_TELEMETRY_PER_VISITOR: positiveInt(1_000_000).default(30),
  RATE_TELEMETRY_PER_IP: positiveInt(1_000_000).default(120),
  RATE_COLLECT_PER_VISITOR: positiveInt(1_000_000).default(1200),
  RATE_COLLECT_PER_IP: positiveInt(1_000_000).default(6000),
  RATE_COLLECTOR_WINDOW_SECONDS: positiveInt(86_400).default(60),
  // Object store of uploads (apps/server/src/storage): files under DATA_DIR/objects, or an S3-compatible service.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanVar(false),
  // WeChat JS-SDK (spec §7 share-config, authorize-url): the official account's app id and the
  // jsapi_ticket the signature is computed over (kept fresh by whatever deploys the server).
  WECHAT_APP_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/, 'must be an app id like wx1234567890abcdef')
    .default(DEV_WECHAT_APP_ID),
  WECHAT_JSAPI_TICKET: z.string().min(1).max(512).default(DEV_WECHAT_JSAPI_TICKET),
  // Issue 11 point 9: the upload apps' secrets (backstage codes, server-upload access tokens and
  // secrets, the open client id) as JSON keyed by app id; unset, they are generated once per
  // DATA_DIR into DATA_DIR/secrets.json (secrets.ts).
  UPLOAD_APP_SECRETS: z
    .string()
    .transform((text, ctx) => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON: {"community-h5": {"backstageCode": …}, …}' });
        return z.NEVER;
      }
      const parsed = uploadAppSecretsSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      ctx.addIssue({ code: 'custom', message: `${issue?.path.join('.')}: ${issue?.message}` });
      return z.NEVER;
    })
    .optional(),
  // Issue 29 point 5: the storage host speaks Aliyun OSS's wire protocol. Domains on which it
  // also answers as an OSS endpoint for stock OSS clients (ali-oss): `{bucket}.{domain}/{key}`
  // (virtual-hosted) and `{domain}/{bucket}/{key}` (path style, ali-oss `sldEnable`); comma-separated.
  STORAGE_HOST_DOMAIN: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const domains = text
        .split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter((domain) => domain !== '');
      if (domains.every((domain) => HOST_NAME.test(domain))) return domains;
      ctx.addIssue({ code: 'custom', message: 'must be host names like oss.example.com, comma-separated' });
      return z.NEVER;
    }),
  // Who receives the browsers' uploads: `self` (this server's storage host) or `oss` (an external
  // Aliyun OSS bucket: the gateways hand out STS credentials from AssumeRole and policies for it).
  UPLOAD_DRIVER: z.enum(['self', 'oss']).default('self'),
  // Issue 32: who approves a published content: `manual` (the backstage's 内容审核 queue) or `auto`
  // (approved as it is published, for development). Unset: `manual` in pro, `auto` elsewhere.
  CONTENT_REVIEW: z.enum(['auto', 'manual']).optional(),
  // `oss`: where browsers send uploads (the bucket's host, `https://{bucket}.oss-cn-hangzhou.aliyuncs.com`),
  // where objects are read (default: the same), the bucket, its region, the STS service, the RAM
  // user's key that calls AssumeRole (never handed out) and the role it assumes.
  OSS_HOST: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  OSS_CDN_HOST: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  // At most 60 characters (OSS allows 63): storage_objects keeps its uploads under `oss:{bucket}` (64).
  OSS_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$/, 'must be an OSS bucket name of at most 60 characters')
    .optional(),
  OSS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a region like oss-cn-hangzhou')
    .optional(),
  OSS_STS_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('https://sts.aliyuncs.com'),
  OSS_ACCESS_KEY_ID: z.string().min(1).optional(),
  OSS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  OSS_ROLE_ARN: z
    .string()
    .regex(/^acs:ram::[\w.-]+:role\/[\w.-]+$/, 'must be a role ARN like acs:ram::1234567890:role/h5-upload')
    .optional(),
  // Issue 11 point 1 (the database going away): how long a query waits for a PostgreSQL
  // connection before the call answers 503 instead of hanging.
  DB_CONNECT_TIMEOUT_MS: positiveInt(600_000).default(5_000),
  // ... and how long one statement waits for its answer (a frozen server) before it answers 503.
  DB_QUERY_TIMEOUT_MS: positiveInt(3_600_000).default(30_000),
  // Issue 11 point 3 (slow clients and shutdown): a connection silent this long is closed (a
  // stalled body); a request not fully received within REQUEST_TIMEOUT_MS answers 408 (a body
  // trickled in); an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS (above the
  // usual 60 s of load balancers, so they close first); SIGTERM / SIGINT exit within
  // SHUTDOWN_TIMEOUT_MS even with requests or the database hung.
  CONNECTION_TIMEOUT_MS: positiveInt(3_600_000).default(60_000),
  REQUEST_TIMEOUT_MS: positiveInt(3_600_000).default(300_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt(3_600_000).default(72_000),
  SHUTDOWN_TIMEOUT_MS: positiveInt(600_000).default(10_000),
  // Issue 26 point 5: on SIGTERM a node first answers /readyz 503 while still serving, this long,
  // so a balancer that probes it stops sending traffic before it closes (SIGINT skips it).
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  // Issue 15 point 4 (flexible staffing): where a creator who has not signed the payout
  // agreement signs it; opened as an external-link jump (spec §2 key 5). The spec names no such
  // page: production refuses to start without the real one, other environments get a stand-in.
  FLEXIBLE_STAFFING_SIGN_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  // Issue 31 point 3: the secret the provider signs its signing callback with (HMAC-SHA256 over
  // timestamp + body, docs/api.md "Flexible staffing"); outside 'pro' the stand-in's own.
  FLEXIBLE_STAFFING_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // Issue 31 point 2: who delivers SMS codes. `outbox` (development: the sms_outbox table, read
  // through auth.loginOutbox; refused in 'pro') or `aliyun` (Aliyun SMS, Dysmsapi SendSms): the
  // endpoint, the RAM user's key, the approved sign name and the template whose one variable is
  // `code` (e.g. 您的验证码为${code}，5 分钟内有效).
  SMS_DRIVER: z.enum(['outbox', 'aliyun']).default('outbox'),
  ALIYUN_SMS_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default('https://dysmsapi.aliyuncs.com'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().min(1).max(64).optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z
    .string()
    .regex(/^SMS_\d{1,20}$/, 'must be a template code like SMS_123456789')
    .optional(),
  // Issue 28 point 12: how a page in a browser opens the app (its URL scheme: `scheme://open?url=`
  // and the page) and where to get it when it is not installed (the App Store, the Android
  // download). The spec names neither: development stand-ins outside 'pro' (`appLinks`), and
  // production refuses to start without its own.
  APP_SCHEME: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]{1,31}$/, 'must be a URL scheme like communityapp')
    .optional(),
  APP_STORE_URL_IOS: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  APP_STORE_URL_ANDROID: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  // Issue 31 point 1: the secret the live-streaming platform signs its webhook calls with
  // (docs/live-events.md). Production refuses to start without it; elsewhere a development secret.
  LIVE_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // ... and how long a broadcast may go without any event before it counts as ended (at its last event).
  LIVE_SILENCE_MINUTES: positiveInt(24 * 60).default(LIVE_SILENCE_DEFAULT_MINUTES),
});

/**
 * What APP_ENV=pro cannot start without: the payout agreement page creators sign (issue 15 point 4)
 * and its callback's secret (issue 31 point 3), the app's scheme and store links (issue 28
 * point 12), and the live platform's webhook secret (issue 31 point 1). The spec names none of them.
 */
const PRODUCTION_REQUIRED = [
  'FLEXIBLE_STAFFING_SIGN_URL',
  'FLEXIBLE_STAFFING_CALLBACK_SECRET',
  'APP_SCHEME',
  'APP_STORE_URL_IOS',
  'APP_STORE_URL_ANDROID',
  'LIVE_WEBHOOK_SECRET',
] as const;

/**
 * The development stand-ins of the app's links, outside 'pro' only: the store is our own internal
 * stand-in page (internal pages are served only outside production), so a tap opens something.
 */
export const DEV_APP_LINKS = {
  scheme: 'communityapp',
  iosStoreUrl: '/internal/stand-in/app-download?system=ios',
  androidStoreUrl: '/internal/stand-in/app-download?system=android',
} as const;

/** What STORAGE_DRIVER=s3 cannot start without. */
const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** What SMS_DRIVER=aliyun cannot start without. */
const ALIYUN_SMS_REQUIRED = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;

/** What UPLOAD_DRIVER=oss cannot start without. */
const OSS_REQUIRED = [
  'OSS_HOST',
  'OSS_BUCKET',
  'OSS_REGION',
  'OSS_ACCESS_KEY_ID',
  'OSS_ACCESS_KEY_SECRET',
  'OSS_ROLE_ARN',
] as const;

/**
 * The flexible-staffing sign page outside production: our own internal stand-in page (the spec
 * names no provider; production refuses to start without the real one).
 */
export const DEV_FLEXIBLE_STAFFING_SIGN_URL = '/internal/stand-in/flexible-staffing-sign';

/** The live webhook's secret outside production (documented in docs/live-events.md, so a local platform stand-in can sign). */
export const DEV_LIVE_WEBHOOK_SECRET = 'community-h5-dev-live-webhook-secret';

/** The callback secret outside production, shared with the stand-in sign page (never in 'pro'). */
export const DEV_FLEXIBLE_STAFFING_CALLBACK_SECRET = 'community-h5-dev-staffing-callback';

const checkedEnvSchema = envSchema
  .superRefine((env, ctx) => {
    if (env.APP_ENV === 'pro') {
      for (const name of PRODUCTION_REQUIRED) {
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'required when APP_ENV is pro' });
      }
      // Production delivers codes to phones: the development outbox reaches nobody.
      if (env.SMS_DRIVER !== 'aliyun')
        ctx.addIssue({ code: 'custom', path: ['SMS_DRIVER'], message: 'must be aliyun when APP_ENV is pro' });
    }
    if (env.SMS_DRIVER === 'aliyun') {
      for (const name of ALIYUN_SMS_REQUIRED) {
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'required when SMS_DRIVER is aliyun' });
      }
    }
    // The site's own host under a storage domain would have its pages answered as OSS requests.
    const site = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).hostname : undefined;
    for (const domain of env.STORAGE_HOST_DOMAIN) {
      if (site === domain || site?.endsWith(`.${domain}`))
        ctx.addIssue({
          code: 'custom',
          path: ['STORAGE_HOST_DOMAIN'],
          message: `must not hold PUBLIC_ORIGIN's host ${site}`,
        });
    }
    if (env.UPLOAD_DRIVER === 'oss') {
      for (const name of OSS_REQUIRED) {
        if (env[name] === undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'required when UPLOAD_DRIVER is oss' });
      }
      // Browsers of an https page cannot post to an http host, nor should credentials travel in clear.
      for (const name of ['OSS_HOST', 'OSS_CDN_HOST', 'OSS_STS_ENDPOINT'] as const) {
        if (env.APP_ENV === 'pro' && env[name]?.startsWith('http:'))
          ctx.addIssue({ code: 'custom', path: [name], message: 'must be https:// when APP_ENV is pro' });
      }
    }
    if (env.DATABASE_READ_URL !== undefined && env.DATABASE_URL === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'needs DATABASE_URL (a replica of a PostgreSQL primary; PGlite has none)',
      });
    if (env.STORAGE_DRIVER !== 's3') return;
    for (const name of S3_REQUIRED) {
      if (env[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: 'required when STORAGE_DRIVER is s3' });
    }
  })
  .transform((env) => ({
    ...env,
    FLEXIBLE_STAFFING_SIGN_URL: env.FLEXIBLE_STAFFING_SIGN_URL ?? DEV_FLEXIBLE_STAFFING_SIGN_URL,
    LIVE_WEBHOOK_SECRET: env.LIVE_WEBHOOK_SECRET ?? DEV_LIVE_WEBHOOK_SECRET,
    FLEXIBLE_STAFFING_CALLBACK_SECRET:
      env.FLEXIBLE_STAFFING_CALLBACK_SECRET ?? DEV_FLEXIBLE_STAFFING_CALLBACK_SECRET,
  }));

export type Env = z.output<typeof checkedEnvSchema>;

/** A refused environment: one line per bad variable, `NAME: reason`. */
export class EnvError extends Error {
  override readonly name = 'EnvError';
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Parses the environment (process.env or a record, for tests). Empty strings count as unset. */
export function parseEnv(source: Readonly<Record<string, string | undefined>>): Env {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && (value !== '' || key === 'API_BASE_URL')) input[key] = value;
  }
  const result = checkedEnvSchema.safeParse(input);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}

/** The API origin the browser calls (spec §7): API_BASE_URL when set (even empty), else the environment's host. */
export function publicApiBase(env: Pick<Env, 'APP_ENV' | 'API_BASE_URL'>): string {
  return env.API_BASE_URL ?? resolveApiBase(env.APP_ENV);
}

/** True in production, where development helpers (outbox, internal writes, debug delays) answer 404. */
export const isProduction = (env: Pick<Env, 'APP_ENV'>): boolean => env.APP_ENV === 'pro';

/** How a browser page opens the app and where to get it (issue 28 point 12): set, else the stand-ins. */
export function appLinks(
  env: Pick<Env, 'APP_SCHEME' | 'APP_STORE_URL_IOS' | 'APP_STORE_URL_ANDROID'>,
): AppLinks {
  return {
    scheme: env.APP_SCHEME ?? DEV_APP_LINKS.scheme,
    iosStoreUrl: env.APP_STORE_URL_IOS ?? DEV_APP_LINKS.iosStoreUrl,
    androidStoreUrl: env.APP_STORE_URL_ANDROID ?? DEV_APP_LINKS.androidStoreUrl,
  };
}
