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

function prepareLookups(db: ReadDb, suffix = '') {
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
      .prepare(`session_by_du_token${suffix}`),
    byXAuthToken: base()
      .where(eq(sessions.xAuthTokenHash, sql.placeholder('hash')))
      .prepare(`session_by_x_auth_token${suffix}`),
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

/** Sessions a node keeps for reuse at most; past it the oldest leaves first. */
const REUSED_SESSIONS_MAX = 10_000;

/** Database-backed sessions: duToken `<random>|<userId>|<issuedAtMs>` plus x-auth-token, both stored hashed. */
export class SessionStore {
  private readonly lookups;
  /** Live sessions found for reader reads, by token hash, until when they may be reused. */
  private readonly reused = new Map<string, { session: ActiveSession; until: number }>();
  /** How long a reader read may reuse a live session this node found (SESSION_READ_REUSE_MS). */
  private reuseMs = 0;

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
    this.primaryLookups = reads === db ? null : prepareLookups(db, '_primary');
  }

  /**
   * The same lookups on the primary, for a token the replica does not know: a session written a
   * moment ago may not have been replayed yet, and an app that sends its tokens as headers carries
   * no read fence (a login, then at once a call on another node answered 700).
   */
  private readonly primaryLookups;

  /** Lets reader reads reuse a live session for `ms` (decision 026); 0 turns reuse off. */
  reuseForReads(ms: number): this {
    this.reuseMs = ms;
    return this;
  }

  /** The request's session, looked up now. */
  async resolve(request: FastifyRequest): Promise<SessionState> {
    const token = this.tokenOf(request);
    return token ? (await this.lookUp(token)).state : { kind: 'none' };
  }

  /**
   * The session of a public read that only adds the reader's own state (an endpoint with a
   * `reader`): a live session this node found within SESSION_READ_REUSE_MS is reused without a
   * statement. A logout on this node ends the reuse at once; on another node it ends within that
   * time, in which the token still reads only public contents marked with its user's own state
   * (decision 026). A dead or unknown token is looked up every time (a session written a moment
   * ago may not be on the replica yet).
   */
  async resolveForRead(request: FastifyRequest): Promise<SessionState> {
    const token = this.tokenOf(request);
    if (!token) return { kind: 'none' };
    if (this.reuseMs <= 0) return (await this.lookUp(token)).state;
    const now = Date.now();
    const kept = this.reused.get(token.hash);
    if (kept && kept.until > now) return { kind: 'active', session: kept.session };
    const { state, expiresAt } = await this.lookUp(token);
    if (state.kind === 'active') {
      if (this.reused.size >= REUSED_SESSIONS_MAX)
        this.reused.delete(this.reused.keys().next().value as string);
      this.reused.set(token.hash, { session: state.session, until: Math.min(now + this.reuseMs, expiresAt) });
    }
    return state;
  }

  private tokenOf(request: FastifyRequest): { hash: string; kind: 'du' | 'x' } | null {
    const duToken = tokenOf(request, DU_TOKEN_COOKIE);
    if (duToken) return { hash: hashToken(duToken), kind: 'du' };
    const xAuthToken = tokenOf(request, X_AUTH_TOKEN);
    return xAuthToken ? { hash: hashToken(xAuthToken), kind: 'x' } : null;
  }

  private async lookUp(token: {
    hash: string;
    kind: 'du' | 'x';
  }): Promise<{ state: SessionState; expiresAt: number }> {
    const on = (lookups: ReturnType<typeof prepareLookups>) =>
      (token.kind === 'du' ? lookups.byDuToken : lookups.byXAuthToken).execute({ hash: token.hash });
    let [row] = await on(this.lookups);
    if (!row && this.primaryLookups) [row] = await on(this.primaryLookups);
    const expiresAt = row?.expiresAt.getTime() ?? 0;
    if (!row || row.revokedAt || expiresAt <= Date.now()) return { state: { kind: 'dead' }, expiresAt };
    const user = { userId: row.userId, userName: row.userName, avatar: row.avatar };
    return { state: { kind: 'active', session: { sessionId: row.sessionId, user } }, expiresAt };
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
    for (const [hash, kept] of this.reused)
      if (kept.session.sessionId === sessionId) this.reused.delete(hash);
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
