// The cookie parser's types (request.cookies, reply.setCookie), for every compilation that reads this file.

import { createHash, randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { UserBrief } from '@h5/contract';
import { DU_TOKEN_COOKIE, DU_TOKEN_SEPARATOR, TOKEN_EXPIRED, TOURIST, X_AUTH_TOKEN } from '@h5/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, ReadDb } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError } from './errors';
import { SERVER_MESSAGES } from './messages';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface ActiveSession {
  sessionId: number;
  user: UserBrief;
}

/** What the request's tokens amount to: none sent, a live session, or a dead one (expired, revoked, unknown). */
export type SessionState = { kind: 'none' } | { kind: 'active'; session: ActiveSession } | { kind: 'dead' };

function prepareLookups(db: ReadDb) {
  const columns = {
    sessionId: sessions.id,
    expiresAt: sessions.expiresAt,
    revokedAt: sessions.revokedAt,
    userId: users.id,
    userName: users.userName,
    avatar: users.avatar,
  };
  const base = () => db.select(columns).from(sessions).innerJoin(users, eq(users.id, sessions.userId));
  return {
    byDuToken: base()
      .where(eq(sessions.duTokenHash, sql.placeholder('hash')))
      .prepare('session_by_du_token'),
    byXAuthToken: base()
      .where(eq(sessions.xAuthTokenHash, sql.placeholder('hash')))
      .prepare('session_by_x_auth_token'),
  };
}

/** A header or cookie value; headers win (the app sends them, spec §6). */
function tokenOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name.toLowerCase()];
  const value = (Array.isArray(header) ? header[0] : header) ?? request.cookies?.[name];
  return value ? value : undefined;
}

/**
 * Where a cookie of ours lives: path=/, the shared domain, and Secure when the request came over
 * https — the socket's TLS, or X-Forwarded-Proto from a trusted proxy (Fastify's `protocol` reads
 * it only with TRUST_PROXY). Every cookie the server sets uses it.
 */
export function cookieScope(reply: FastifyReply, domain: string | undefined) {
  return { path: '/', domain, secure: reply.request.protocol === 'https' };
}

/** Database-backed sessions: duToken `<random>|<userId>|<issuedAtMs>` plus x-auth-token, both stored hashed. */
export class SessionStore {
  private readonly lookups;

  constructor(
    private readonly db: Db,
    private readonly ttlHours: number,
    /** The shared parent domain of both cookies (COOKIE_DOMAIN); host-only when undefined. */
    private readonly cookieDomain?: string,
    /**
     * Where a request's session is looked up: the replica when it serves the request. A login
     * or logout is a write, so its caller's next requests read the primary until the replica
     * has it (plugins/read-your-writes.ts).
     */
    reads: ReadDb = db,
  ) {
    this.lookups = prepareLookups(reads);
  }

  async resolve(request: FastifyRequest): Promise<SessionState> {
    const duToken = tokenOf(request, DU_TOKEN_COOKIE);
    const xAuthToken = tokenOf(request, X_AUTH_TOKEN);
    if (!duToken && !xAuthToken) return { kind: 'none' };
    const [row] = duToken
      ? await this.lookups.byDuToken.execute({ hash: hashToken(duToken) })
      : await this.lookups.byXAuthToken.execute({ hash: hashToken(xAuthToken as string) });
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { kind: 'dead' };
    return {
      kind: 'active',
      session: {
        sessionId: row.sessionId,
        user: { userId: row.userId, userName: row.userName, avatar: row.avatar },
      },
    };
  }

  async create(userId: number): Promise<{ duToken: string; xAuthToken: string; expiresAt: Date }> {
    const issuedAt = Date.now();
    const duToken = [randomBytes(24).toString('base64url'), userId, issuedAt].join(DU_TOKEN_SEPARATOR);
    const xAuthToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(issuedAt + this.ttlHours * 3_600_000);
    await this.db.insert(sessions).values({
      userId,
      duTokenHash: hashToken(duToken),
      xAuthTokenHash: hashToken(xAuthToken),
      expiresAt,
    });
    return { duToken, xAuthToken, expiresAt };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /**
   * Sets both cookies: path=/, the shared domain, SameSite=Lax, Max-Age per SESSION_TTL_HOURS
   * (readable by the page, spec §3), Secure on https.
   */
  setCookies(reply: FastifyReply, tokens: { duToken: string; xAuthToken: string }): void {
    const options = {
      ...cookieScope(reply, this.cookieDomain),
      sameSite: 'lax' as const,
      maxAge: Math.floor(this.ttlHours * 3600),
      encode: (value: string) => value,
    };
    reply.setCookie(DU_TOKEN_COOKIE, tokens.duToken, options);
    reply.setCookie(X_AUTH_TOKEN, tokens.xAuthToken, options);
  }

  clearCookies(reply: FastifyReply): void {
    const scope = cookieScope(reply, this.cookieDomain);
    reply.clearCookie(DU_TOKEN_COOKIE, scope);
    reply.clearCookie(X_AUTH_TOKEN, scope);
  }
}

/** The active session a 'login' endpoint needs: 7999 without tokens, 700 with dead ones. */
export function requireSession(state: SessionState): ActiveSession {
  if (state.kind === 'active') return state.session;
  if (state.kind === 'dead') throw new AppError(TOKEN_EXPIRED, SERVER_MESSAGES.tokenExpired);
  throw new AppError(TOURIST, SERVER_MESSAGES.tourist);
}
