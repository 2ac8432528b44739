import { randomBytes } from 'node:crypto';
import { contract, type Endpoint, type RiskCheckData, type UserBrief } from '@h5/contract';
import { CAPTCHA_SESSION_HEADER, RISK_CHECK, RISK_CHECK_STATUS } from '@h5/core';
import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { captchaSessions } from '../db/schema';
import type { Env } from '../env';
import { endpointKey } from './endpoint-key';
import { AppError } from './errors';
import { SERVER_MESSAGES } from './messages';
import { addressSubject, type RateCounters, type RateRule, subjectOf } from './rate-limit';
import { hashToken } from './session';

/** How long a passed captcha's session id can be redeemed (once) by a replayed call. */
export const CAPTCHA_SESSION_TTL_SECONDS = 600;

/** Who a call is from, for the risk check: the session user, else the client address. */
export interface RiskCaller {
  request: FastifyRequest;
  user: UserBrief | null;
}

interface RiskRule extends RateRule {
  name: 'write' | 'login-code';
  applies: (endpoint: Endpoint) => boolean;
  /** The counter's subject: the caller, or (login codes) always the address. */
  counterSubject: (caller: RiskCaller) => string;
}

/** `<domain>.<name>` of every contract entry by endpoint key: the `scene` of a 485 answer. */
const SCENES: ReadonlyMap<string, string> = new Map(
  Object.entries(contract).flatMap(([domain, entries]) =>
    Object.entries(entries).map(([name, entry]) => [endpointKey(entry as Endpoint), `${domain}.${name}`]),
  ),
);
export const sceneOf = (endpoint: Endpoint): string => SCENES.get(endpointKey(endpoint)) ?? endpoint.path;

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
};

/** HTTP 485 `{ code: 485, msg, data: { captchaType: 'image', scene } }` (DESIGN.md §4). */
export function riskCheckRefusal(scene: string): AppError {
  const data: RiskCheckData = { captchaType: 'image', scene };
  return new AppError(RISK_CHECK, SERVER_MESSAGES.riskCheck, RISK_CHECK_STATUS, data);
}

/**
 * The risk check: decides, before a handler runs, whether the caller must pass a captcha first.
 * Counters are the server's rate counters (plugins/rate-limit.ts: one atomic upsert per counted
 * call), so the limits hold under concurrency and across server processes; windows run on the
 * database clock. A call carrying
 * a live, unused captcha session of the same caller (`x-captcha-session`) goes through and
 * restarts the counter; the session is then spent. A call without the header spends the caller's
 * oldest live pass the same way, if it holds one: the app's native verify answers the page only
 * `{ status: 200, code: 1 }` (spec §4), so the replay cannot name its pass (docs/api.md).
 */
export class RiskCheck {
  private readonly rules: readonly RiskRule[];

  constructor(
    private readonly db: Db,
    private readonly counters: RateCounters,
    env: Pick<
      Env,
      'RISK_WRITE_LIMIT' | 'RISK_WINDOW_SECONDS' | 'RISK_LOGIN_CODE_LIMIT' | 'RISK_LOGIN_CODE_WINDOW_SECONDS'
    >,
  ) {
    // Every call that texts a code: the web login's and the invitation's (issue 18 point 2).
    const codeSenders = new Set([contract.auth.sendLoginCode, contract.invite.sendCaptcha].map(endpointKey));
    this.rules = [
      {
        name: 'login-code',
        limit: env.RISK_LOGIN_CODE_LIMIT,
        windowSeconds: env.RISK_LOGIN_CODE_WINDOW_SECONDS,
        applies: (endpoint) => codeSenders.has(endpointKey(endpoint)),
        counterSubject: ({ request }) => this.addressSubject(request),
      },
      {
        name: 'write',
        limit: env.RISK_WRITE_LIMIT,
        windowSeconds: env.RISK_WINDOW_SECONDS,
        applies: (endpoint) => endpoint.method === 'POST' && endpoint.auth === 'login',
        counterSubject: (caller) => this.subjectOf(caller),
      },
    ];
  }

  /** The caller as a risk subject: `u:<userId>` with a session, else `ip:<address>` (TRUST_PROXY-aware). */
  subjectOf({ request, user }: RiskCaller): string {
    return user ? subjectOf('u', user.userId) : this.addressSubject(request);
  }

  private addressSubject(request: FastifyRequest): string {
    return addressSubject(request);
  }

  /** Throws the 485 refusal when the call is over its rule's limit; GETs and other calls cost nothing. */
  async check(endpoint: Endpoint, caller: RiskCaller): Promise<void> {
    const rule = this.rules.find((candidate) => candidate.applies(endpoint));
    if (!rule) return;
    const subject = rule.counterSubject(caller);
    const pass = headerValue(caller.request, CAPTCHA_SESSION_HEADER);
    if (await this.redeem(pass, this.subjectOf(caller), rule, subject)) return;
    const [count] = await this.counters.add([{ rule, subject }]);
    if (!count || count.hits > rule.limit) throw riskCheckRefusal(sceneOf(endpoint));
  }

  /** Stores a passed captcha for the caller; the returned session id is shown once, kept hashed. */
  async issuePass(caller: RiskCaller, scene: string | null): Promise<string> {
    const sessionId = randomBytes(24).toString('base64url');
    await this.db.insert(captchaSessions).values({
      tokenHash: hashToken(sessionId),
      subject: this.subjectOf(caller),
      scene,
      expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_SESSION_TTL_SECONDS})`,
    });
    return sessionId;
  }

  /**
   * Spends a live, unused pass of this caller — the one named by `pass`, else (no header) its
   * oldest — and restarts the rule's window, in one transaction: concurrent replays wait on the
   * pass's row, so at most one redeems it and the others are counted after the restart. Unknown,
   * foreign, spent or expired passes count as absent, and a named pass that fails is not replaced
   * by another one.
   */
  private async redeem(
    pass: string | undefined,
    caller: string,
    rule: RiskRule,
    subject: string,
  ): Promise<boolean> {
    const live = and(
      eq(captchaSessions.subject, caller),
      isNull(captchaSessions.usedAt),
      gt(captchaSessions.expiresAt, sql`now()`),
    );
    const which: SQL | undefined = pass ? and(eq(captchaSessions.tokenHash, hashToken(pass)), live) : live;
    // Most counted calls hold no pass: one indexed look-up, no transaction.
    if (!pass && !(await this.holdsPass(which))) return false;
    return this.db.transaction(async (tx) => {
      const [held] = await tx
        .select({ id: captchaSessions.id })
        .from(captchaSessions)
        .where(which)
        .orderBy(asc(captchaSessions.id))
        .limit(1)
        .for('update');
      if (!held) return false;
      await tx.update(captchaSessions).set({ usedAt: sql`now()` }).where(eq(captchaSessions.id, held.id));
      await this.counters.restart(tx, rule, subject);
      return true;
    });
  }

  private async holdsPass(which: SQL | undefined): Promise<boolean> {
    const rows = await this.db.select({ id: captchaSessions.id }).from(captchaSessions).where(which).limit(1);
    return rows.length > 0;
  }
}
