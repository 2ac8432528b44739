import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { DatabaseLog } from './reopening-pglite';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Reads from a streaming replica (DATABASE_READ_URL), with read-your-writes for the writer
 * (docs/decisions/019-replica-reads.md). The replica serves a read when it is up, holds
 * everything the primary had DATABASE_READ_MAX_LAG_MS ago, and has replayed the caller's fence
 * (the primary's WAL position after the caller's last write); otherwise the primary does. A read
 * the replica fails is asked of the primary: a lagging or lost replica never shows as an error.
 */

/** A WAL position (`pg_lsn` text `X/Y`, two hex halves) as one number; null for anything else. */
export function parseLsn(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** What one request's reads must see (set per request by plugins/read-your-writes.ts). */
export interface ReadState {
  /** The primary's WAL position after this caller's last write (their fence cookie); null without one. */
  fence: bigint | null;
  /** Set by the request's first write on the primary: its later reads go to the primary too. */
  wrote: boolean;
}

/** The current request's {@link ReadState}; none outside a request (every read is a visitor's). */
export const readStates = new AsyncLocalStorage<ReadState>();

/**
 * The current request's read route as a key: reads of calls with the same key may run as one
 * statement ({@link onReadRoute}), whichever request's context runs it.
 */
export function readRouteKey(): string {
  const state = readStates.getStore();
  if (state?.wrote) return 'primary';
  return state?.fence ? `fence:${state.fence}` : '';
}

/** Runs `read` where the calls of {@link readRouteKey} `key` read. */
export function onReadRoute<T>(key: string, read: () => Promise<T>): Promise<T> {
  if (key === '') return readStates.exit(read);
  if (key === 'primary') return readStates.run({ fence: null, wrote: true }, read);
  return readStates.run({ fence: BigInt(key.slice('fence:'.length)), wrote: false }, read);
}

/** Statements that change rows (a CTE's write included): they make the request's later reads the primary's. */
const WRITE_STATEMENT = /\b(insert|update|delete|merge)\b/i;

/** Marks the current request as a writer when `text` writes (the primary pool's `onStatement`). */
export function noteStatement(text: string): void {
  const state = readStates.getStore();
  if (state && !state.wrote && WRITE_STATEMENT.test(text)) state.wrote = true;
}

export interface ReplicaOptions {
  /** The replica may serve reads while it holds everything the primary had this long ago. */
  maxLagMs: number;
  log?: DatabaseLog | undefined;
  /** The clock (tests). */
  now?: () => number;
}

/** One reading of the primary's WAL position and when it was asked for. */
interface Sample {
  at: number;
  lsn: bigint;
}

const PRIMARY_POSITION = 'select pg_current_wal_insert_lsn()::text as lsn';
// Null on a server that is not in recovery (a primary: after a crash recovery its replay position
// stays where the recovery ended): not a replica, never used as one.
const REPLAY_POSITION = 'select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as lsn';
/** SQLSTATE 25006, a write sent to the replica: a bug to see, not a read to ask the primary again. */
const READ_ONLY_TRANSACTION = '25006';

/** How often the positions are read: a quarter of the allowed lag, between 50 and 250 ms. */
export const pollIntervalOf = (maxLagMs: number): number =>
  Math.max(50, Math.min(250, Math.floor(maxLagMs / 4)));

/**
 * How long a writer's fence cookie lives: past the allowed lag and one poll, the lag rule alone
 * keeps the replica from serving anything older than the write (see {@link ReplicaRouter.serves}).
 */
export const fenceSecondsOf = (maxLagMs: number): number =>
  Math.ceil((maxLagMs + pollIntervalOf(maxLagMs)) / 1000) + 1;

/**
 * Decides, per read, whether the replica may serve it; keeps the primary's and the replica's
 * WAL positions fresh by polling both (each at most one reading in flight, bounded by a time-out).
 */
export class ReplicaRouter {
  /** Primary positions, oldest first: the newest one at least `maxLagMs` old, and those since. */
  private samples: Sample[] = [];
  /** The replica's replay position at its last answer; null while it is down or unknown. */
  private replayed: bigint | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly polling = { primary: false, replica: false };
  private readonly now: () => number;
  readonly pollMs: number;
  /** Logged once per change: up (serving) or why not. */
  private condition = 'starting';

  constructor(
    readonly primary: pg.Pool,
    readonly replica: pg.Pool,
    private readonly options: ReplicaOptions,
  ) {
    this.now = options.now ?? (() => Date.now());
    this.pollMs = pollIntervalOf(options.maxLagMs);
  }

  /** Starts polling; the first readings are taken at once. */
  start(): void {
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Takes one reading of each side (skipping a side whose last reading is still out). */
  async poll(): Promise<void> {
    await Promise.all([this.pollPrimary(), this.pollReplica()]);
  }

  private async pollPrimary() {
    if (this.polling.primary) return;
    this.polling.primary = true;
    const at = this.now();
    try {
      const lsn = parseLsn((await this.bounded(this.primary.query(PRIMARY_POSITION))).rows[0]?.lsn);
      if (lsn !== null) this.record({ at, lsn });
    } catch {
      // The primary is away: the last readings stand (the replica may go on serving what it holds).
    } finally {
      this.polling.primary = false;
    }
  }

  private async pollReplica() {
    if (this.polling.replica) return;
    this.polling.replica = true;
    try {
      const lsn = parseLsn((await this.bounded(this.replica.query(REPLAY_POSITION))).rows[0]?.lsn);
      this.replayed = lsn;
      this.report(lsn === null ? 'not replaying (DATABASE_READ_URL is no streaming replica)' : 'up');
    } catch (error) {
      this.markDown(error);
    } finally {
      this.polling.replica = false;
    }
  }

  /** A reading that has not answered within a second counts as failed (a frozen server). */
  private bounded<T>(query: Promise<T>): Promise<T> {
    const limit = Math.max(1000, this.pollMs * 4);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${limit} ms`)), limit);
      query.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  private record(sample: Sample) {
    this.samples.push(sample);
    const horizon = this.now() - this.options.maxLagMs;
    // Keep the newest sample at or before the horizon: it is the one `serves` compares with.
    while (this.samples.length > 1 && (this.samples[1] as Sample).at <= horizon) this.samples.shift();
  }

  /** The replica is not to be used until its next good reading. */
  markDown(error: unknown): void {
    this.replayed = null;
    this.report(isDatabaseUnavailable(error) ? 'unreachable' : `failing (${String(error)})`);
  }

  private report(condition: string) {
    if (condition === this.condition) return;
    this.condition = condition;
    if (condition === 'up') this.options.log?.info({}, 'read replica serving reads');
    else this.options.log?.warn({ condition }, `read replica ${condition}: reads go to the primary`);
  }

  /**
   * True when the replica may serve a read of a caller whose fence is `fence`: it is up, it has
   * replayed the fence, and it holds everything the primary had `maxLagMs` ago (it has replayed
   * the newest primary position read at least that long ago; while no reading is that old yet,
   * the oldest one). Readings are a poll old at most, which only makes the replica look further
   * behind than it is, never closer.
   */
  serves(fence: bigint | null): boolean {
    const replayed = this.replayed;
    if (replayed === null) return false;
    if (fence !== null && replayed < fence) return false;
    const horizon = this.now() - this.options.maxLagMs;
    let bound: Sample | undefined;
    for (const sample of this.samples) {
      if (sample.at > horizon && bound) break;
      bound = sample;
    }
    return bound !== undefined && replayed >= bound.lsn;
  }

  /** The replica for the current request's reads when {@link serves} allows, else the primary. */
  choose(): pg.Pool {
    const state = readStates.getStore();
    if (state?.wrote) return this.primary;
    return this.serves(state?.fence ?? null) ? this.replica : this.primary;
  }

  /** The primary's WAL position now: after a request's writes, the caller's fence. */
  async writePosition(): Promise<bigint> {
    const lsn = parseLsn((await this.primary.query(PRIMARY_POSITION)).rows[0]?.lsn);
    if (lsn === null) throw new Error('the primary reported no WAL position');
    return lsn;
  }

  /**
   * Runs a read on the chosen server; one the replica fails (down, cancelled by recovery, any
   * error but a write refused as read-only) is asked of the primary instead.
   */
  async read(config: unknown, values: unknown): Promise<pg.QueryResult> {
    const target = this.choose();
    if (target === this.primary) return this.primary.query(config as pg.QueryConfig, values as unknown[]);
    try {
      return await this.replica.query(config as pg.QueryConfig, values as unknown[]);
    } catch (error) {
      if ((error as { code?: unknown }).code === READ_ONLY_TRANSACTION) throw error;
      if (isDatabaseUnavailable(error)) this.markDown(error);
      return this.primary.query(config as pg.QueryConfig, values as unknown[]);
    }
  }

  /** A client for a transaction of reads: the replica's when it serves and answers, else the primary's. */
  async connect(): Promise<pg.PoolClient> {
    const target = this.choose();
    if (target === this.primary) return this.primary.connect();
    try {
      return await this.replica.connect();
    } catch (error) {
      this.markDown(error);
      return this.primary.connect();
    }
  }
}

/**
 * What Drizzle is given for the reads handle: a pg Pool's `query` and `connect`, each asking the
 * router which server. (Drizzle treats a client whose class name holds "Pool" as a pool.)
 */
export class ReplicaRoutingPool {
  constructor(private readonly router: ReplicaRouter) {}

  query(config: unknown, values?: unknown): Promise<pg.QueryResult> {
    return this.router.read(config, values);
  }

  connect(): Promise<pg.PoolClient> {
    return this.router.connect();
  }
}
