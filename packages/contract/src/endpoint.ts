import { config, type z } from 'zod';

// In a browser zod would probe `new Function` (for its compiled object parsers) at the first
// object parse: the pages' Content-Security-Policy refuses eval and reports the probe. Browsers
// parse little; the server keeps the compiled parsers.
if ('document' in globalThis) config({ jitless: true });

export type Method = 'GET' | 'POST';
/**
 * 'common' calls are public; 'login' calls answer 7999 without a session; 'operator' calls are
 * the backstage's (issue 30): an operator session with one of the entry's `roles`, never a user's.
 */
export type Auth = 'common' | 'login' | 'operator';
/** The backstage's roles (issue 30 point 1); an admin may make every operator call. */
export const OPERATOR_ROLES = ['admin', 'moderator', 'live_ops', 'activity_ops'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Body encoding of a POST: JSON, or form-encoded where the spec says so. */
export type Encoding = 'json' | 'form';
/** The domains of DESIGN.md §3. */
export type Domain =
  | 'config'
  | 'auth'
  | 'content'
  | 'community'
  | 'creator'
  | 'live'
  | 'lottery'
  | 'message'
  | 'invite'
  | 'commerce'
  | 'activity'
  | 'feedback'
  | 'shoe-eval'
  | 'search'
  | 'upload'
  | 'analytics'
  | 'backstage';

/** Request headers a call carries (spec §7: content-detail's `version` and optional video flag). */
export interface EndpointHeaders {
  /** What every caller sends: the browser client, the server's in-process SSR call, tests. */
  readonly send: Readonly<Record<string, string>>;
  /** What the server accepts, parsed before the handler (400 naming the header otherwise). */
  readonly schema: z.ZodType<Record<string, unknown>>;
}

export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  readonly domain: Domain;
  readonly method: Method;
  /** The full path, literally as the spec writes it; `:name` marks a path parameter. */
  readonly path: string;
  /** Kept literal per entry, so a 'login' entry's handler gets a non-null user by type. */
  readonly auth: A;
  readonly encoding: Encoding;
  /** The query (GET) or body (POST) together with path parameters. */
  readonly request: Req;
  /** The `data` of the envelope, or the whole body when `envelope` is false. */
  readonly response: Res;
  /** False for static files that are served bare, without `{ code, msg, data }`. */
  readonly envelope: boolean;
  /** False where the spec says a failure shows no toast. */
  readonly errorToast: boolean;
  /** Headers of the call, where the spec names some. */
  readonly headers?: EndpointHeaders;
  /**
   * Top-level array fields whose items the handler judges one by one, their text included: a bad
   * item is refused alone with a reason and the rest are kept (the analytics collector). The
   * server's whole-input check of stored text skips these fields.
   */
  readonly perItem?: readonly string[];
  /**
   * A development and operations call (login outbox, client-conf write, telemetry list, ...):
   * 404 in production, elsewhere only for a loopback caller or one with the operator token
   * (apps/server/src/plugins/internal-access.ts); `local` answers everyone.
   */
  readonly internal: boolean;
  /**
   * A public read visitors may see up to one second old (DESIGN.md §8, issue 19 point 2): a
   * visitor's answer is kept in process for a second per node and may be kept by a CDN
   * (`Cache-Control: public, max-age=1`). A signed-in caller's answer is never shared.
   * `'in-process'`: kept in process the same way, without marking the response public: a read
   * every page makes (the root loader's client-conf) must not make every visitor page shareable.
   */
  readonly visitorCache?: true | 'in-process';
  /**
   * An 'operator' entry's roles (besides admin, who may make every operator call); `[]`: admin
   * only. Checked on the server for every call (register-endpoint.ts).
   */
  readonly roles?: readonly OperatorRole[];
  /**
   * A user's public write (a comment, a light, a follow, a report, an evaluation): refused while
   * a moderator's writing ban runs (issue 30 point 3; checked in register-endpoint.ts). Reads and
   * the user's own account writes stay open to a banned user.
   */
  readonly speech?: true;
}

type EndpointInput<Req extends z.ZodType, Res extends z.ZodType, A extends Auth> = Pick<
  Endpoint<Req, Res, A>,
  'domain' | 'method' | 'path' | 'auth' | 'request' | 'response'
> &
  Partial<
    Pick<
      Endpoint<Req, Res, A>,
      | 'encoding'
      | 'envelope'
      | 'errorToast'
      | 'perItem'
      | 'internal'
      | 'headers'
      | 'visitorCache'
      | 'roles'
      | 'speech'
    >
  >;

/** Declares one call of the contract, with the defaults: JSON, enveloped, toasting errors, public. */
export function endpoint<Req extends z.ZodType, Res extends z.ZodType, A extends Auth>(
  def: EndpointInput<Req, Res, A>,
): Endpoint<Req, Res, A> {
  return { encoding: 'json', envelope: true, errorToast: true, internal: false, ...def };
}

/**
 * Declares one backstage call (issue 30): operator auth, open to admins and `roles`. No toast:
 * the backstage's pages show a refusal where it happened (the table, the form).
 */
export function operatorEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  def: Omit<EndpointInput<Req, Res, 'operator'>, 'auth'> & { roles: readonly OperatorRole[] },
): Endpoint<Req, Res, 'operator'> {
  return endpoint({ errorToast: false, ...def, auth: 'operator' });
}

/** What a caller passes: the request schema's input. */
export type RequestOf<E extends Endpoint> = z.input<E['request']>;
/** What a handler gets: the request schema's output (defaults filled, strings coerced). */
export type InputOf<E extends Endpoint> = z.output<E['request']>;
/** What a caller gets back: the response schema's output (the envelope's data). */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** The wire envelope of DESIGN.md §4. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

// One copy of the path-template helpers, in core, so the browser client needs no contract at run time.
export { fillPath, pathParams } from '@h5/core';
