import pg from 'pg';
import type { DatabaseLog } from './reopening-pglite';
import { isDatabaseUnavailable } from './unavailable';

export interface PoolOptions {
  /** How long a query waits for a pooled connection (free, or being opened) before it fails. */
  connectTimeoutMs: number;
  /** How long a statement waits for its answer on an open connection before it fails. */
  queryTimeoutMs: number;
  /**
   * The URL reaches PostgreSQL through a transaction pooler (PgBouncer `pool_mode = transaction`,
   * DB_TRANSACTION_POOLING): statements go out unnamed from the start (see {@link openPool}).
   */
  transactionPooling?: boolean | undefined;
  /** Called with the text of every statement sent (the read-your-writes plumbing watches for writes). */
  onStatement?: ((text: string) => void) | undefined;
  log?: DatabaseLog | undefined;
}

type QueryConfig = { name?: string; text: string };
type QueryFn = (config: unknown, values?: unknown) => Promise<pg.QueryResult>;

const textOf = (config: unknown): string =>
  typeof config === 'string' ? config : ((config as QueryConfig | null)?.text ?? '');
const isNamed = (config: unknown): config is QueryConfig =>
  typeof config === 'object' && config !== null && typeof (config as QueryConfig).name === 'string';

/**
 * What PostgreSQL answers when a named statement meets a server connection other than the one it
 * was prepared on: 26000 "prepared statement does not exist", 42P05 "already exists". Behind a
 * transaction pooler consecutive statements of one client connection land on different server
 * connections, so these mean "there is a transaction pooler in front" (the statement did not run).
 */
const isPoolerStatementError = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '26000' || code === '42P05';
};

/**
 * A client checked out with `pool.connect()` (Drizzle's transactions) is released at most once,
 * and at once (destroyed) when a statement on it fails for unavailability. Works around
 * drizzle-orm 0.45's node-postgres `transaction()`, which runs BEGIN before its try/finally: a
 * BEGIN on a connection that died in the pool never released the client, and ten such leaks
 * left the pool empty for good (drizzle-orm issues #6023, #6241; the outage test found it).
 */
function releasedOnFailure(client: pg.PoolClient, statements: Statements): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    // The next checkout of a healthy client starts from pg's own methods.
    Reflect.deleteProperty(client, 'query');
    release(error);
  };
  const query = client.query;
  client.release = releaseOnce;
  client.query = ((...args: unknown[]) => {
    if (typeof args[1] !== 'function' && typeof args[2] !== 'function') {
      statements.seen(args[0]);
      args[0] = statements.shaped(args[0]);
    }
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) releaseOnce(error as Error);
      });
    return result;
  }) as typeof client.query;
  return client;
}

/**
 * How statements leave the pool: named (node-postgres prepares them once per connection, and
 * PostgreSQL keeps their plan: the ranked feed answers about 1.45 times as many pages a second)
 * until the first sign of a transaction pooler, unnamed from then on (or from the start with
 * `transactionPooling`). PgBouncer 1.18 in transaction mode does not carry named statements
 * across server connections; an unnamed one is parsed with its own Bind and runs anywhere.
 */
class Statements {
  private unnamed: boolean;

  constructor(private readonly options: PoolOptions) {
    this.unnamed = options.transactionPooling === true;
  }

  seen(config: unknown) {
    this.options.onStatement?.(textOf(config));
  }

  /** The config to send: without its name once statements go out unnamed. */
  shaped(config: unknown): unknown {
    return this.unnamed && isNamed(config) ? { ...config, name: undefined } : config;
  }

  /**
   * Runs one statement through `query`; a named one refused for a pooler is sent again unnamed
   * (it did not run: the refusal comes at its Parse or Bind), and so is every later one.
   */
  async run(query: QueryFn, config: unknown, values: unknown): Promise<pg.QueryResult> {
    this.seen(config);
    if (!isNamed(config) || this.unnamed) return query(this.shaped(config), values);
    try {
      return await query(config, values);
    } catch (error) {
      if (!isPoolerStatementError(error)) throw error;
      if (!this.unnamed) {
        this.unnamed = true;
        this.options.log?.warn(
          { err: error },
          'named statements fail here (a transaction pooler such as PgBouncer?): sending them unnamed from now on; set DB_TRANSACTION_POOLING=true',
        );
      }
      return query(this.shaped(config), values);
    }
  }
}

/**
 * A pool that survives the server going away. A connection that dies (idle in the pool, or
 * checked out between two statements) emits 'error', which without a listener ends the
 * process: each is logged instead. The pool drops dead connections and opens new ones on
 * demand, so it recovers by itself when the server is back; node-postgres prepares named
 * statements per connection, so a new connection prepares them again on first use.
 */
export function openPool(url: string, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // A frozen server (or a peer gone without a RST) never answers: fail the statement, drop the connection.
    query_timeout: options.queryTimeoutMs,
    // Notice a silently dropped peer (no RST) on idle connections.
    keepAlive: true,
  });
  const report = (error: Error) => options.log?.warn({ err: error }, 'database connection lost');
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const statements = new Statements(options);
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  // The callback form is pg-pool's own (pool.query), which releases correctly; wrap the promise form.
  pool.connect = ((callback?: unknown) =>
    callback === undefined
      ? (connect() as Promise<pg.PoolClient>).then((client) => releasedOnFailure(client, statements))
      : connect(callback)) as typeof pool.connect;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  // Drizzle calls the promise form; a callback caller gets pg's own.
  pool.query = ((...args: unknown[]) =>
    typeof args[1] === 'function' || typeof args[2] === 'function'
      ? query(...args)
      : statements.run(query as QueryFn, args[0], args[1])) as typeof pool.query;
  return pool;
}
