import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { DatabaseUnavailableError, FATAL_SEVERITIES } from './unavailable';

/** Where the database reports what happens to it in the background (pino's argument order). */
export interface DatabaseLog {
  warn: (details: object, message: string) => void;
  info: (details: object, message: string) => void;
}

/** Waits between attempts to reopen a failed data directory: 0.25 s, doubling, at most 5 s. */
const REOPEN_BACKOFF_MS = { first: 250, max: 5_000 };

const UNAVAILABLE_MESSAGE = 'the embedded database is being reopened after a failure';

/** Is this failure fatal to the instance (not just to the statement)? */
function killsInstance(error: unknown): boolean {
  const severity = (error as { severity?: unknown } | null)?.severity;
  // A DatabaseError carries a severity; anything else came out of the WebAssembly itself.
  return typeof severity !== 'string' || FATAL_SEVERITIES.has(severity);
}

/**
 * PGlite behind an indirection that outlives one instance. PGlite runs PostgreSQL inside this
 * process. When its data directory fails a write (EIO, ENOSPC on the WAL), PostgreSQL PANICs: the
 * statement answers the error, and the instance's next protocol call spins forever, blocking the
 * event loop (measured on 0.5.16). So the first fatal answer (FATAL / PANIC, or an error from the
 * WebAssembly) marks the instance dead before anything else can enter it, and a new instance is
 * opened on the same directory (PostgreSQL's crash recovery replays the WAL: every committed
 * write is kept), retried with backoff while the directory still fails. Meanwhile every call
 * fails at once with {@link DatabaseUnavailableError} (HTTP 503). In memory there is nothing to
 * reopen: a dead in-memory instance stays dead.
 *
 * Drizzle's PGlite driver calls `query` and `transaction` only; both are forwarded.
 */
export class ReopeningPglite {
  #current: PGlite;
  readonly #dead = new WeakSet<PGlite>();
  #reopening: Promise<void> | undefined;
  #closed = false;

  private constructor(
    first: PGlite,
    private readonly dataDir: string | undefined,
    private readonly log: DatabaseLog | undefined,
  ) {
    this.#current = first;
    this.#guard(first);
  }

  /** Opens PGlite on `dataDir` (in memory when undefined) and waits until it is ready. */
  static async open(dataDir: string | undefined, log?: DatabaseLog): Promise<ReopeningPglite> {
    const first = dataDir ? new PGlite(dataDir) : new PGlite();
    await first.waitReady;
    return new ReopeningPglite(first, dataDir, log);
  }

  /**
   * Every statement reaches PostgreSQL through these two protocol methods (PGlite's query,
   * exec and transaction call them on the instance), so the guard sits there: a dead instance
   * is never entered again, and a fatal answer marks it dead before the caller sees it.
   */
  #guard(instance: PGlite): void {
    const check = (error: unknown): never => {
      if (!killsInstance(error)) throw error;
      this.#markDead(instance, error);
      throw new DatabaseUnavailableError(UNAVAILABLE_MESSAGE, { cause: error });
    };
    const stream = instance.execProtocolStream.bind(instance);
    instance.execProtocolStream = async (message, options) => {
      if (this.#dead.has(instance)) throw new DatabaseUnavailableError(UNAVAILABLE_MESSAGE);
      return stream(message, options).catch(check);
    };
    const plain = instance.execProtocol.bind(instance);
    instance.execProtocol = async (message, options) => {
      if (this.#dead.has(instance)) throw new DatabaseUnavailableError(UNAVAILABLE_MESSAGE);
      return plain(message, options).catch(check);
    };
  }

  #markDead(instance: PGlite, error: unknown): void {
    if (this.#dead.has(instance)) return;
    this.#dead.add(instance);
    this.log?.warn({ err: error }, 'PGlite failed; reopening its data directory');
    if (!this.dataDir || this.#reopening) return;
    this.#reopening = this.#reopen(this.dataDir).finally(() => {
      this.#reopening = undefined;
    });
  }

  async #reopen(dataDir: string): Promise<void> {
    for (
      let wait = REOPEN_BACKOFF_MS.first;
      !this.#closed;
      wait = Math.min(wait * 2, REOPEN_BACKOFF_MS.max)
    ) {
      try {
        const next = new PGlite(dataDir);
        await next.waitReady;
        if (this.#closed) {
          await next.close();
          return;
        }
        this.#guard(next);
        this.#current = next;
        this.log?.info({ dataDir }, 'PGlite reopened');
        return;
      } catch (error) {
        // The directory still fails (PGlite refuses to start on it): try again later.
        this.log?.warn({ err: error, retryInMs: wait }, 'PGlite could not reopen its data directory');
        await sleep(wait);
      }
    }
  }

  /** The instance to use, or a 503 while there is none alive. */
  #live(): PGlite {
    if (this.#closed || this.#dead.has(this.#current))
      throw new DatabaseUnavailableError(UNAVAILABLE_MESSAGE);
    return this.#current;
  }

  async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#live().query<T>(query, params, options);
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#live().transaction(callback);
  }

  /** Resolves once a reopen under way has ended (tests). */
  async settled(): Promise<void> {
    await this.#reopening;
  }

  /** Closes the live instance; a dead one is left alone (entering it could spin). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#reopening;
    if (!this.#dead.has(this.#current)) await this.#current.close();
  }
}
