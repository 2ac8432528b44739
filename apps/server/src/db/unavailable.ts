/**
 * Failures that mean "the database cannot serve right now", as opposed to "this query is wrong":
 * the one place that decides which errors the API answers with HTTP 503 (plugins/envelope.ts, the
 * storage host, /healthz) instead of a logged 500.
 */

/** Thrown by our own guards (a PGlite instance being reopened, a pool shut down). */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

/** Socket-level failures reaching a service (refused, reset, unreachable, DNS): PostgreSQL, S3. */
export const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: class 08 connection exception; 57P01 admin shutdown, 57P02 crash shutdown, 57P03
 * cannot connect now (starting up, recovering); class 53 insufficient resources (disk full, out
 * of memory, too many connections); class 58 system error (I/O error, e.g. PGlite's data directory).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53...|58...)$/;

// node-postgres and pg-pool say these in words only.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
  'PGlite is closed',
  'PGlite is closing',
];

/** PostgreSQL severities after which the session (for PGlite: the whole instance) is gone. */
export const FATAL_SEVERITIES = new Set(['FATAL', 'PANIC']);

function isUnavailableItself(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, severity, message } = error as { code?: unknown; severity?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof severity === 'string' && FATAL_SEVERITIES.has(severity)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text));
}

/**
 * True when `error`, or what it wraps (Drizzle's `cause`, an AggregateError's `errors`), says the
 * database is unreachable or cannot serve: the client should retry later.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  if (isUnavailableItself(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
