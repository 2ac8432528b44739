import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { ObjectStore } from '../storage';

/** What a job body runs with: the primary database, the object store, the environment, a logger. */
export interface JobDeps {
  db: Db;
  store: ObjectStore;
  env: Env;
  log: FastifyBaseLogger;
}

/** How a failed attempt is tried again: `limit` more times, `delaySeconds` apart, doubling with `backoff`. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

export type JobTrigger = 'schedule' | 'send' | 'operator';

/**
 * One kind of scheduled work. A `schedule` (cron, five fields, UTC) runs it by the clock; without
 * one it runs when the code sends it (a lottery's draw at its time). `run` must be idempotent: a
 * retry, or a second queue delivering the same work, finds it done. Its answer (JSON) is kept on
 * the run's record.
 */
export interface JobDefinition<D extends Record<string, unknown> = Record<string, unknown>> {
  /** Letters, digits and hyphens (a pg-boss queue name). */
  name: string;
  schedule?: string;
  retry?: RetryPolicy;
  run: (deps: JobDeps, data: D, attempt: number) => Promise<unknown>;
}

/** Retries unless a job says otherwise: three more attempts, 30 s, 60 s, 120 s after a failure. */
export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 30, backoff: true };

/** The wait before attempt `attempt + 1` after attempt `attempt` failed (pg-boss's rule, without its jitter). */
export const retryDelayMs = (policy: RetryPolicy, attempt: number): number =>
  policy.delaySeconds * 1000 * (policy.backoff ? 2 ** (attempt - 1) : 1);

export interface SendOptions {
  /** Not before this moment (a lottery's draw time). */
  startAfter?: Date;
  trigger?: JobTrigger;
}

/** The queue the server runs its jobs on: pg-boss on PostgreSQL, in process on PGlite. */
export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  /** Starts scheduling and working (main.ts, after start-up); tests leave it stopped. */
  start: () => Promise<void>;
  /** Stops taking work and waits for the runs in flight (shutdown). */
  stop: () => Promise<void>;
  /** Queues one run of `name` with `data`. */
  send: (name: string, data?: Record<string, unknown>, options?: SendOptions) => Promise<void>;
  /** The jobs it knows, by name. */
  readonly definitions: ReadonlyMap<string, JobDefinition>;
}
