import PgBoss from 'pg-boss';
import { runRecorded } from './runs';
import {
  DEFAULT_RETRY,
  type JobDefinition,
  type JobDeps,
  type JobQueue,
  type JobTrigger,
  type SendOptions,
} from './types';

/** pg-boss's own tables live in this schema, apart from ours. */
export const PG_BOSS_SCHEMA = 'pgboss';
/** How often an idle worker asks for work: a job sent for a moment starts at most this late. */
const POLLING_SECONDS = 1;
/** How long shutdown waits for the runs in flight before pg-boss fails them (they are retried). */
const STOP_TIMEOUT_MS = 10_000;

/** What a queued job carries: who asked for it, and the job's own data. */
interface Envelope {
  trigger: JobTrigger;
  data: Record<string, unknown>;
}

/**
 * The queue on PostgreSQL: pg-boss in the same database (schema `pgboss`). Every server process
 * works every queue; pg-boss hands each job to one of them (SELECT … FOR UPDATE SKIP LOCKED),
 * sends each cron tick once across the processes (a singleton per job and minute), and retries a
 * failed job with its queue's policy. Job bodies stay idempotent for the rest (a run that dies
 * after its work but before its completion is delivered again once it expires).
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  readonly definitions: ReadonlyMap<string, JobDefinition>;
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    connectionString: string,
    definitions: readonly JobDefinition[],
    private readonly deps: JobDeps,
    options: { work?: boolean } = {},
  ) {
    this.definitions = new Map(definitions.map((definition) => [definition.name, definition]));
    this.work = options.work ?? true;
    this.boss = new PgBoss({
      connectionString,
      schema: PG_BOSS_SCHEMA,
      application_name: 'community-h5-jobs',
      max: 4,
      // Cron ticks are checked every few seconds, not pg-boss's default 30.
      cronMonitorIntervalSeconds: 5,
      cronWorkerIntervalSeconds: 2,
    });
    this.boss.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
  }

  private readonly work: boolean;

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      const retry = definition.retry ?? DEFAULT_RETRY;
      await this.boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff,
      });
    }
    if (!this.work) return;
    for (const definition of this.definitions.values()) {
      if (definition.schedule)
        await this.boss.schedule(
          definition.name,
          definition.schedule,
          { trigger: 'schedule', data: {} },
          { tz: 'UTC' },
        );
      await this.boss.work<Envelope>(
        definition.name,
        { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const envelope = job.data ?? { trigger: 'send', data: {} };
          await runRecorded(definition, this.deps, envelope.data ?? {}, job.retryCount + 1, envelope.trigger);
        },
      );
    }
    // A job dropped from the list stops being scheduled.
    for (const schedule of await this.boss.getSchedules())
      if (!this.definitions.get(schedule.name)?.schedule) await this.boss.unschedule(schedule.name);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
  }

  async send(name: string, data: Record<string, unknown> = {}, options: SendOptions = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`no job named ${name}`);
    const envelope: Envelope = { trigger: options.trigger ?? 'send', data };
    const retry = this.definitions.get(name)?.retry ?? DEFAULT_RETRY;
    await this.boss.send(name, envelope as unknown as object, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
    });
  }
}
