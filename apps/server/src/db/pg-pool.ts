import pg from 'pg';
import type { DatabaseLog } from './reopening-pglite';
import { isDatabaseUnavailable } from './unavailable';

export interface PoolOptions {
  /** How long a query waits for a pooled connection (free, or being opened) before it fails. */
  connectTimeoutMs: number;
  /** How long a statement waits for its answer on an open connection before it fails. */
  queryTimeoutMs: number;
  log?: DatabaseLog | undefined;
}

/**
 * A client checked out with `pool.connect()` (Drizzle's transactions) is released at most once,
 * and at once (destroyed) when a statement on it fails for unavailability. Works around
 * drizzle-orm 0.45's node-postgres `transaction()`, which runs BEGIN before its try/finally: a
 * BEGIN on a connection that died in the pool never released the client, and ten such leaks
 * left the pool empty for good (drizzle-orm issues #6023, #6241; the outage test found it).
 */
function releasedOnFailure(client: pg.PoolClient): pg.PoolClient {
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
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  // The callback form is pg-pool's own (pool.query), which releases correctly; wrap the promise form.
  pool.connect = ((callback?: unknown) =>
    callback === undefined
      ? (connect() as Promise<pg.PoolClient>).then(releasedOnFailure)
      : connect(callback)) as typeof pool.connect;
  return pool;
}
