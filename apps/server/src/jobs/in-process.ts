import cronParser from 'cron-parser';
import { runRecorded } from './runs';
import {
  DEFAULT_RETRY,
  type JobDefinition,
  type JobDeps,
  type JobQueue,
  type JobTrigger,
  retryDelayMs,
  type SendOptions,
} from './types';

/** setTimeout's longest wait; a later moment is reached in several waits. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The next moment `cron` (UTC) names after `after`. */
export function nextCronTime(cron: string, after: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

/**
 * The queue on PGlite (one process per data folder, so nothing to coordinate): timers for the
 * crons and the sent jobs, and pg-boss's retry rule (`retry.limit` more attempts, the delay
 * doubling with backoff). A scheduled job whose previous run is still going skips that tick.
 * Sent jobs live in memory: after a restart the sweeping crons find what they were for.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  readonly definitions: ReadonlyMap<string, JobDefinition>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Attempts in flight per job name: a scheduled tick skips while its job still runs. */
  private readonly running = new Map<string, number>();
  private readonly waiting: Array<() => void> = [];
  private started = false;
  private stopped = false;

  constructor(
    definitions: readonly JobDefinition[],
    private readonly deps: JobDeps,
  ) {
    this.definitions = new Map(definitions.map((definition) => [definition.name, definition]));
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const definition of this.definitions.values())
      if (definition.schedule) this.scheduleNext(definition, definition.schedule);
    for (const release of this.waiting.splice(0)) release();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  async send(name: string, data: Record<string, unknown> = {}, options: SendOptions = {}): Promise<void> {
    const definition = this.definitionOf(name);
    const go = () =>
      this.at(options.startAfter?.getTime() ?? Date.now(), () => {
        this.attempt(definition, data, 1, options.trigger ?? 'send');
      });
    // Sent before start (a test app that never starts its queue): kept until start.
    if (this.started) go();
    else this.waiting.push(go);
  }

  private definitionOf(name: string): JobDefinition {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    return definition;
  }

  /** Calls `work` at `whenMs` (now when past), unless the queue stops first. */
  private at(whenMs: number, work: () => void): void {
    if (this.stopped) return;
    const wait = Math.max(0, whenMs - Date.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (wait > MAX_TIMER_MS) this.at(whenMs, work);
        else if (!this.stopped) work();
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private scheduleNext(definition: JobDefinition, cron: string): void {
    this.at(nextCronTime(cron, new Date()).getTime(), () => {
      if (!this.running.get(definition.name)) this.attempt(definition, {}, 1, 'schedule');
      this.scheduleNext(definition, cron);
    });
  }

  /** One attempt; a failure with attempts left is tried again after the policy's delay. */
  private attempt(
    definition: JobDefinition,
    data: Record<string, unknown>,
    attempt: number,
    trigger: JobTrigger,
  ): void {
    const policy = definition.retry ?? DEFAULT_RETRY;
    this.running.set(definition.name, (this.running.get(definition.name) ?? 0) + 1);
    const run = runRecorded(definition, this.deps, data, attempt, trigger).then(
      () => undefined,
      () => {
        if (attempt <= policy.limit)
          this.at(Date.now() + retryDelayMs(policy, attempt), () =>
            this.attempt(definition, data, attempt + 1, trigger),
          );
        else this.deps.log.error({ job: definition.name, attempt }, 'job failed after its last attempt');
      },
    );
    const tracked = run.finally(() => {
      this.running.set(definition.name, (this.running.get(definition.name) ?? 1) - 1);
      this.inFlight.delete(tracked);
    });
    this.inFlight.add(tracked);
  }
}
