import type { Auth, Endpoint, InputOf, ResponseOf, UserBrief } from '@h5/contract';
import { NOT_FOUND } from '@h5/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { readStates } from '../db/replica';
import type { AppDeps } from '../deps';
import type { Env } from '../env';
import { endpointKey } from './endpoint-key';
import { success } from './envelope';
import { badRequest, fromZodError, isAppError, notFound } from './errors';
import { assertInternalAccess } from './internal-access';
import type { OperatorSession } from './operator-session';
import { type ActiveSession, requireSession, type SessionState } from './session';
import { signedParams, verifySign } from './sign';
import { UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from './stored-text';
import { VISITOR_CACHE_CONTROL, VISITOR_CACHE_VARY, VisitorCache, visitorCacheKey } from './visitor-cache';
import { assertMayWrite } from './write-ban';

/** Cache-Control of personal answers. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Null for a visitor, which only a 'common' entry lets through; never a user on an 'operator' entry. */
type Signed<A extends Auth, T> = A extends 'login' ? T : A extends 'operator' ? null : T | null;

/**
 * What a handler gets besides its parsed input. `A` is the entry's auth: a 'login' entry's
 * handler has a user, a session and a viewer id by type (the session check ran before it).
 */
export interface HandlerContext<A extends Auth = Auth> {
  /** The session user, or null for a visitor ('common' endpoints only). */
  user: Signed<A, UserBrief>;
  session: Signed<A, ActiveSession>;
  /** The session user's id (null for a visitor): whose lights, follows and `isSelf` an answer shows. */
  viewerId: Signed<A, number>;
  /** The backstage operator of an 'operator' entry (issue 30); null on every other entry. */
  operator: A extends 'operator' ? OperatorSession : null;
  /** The call's headers the contract names, parsed (`endpoint.headers`); {} for entries without. */
  headers: Record<string, unknown>;
  request: FastifyRequest;
  reply: FastifyReply;
  db: Db;
  env: Env;
}

export type Handler<E extends Endpoint> = (
  input: InputOf<E>,
  ctx: HandlerContext<E['auth']>,
) => Promise<ResponseOf<E>> | ResponseOf<E>;

/**
 * A signed-in reader's answer of a `visitorCache` entry built from the visitors' shared answer
 * (issue 33 point 1): the public part comes from the same one-second cache, this adds what is the
 * reader's own (lit, followed, wanted) and what their own writes change (counts), with one
 * statement. The shared answer is everyone's: return a new object, never change it.
 */
export type ReaderState<E extends Endpoint> = (
  shared: ResponseOf<E>,
  input: InputOf<E>,
  ctx: HandlerContext<E['auth']>,
) => Promise<ResponseOf<E>>;

type AnyHandler = (input: unknown, ctx: HandlerContext) => unknown;

interface RegisteredEndpoint {
  endpoint: Endpoint;
  handler: AnyHandler;
  reader?: ((shared: unknown, input: unknown, ctx: HandlerContext) => Promise<unknown>) | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Served contract entries by {@link endpointKey}, for in-process calls (SSR prefetch). */
    endpointHandlers: Map<string, RegisteredEndpoint>;
    /** Visitors' answers to `visitorCache` entries, one second per node. */
    visitorCache: VisitorCache;
  }
}

/** Prepares the app for {@link registerEndpoint}. */
export function registerEndpointRegistry(app: FastifyInstance) {
  app.decorate('endpointHandlers', new Map<string, RegisteredEndpoint>());
  app.decorate('visitorCache', new VisitorCache());
}

/** The raw input of an HTTP call: the signed parameters (query or body) plus path parameters. */
function rawInput(endpoint: Endpoint, request: FastifyRequest): Record<string, unknown> {
  const body = request.body ?? {};
  if (endpoint.method === 'POST' && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('body', 'expected an object');
  }
  return { ...signedParams(endpoint, request), ...(request.params as Record<string, unknown> | undefined) };
}

/**
 * Runs a contract call: internal entries only for callers allowed them (internal-access.ts), auth
 * ('login' needs an active session), input parsed with `endpoint.request` (400 naming the
 * field), its text checked for what the database cannot store (NUL, lone surrogates: 400 naming
 * the first such field, `perItem` fields left to the handler), the headers the entry names
 * parsed with its `headers.schema` (400 naming the header), the risk check for HTTP calls
 * (485 before any write), a running writing ban for `speech` entries (5101), then the handler
 * (for a signed-in reader of a `visitorCache` entry with a {@link ReaderState}: the visitors'
 * cached answer and the reader's state). Shared by HTTP and SSR (the page's own in-process reads).
 */
export async function invokeEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: E,
  input: unknown,
  call: {
    request: FastifyRequest;
    reply: FastifyReply;
    state: SessionState;
    /** The call's own headers: the HTTP request's, or those an in-process caller sends. */
    headers: Readonly<Record<string, unknown>>;
    riskCheck?: boolean;
  },
): Promise<ResponseOf<E>> {
  const registered = app.endpointHandlers.get(endpointKey(endpoint));
  if (!registered) throw notFound(`endpoint not served: ${endpointKey(endpoint)}`);
  // The server's own entry: its schemas parse the input, whatever copy the caller holds.
  const served = registered.endpoint;
  if (served.internal) assertInternalAccess(call.request, deps.env);
  // Personal answers (login-only entries, anything computed with a session: a reader's feed
  // carries their lights) are never stored by a browser or shared by a cache; set before the
  // session check, so a 7999 / 700 of a login-only entry carries it too. For SSR prefetch the
  // reply is the page's: a page rendered with a session is not stored either.
  const operatorCall = served.auth === 'operator';
  if (served.auth !== 'common' || call.state.kind === 'active')
    call.reply.header('cache-control', PRIVATE_NO_STORE);
  // A backstage call acts as its operator only: an app user's session on the same request is not
  // looked at (issue 30: an operator session cannot act as a user, nor a user as an operator).
  const operator = operatorCall ? await deps.operatorSessions.authorize(call.request, served) : null;
  const session =
    served.auth === 'login'
      ? requireSession(call.state)
      : !operatorCall && call.state.kind === 'active'
        ? call.state.session
        : null;
  const parsed = served.request.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const unstorable = unstorableTextPath(parsed.data, served.perItem);
  if (unstorable !== null) throw badRequest(unstorable || 'input', UNSTORABLE_TEXT_MESSAGE);
  const headers = served.headers?.schema.safeParse(call.headers);
  if (headers && !headers.success) throw fromZodError(headers.error);
  const ctx: HandlerContext = {
    user: session?.user ?? null,
    session,
    viewerId: session?.user.userId ?? null,
    operator,
    headers: headers?.data ?? {},
    request: call.request,
    reply: call.reply,
    db: deps.db,
    env: deps.env,
  };
  if (call.riskCheck && !operatorCall) await deps.risk.check(served, ctx);
  // One check for every public write (the contract's `speech` entries), not one per handler.
  if (served.speech && session) await assertMayWrite(deps.db, session.user.userId);
  if (served.visitorCache && session === null && !operatorCall) {
    // A visitor's public read: the answer depends on nothing but the input and the named headers.
    if (served.visitorCache === true) {
      call.reply.header('cache-control', VISITOR_CACHE_CONTROL);
      call.reply.header('vary', VISITOR_CACHE_VARY);
    }
    const key = visitorCacheKey(endpointKey(served), parsed.data, ctx.headers);
    return (await app.visitorCache.get(key, async () =>
      registered.handler(parsed.data, ctx),
    )) as ResponseOf<E>;
  }
  if (served.visitorCache && registered.reader && session !== null && !operatorCall) {
    // A reader's public read: the visitors' answer (shared, cached), then the reader's own state.
    const visitor: HandlerContext = { ...ctx, user: null, session: null, viewerId: null };
    const key = visitorCacheKey(endpointKey(served), parsed.data, ctx.headers);
    let shared: unknown;
    try {
      // Read as any visitor's, outside this request's read-your-writes state: a writer's fence
      // must not fill everyone's answer from the primary (what the replica lacks yet would show
      // to visitors early); the reader's own statement below still reads where their fence says.
      shared = await app.visitorCache.get(key, () =>
        readStates.exit(async () => registered.handler(parsed.data, visitor)),
      );
    } catch (error) {
      // Missing for visitors, perhaps not for this reader (an author's own content under review).
      if (isAppError(error) && error.code === NOT_FOUND)
        return (await registered.handler(parsed.data, ctx)) as ResponseOf<E>;
      throw error;
    }
    return (await registered.reader(shared, parsed.data, ctx)) as ResponseOf<E>;
  }
  return (await registered.handler(parsed.data, ctx)) as ResponseOf<E>;
}

/**
 * Makes a bare (`envelope: false`) entry callable in process (SSR loaders' `context.api`); its
 * HTTP route stays the domain's own.
 */
export function serveInProcess<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.endpointHandlers.set(endpointKey(endpoint), { endpoint, handler: handler as AnyHandler });
}

/**
 * Registers one contract entry as a route: sign check (spec §5), session, auth, input
 * parsing, risk check, then the handler; the result is wrapped in the envelope. Bare (`envelope: false`)
 * entries are registered by their domain directly.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoint: E,
  handler: Handler<E>,
  options: { reader?: ReaderState<E> } = {},
): void {
  app.endpointHandlers.set(endpointKey(endpoint), {
    endpoint,
    handler: handler as AnyHandler,
    reader: options.reader as RegisteredEndpoint['reader'],
  });
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      verifySign(endpoint, request, deps.env.SIGN_SECRET);
      // A reader read reuses a session this node found a moment ago (decision 026).
      const state = options.reader
        ? await deps.sessions.resolveForRead(request)
        : await deps.sessions.resolve(request);
      const data = await invokeEndpoint(app, deps, endpoint, rawInput(endpoint, request), {
        request,
        reply,
        state,
        headers: request.headers,
        riskCheck: true,
      });
      return reply.send(success(data));
    },
  });
}
