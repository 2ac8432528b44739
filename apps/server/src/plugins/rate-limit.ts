import { TOO_MANY_REQUESTS } from '@h5/core';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, rowsOf } from '../db/client';
import { riskCounters } from '../db/schema';
import { clientIp } from '../domains/config/client-ip';
import { AppError } from './errors';

/** A counted limit: at most `limit` units per subject in a fixed window of `windowSeconds`. */
export interface RateRule {
  /** The counter's name (`risk_counters.rule`, at most 32 characters). */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

/** A rule named `name` (the counter's rule column): `limit` units per subject per window. */
export const rateRule = (name: string, limit: number, windowSeconds: number): RateRule => ({
  name,
  limit,
  windowSeconds,
});

/** One counter: a rule and whom it counts (`ip:<address>`, `u:<userId>`, `phone:<phone>`). */
export interface RateKey {
  rule: RateRule;
  subject: string;
}

/** A counter after a call was added to it. */
export interface RateCount extends RateKey {
  hits: number;
  /** Seconds until the counter's window ends (at least 1). */
  retryAfterSeconds: number;
}

const SUBJECT_MAX = 80;
const keyOf = (rule: string, subject: string): string => `${rule}\n${subject}`;
/** A subject as stored (the column holds 80 characters). */
export const subjectOf = (kind: string, id: string | number): string => `${kind}:${id}`.slice(0, SUBJECT_MAX);

/** `ip:<address>` of a request (behind a trusted proxy, the address that proxy saw: client-ip.ts). */
export const addressSubject = (request: FastifyRequest): string => subjectOf('ip', clientIp(request));

/** A wait as people say it: `45 秒`, `15 分钟`. */
export const waitText = (seconds: number): string =>
  seconds < 60 ? `${Math.max(1, Math.ceil(seconds))} 秒` : `${Math.ceil(seconds / 60)} 分钟`;

/**
 * The counters behind every limit of the server (the risk check's 485 and the 429 limits):
 * rows of `risk_counters`, one per rule and subject, each counting the units since its window
 * started; a call after the window restarts it. ONE statement adds a call to any number of
 * counters, atomically (an upsert), on the database clock, so a limit holds under concurrency
 * and across server processes. Rows are written in key order so concurrent calls over the same
 * counters cannot deadlock.
 */
export class RateCounters {
  constructor(private readonly db: Db) {}

  /** Adds `cost` units to each counter and answers each counter's total in its current window. */
  async add(keys: readonly RateKey[], cost = 1): Promise<RateCount[]> {
    const unique = [...new Map(keys.map((key) => [keyOf(key.rule.name, key.subject), key])).values()];
    if (unique.length === 0) return [];
    const input = unique.map(({ rule, subject }) => ({
      rule: rule.name,
      subject,
      window_seconds: rule.windowSeconds,
    }));
    // The window of the row being updated, for ON CONFLICT (which sees only the table's columns).
    const windowOf = sql`make_interval(secs => (SELECT window_seconds FROM input i WHERE i.rule = excluded.rule AND i.subject = excluded.subject))`;
    const result = await this.db.execute(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS i(rule text, subject text, window_seconds int)
      ),
      counted AS (
        INSERT INTO ${riskCounters} AS c (rule, subject, window_start, hits)
        SELECT rule, subject, now(), ${cost}::int FROM input ORDER BY rule, subject
        ON CONFLICT (rule, subject) DO UPDATE SET
          hits = CASE WHEN c.window_start <= now() - ${windowOf} THEN excluded.hits ELSE c.hits + excluded.hits END,
          window_start = CASE WHEN c.window_start <= now() - ${windowOf} THEN now() ELSE c.window_start END
        RETURNING c.rule, c.subject, c.hits, c.window_start
      )
      -- now() is this transaction's start: a concurrent call that opened the window after it
      -- started leaves window_start in our future, so the wait is capped at the window.
      SELECT counted.rule, counted.subject, counted.hits, least(input.window_seconds, greatest(1, ceil(extract(epoch FROM
        counted.window_start + make_interval(secs => input.window_seconds) - now()))))::int AS retry_after
      FROM counted JOIN input USING (rule, subject)
    `);
    const rows = new Map(
      rowsOf<{ rule: string; subject: string; hits: number; retry_after: number }>(result).map((row) => [
        keyOf(row.rule, row.subject),
        row,
      ]),
    );
    return unique.map((key) => {
      const row = rows.get(keyOf(key.rule.name, key.subject));
      if (!row) throw new Error(`rate counter ${key.rule.name} ${key.subject} was not counted`);
      return { ...key, hits: Number(row.hits), retryAfterSeconds: Number(row.retry_after) };
    });
  }

  /**
   * Takes `cost` units back from each counter (a counted attempt that turned out not to happen,
   * e.g. an SMS the provider refused); one atomic decrement each, never below zero.
   */
  async giveBack(keys: readonly RateKey[], cost = 1): Promise<void> {
    const unique = [...new Map(keys.map((key) => [keyOf(key.rule.name, key.subject), key])).values()];
    for (const { rule, subject } of unique) {
      await this.db
        .update(riskCounters)
        .set({ hits: sql`greatest(${riskCounters.hits} - ${cost}, 0)` })
        .where(and(eq(riskCounters.rule, rule.name), eq(riskCounters.subject, subject)));
    }
  }

  /** Starts the counter's window again with this call as its first (a passed captcha, in `db`'s transaction). */
  async restart(db: Pick<Db, 'insert'>, rule: Pick<RateRule, 'name'>, subject: string): Promise<void> {
    await db
      .insert(riskCounters)
      .values({ rule: rule.name, subject, windowStart: sql`now()`, hits: 1 })
      .onConflictDoUpdate({
        target: [riskCounters.rule, riskCounters.subject],
        set: { hits: 1, windowStart: sql`now()` },
      });
  }
}

/** HTTP 429 `{ code: 429, msg, data: null }`. */
export const tooManyRequests = (message: string): AppError =>
  new AppError(TOO_MANY_REQUESTS, message, TOO_MANY_REQUESTS);

/**
 * The 429 limits (issue 11 points 6, 8, 10, 13): counts a call against its counters and refuses
 * it with HTTP 429 and a `Retry-After` when any counter is past its limit. Refused calls count
 * too (the window is fixed, so they do not prolong it).
 */
export class RateLimiter {
  readonly counters: RateCounters;

  constructor(db: Db) {
    this.counters = new RateCounters(db);
  }

  /** `ip:<address>` of the request. */
  address(request: FastifyRequest): string {
    return addressSubject(request);
  }

  /** A caller's keys: its address, plus its session user (the visitor) when logged in. */
  callerKeys(
    request: FastifyRequest,
    user: { userId: number } | null,
    rules: { address: RateRule; visitor: RateRule },
  ): RateKey[] {
    const keys: RateKey[] = [{ rule: rules.address, subject: this.address(request) }];
    if (user) keys.push({ rule: rules.visitor, subject: subjectOf('u', user.userId) });
    return keys;
  }

  /**
   * Adds `cost` units (default 1) to every key. A counter that had already reached its limit
   * before this call refuses it: HTTP 429, `refusal(wait)` as its message and the longest wait
   * as `Retry-After`. (A call of many units — an analytics batch — passes while there is room
   * when it arrives, so no batch is refused for ever whatever the limit.)
   */
  async enforce(
    keys: readonly RateKey[],
    refusal: (wait: string) => string,
    reply: FastifyReply,
    cost = 1,
  ): Promise<void> {
    const counts = await this.counters.add(keys, cost);
    const over = counts.filter((count) => count.hits - cost >= count.rule.limit);
    if (over.length === 0) return;
    const wait = Math.max(...over.map((count) => count.retryAfterSeconds));
    reply.header('retry-after', String(wait));
    throw tooManyRequests(refusal(waitText(wait)));
  }
}
