import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Endpoint, OperatorBrief, OperatorRole } from '@h5/contract';
import {
  OPERATOR_CSRF_COOKIE,
  OPERATOR_CSRF_HEADER,
  OPERATOR_LOGIN_REQUIRED,
  OPERATOR_NONCE_HEADER,
  OPERATOR_REQUEST_MAX_SKEW_MS,
  OPERATOR_REQUEST_REFUSED,
  OPERATOR_ROLE_FORBIDDEN,
  OPERATOR_SESSION_COOKIE,
  OPERATOR_TIME_HEADER,
} from '@h5/core';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { operatorNonces, operatorSessions, operators } from '../db/schema';
import { AppError } from './errors';
import { SERVER_MESSAGES } from './messages';
import { cookieScope, hashToken } from './session';

/** An operator's live backstage session. */
export interface OperatorSession {
  sessionId: number;
  operator: OperatorBrief;
  /** The caller's address as TRUST_PROXY says (what the audit log records). */
  address: string;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const sameSecret = (sent: string, storedHash: string): boolean =>
  timingSafeEqual(Buffer.from(hashToken(sent)), Buffer.from(storedHash));

const NONCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Backstage sessions (issue 30 point 1), apart from app users' (plugins/session.ts): a random
 * token in an HttpOnly, SameSite=Strict cookie, stored hashed; an idle expiry moved on with use,
 * never past the absolute lifetime; a CSRF token (double submit) and a one-time nonce with a
 * fresh time on every write, so a forged or replayed write is refused.
 */
export class OperatorSessionStore {
  constructor(
    private readonly db: Db,
    private readonly idleMinutes: number,
    private readonly maxHours: number,
  ) {}

  /** Starts a session for `operatorId` and sets its two cookies. */
  async create(reply: FastifyReply, operatorId: number, address: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    await this.db.insert(operatorSessions).values({
      operatorId,
      tokenHash: hashToken(token),
      csrfHash: hashToken(csrf),
      address,
      expiresAt: new Date(Date.now() + this.idleMinutes * 60_000),
    });
    const scope = {
      ...cookieScope(reply, undefined),
      sameSite: 'strict' as const,
      maxAge: this.maxHours * 3600,
    };
    reply.setCookie(OPERATOR_SESSION_COOKIE, token, { ...scope, httpOnly: true });
    // The page reads this one and sends it back in OPERATOR_CSRF_HEADER: another site can do neither.
    reply.setCookie(OPERATOR_CSRF_COOKIE, csrf, { ...scope, httpOnly: false });
  }

  /** Ends the session and clears its cookies. */
  async revoke(reply: FastifyReply, sessionId: number): Promise<void> {
    await this.db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
    const scope = cookieScope(reply, undefined);
    reply.clearCookie(OPERATOR_SESSION_COOKIE, scope);
    reply.clearCookie(OPERATOR_CSRF_COOKIE, scope);
  }

  /**
   * The operator of the request, checked for `endpoint`: a live session (5001 otherwise), a role
   * the entry allows (5002), and for a write the CSRF token, a fresh time and an unused nonce (5003).
   */
  async authorize(request: FastifyRequest, endpoint: Endpoint): Promise<OperatorSession> {
    const token = request.cookies?.[OPERATOR_SESSION_COOKIE];
    const loginRequired = () =>
      new AppError(OPERATOR_LOGIN_REQUIRED, SERVER_MESSAGES.operatorLoginRequired, 401);
    if (!token) throw loginRequired();
    const now = new Date();
    const [row] = await this.db
      .select({
        sessionId: operatorSessions.id,
        csrfHash: operatorSessions.csrfHash,
        createdAt: operatorSessions.createdAt,
        expiresAt: operatorSessions.expiresAt,
        operatorId: operators.id,
        name: operators.name,
        role: operators.role,
        totp: sql<boolean>`${operators.totpSecret} is not null`,
      })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, hashToken(token)),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
          eq(operators.disabled, false),
        ),
      );
    if (!row || row.createdAt.getTime() + this.maxHours * 3_600_000 <= now.getTime()) throw loginRequired();
    if (!mayCall(row.role, endpoint.roles ?? [])) {
      throw new AppError(OPERATOR_ROLE_FORBIDDEN, SERVER_MESSAGES.operatorRoleForbidden(row.role), 403);
    }
    if (endpoint.method !== 'GET') await this.checkWrite(request, row.csrfHash, now);
    // The idle expiry moves at most once a minute: a page's burst of reads costs one write, not one each.
    const movedTo = now.getTime() + this.idleMinutes * 60_000;
    if (movedTo - row.expiresAt.getTime() >= IDLE_EXPIRY_STEP_MS)
      await this.db
        .update(operatorSessions)
        .set({ expiresAt: new Date(movedTo) })
        .where(eq(operatorSessions.id, row.sessionId));
    return {
      sessionId: row.sessionId,
      operator: { operatorId: row.operatorId, name: row.name, role: row.role, totp: row.totp },
      address: request.ip,
    };
  }

  private async checkWrite(request: FastifyRequest, csrfHash: string, now: Date): Promise<void> {
    const refuse = (why: string) =>
      new AppError(OPERATOR_REQUEST_REFUSED, SERVER_MESSAGES.operatorRequestRefused(why), 403);
    const csrf = header(request, OPERATOR_CSRF_HEADER);
    if (!csrf || !sameSecret(csrf, csrfHash)) throw refuse(`${OPERATOR_CSRF_HEADER} 与会话不符`);
    const time = Number(header(request, OPERATOR_TIME_HEADER));
    if (!Number.isFinite(time) || Math.abs(now.getTime() - time) > OPERATOR_REQUEST_MAX_SKEW_MS) {
      throw refuse(`${OPERATOR_TIME_HEADER} 缺失或与服务器时间相差超过 5 分钟`);
    }
    const nonce = header(request, OPERATOR_NONCE_HEADER);
    if (!nonce || !NONCE.test(nonce)) throw refuse(`${OPERATOR_NONCE_HEADER} 必须是 UUID`);
    const kept = await this.db
      .insert(operatorNonces)
      .values({ nonce: nonce.toLowerCase() })
      .onConflictDoNothing()
      .returning({ nonce: operatorNonces.nonce });
    if (kept.length === 0) throw refuse('重复的请求（重放）');
  }
}

/** How far the idle expiry must have to move before a read writes it. */
const IDLE_EXPIRY_STEP_MS = 60_000;

/**
 * Clean-up of the backstage's short-lived rows (a scheduled job): nonces past twice the skew
 * window (their time is refused anyway, so they cannot be replayed) and sessions expired or
 * revoked a day ago. Answers how many rows went.
 */
export async function pruneOperatorSessions(db: Db, now = new Date()): Promise<number> {
  const nonces = await db
    .delete(operatorNonces)
    .where(lt(operatorNonces.seenAt, new Date(now.getTime() - 2 * OPERATOR_REQUEST_MAX_SKEW_MS)))
    .returning({ nonce: operatorNonces.nonce });
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const sessions = await db
    .delete(operatorSessions)
    .where(or(lt(operatorSessions.expiresAt, dayAgo), lt(operatorSessions.revokedAt, dayAgo)))
    .returning({ id: operatorSessions.id });
  return nonces.length + sessions.length;
}

/** An admin may make every operator call; anyone else only the entry's roles. */
export const mayCall = (role: OperatorRole, roles: readonly OperatorRole[]): boolean =>
  role === 'admin' || roles.includes(role);
