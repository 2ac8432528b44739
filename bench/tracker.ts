// Tracker figures of DESIGN.md §8: the main-thread cost of one `track()` and the queue's drain rate
// against the spec's ceiling (100 events per 200 ms tick). Node has no localStorage: the queue
// runs over `MemoryStorage`, a Map-backed Storage with localStorage's synchronous semantics, so
// the figure is the tracker's own work (uuid, one JSON.stringify, one key, one setItem call);
// a browser's setItem adds its own cost on top. Time is simulated for the drain rate.
import type { AnalyticsEvent } from '@h5/contract';
import {
  type Analytics,
  createAnalytics,
  MemoryStorage,
  type SendOutcome,
  TrackerRegistry,
} from '@h5/tracker';

const TICK_MS = 200;
const CEILING = 100;
const quiet = { warn: () => undefined, error: () => undefined };
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An analytics over a fresh Map-backed storage, on a clock and a tick the bench drives. */
function rig(send: (events: AnalyticsEvent[]) => Promise<SendOutcome>) {
  let now = 1_700_000_000_000;
  let tick: (() => void) | undefined;
  let sent = 0;
  const analytics: Analytics = createAnalytics({
    transport: {
      send: (events) => {
        sent += events.length;
        return send(events);
      },
    },
    storage: new MemoryStorage(),
    locks: null,
    page: null,
    now: () => now,
    scheduler: (_ms, fn) => {
      tick = fn;
      return () => {
        tick = undefined;
      };
    },
    registry: new TrackerRegistry(),
    logger: quiet,
  });
  return {
    analytics,
    /** Events handed to the transport (each once: every answer is a success). */
    sent: () => sent,
    advance(ms: number) {
      now += ms;
    },
    now: () => now,
    /** One 200 ms cycle: the clock moves, the tick runs (timed, main thread), answers settle. */
    async tick(): Promise<number> {
      now += TICK_MS;
      const started = process.hrtime.bigint();
      tick?.();
      const ns = Number(process.hrtime.bigint() - started);
      await settle();
      return ns;
    },
  };
}

const accept = (events: AnalyticsEvent[]): SendOutcome => ({
  succeeded: events.map((event) => event.uuid),
  failedPermanently: [],
});

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;

/** Median (and p99) of 20000 individually timed `track()` calls, in rounds of 100 with a tick between. */
async function trackCost() {
  const bench = rig(async (events) => accept(events));
  const rounds = 200;
  const perRound = 100;
  const samples = new Float64Array(rounds * perRound);
  const tickNs: number[] = [];
  // Warm-up: the JIT, and a steady queue.
  for (let k = 0; k < 5000; k++) bench.analytics.track('pageView', { pageId: 9, path: `/feed/${k}` });
  for (let k = 0; k < 60; k++) await bench.tick();
  // The cost of reading the clock twice, taken off each sample.
  const overhead = new Float64Array(20_000);
  for (let k = 0; k < overhead.length; k++) {
    const t0 = process.hrtime.bigint();
    overhead[k] = Number(process.hrtime.bigint() - t0);
  }
  overhead.sort();
  const clockNs = percentile(overhead, 0.5);
  let i = 0;
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < perRound; k++, i++) {
      const payload = { pageId: 637 as const, contentId: 1000 + i, position: i % 40 };
      const t0 = process.hrtime.bigint();
      bench.analytics.track('feedExposure', payload);
      samples[i] = Math.max(0, Number(process.hrtime.bigint() - t0) - clockNs);
    }
    tickNs.push(await bench.tick());
  }
  samples.sort();
  tickNs.sort((a, b) => a - b);
  bench.analytics.stop();
  return {
    medianMs: percentile(samples, 0.5) / 1e6,
    p99Ms: percentile(samples, 0.99) / 1e6,
    tickMs: (tickNs[Math.floor(tickNs.length / 2)] as number) / 1e6,
  };
}

/**
 * Events sent per tick / 100 over 50 ticks of simulated time, with a producer at the ceiling
 * (500 queued first, then 100 tracked per tick) and a transport answering after `latencyMs`.
 */
async function drainRate(latencyMs: number) {
  const waiting: { due: number; resolve: () => void }[] = [];
  const bench = rig(async (events) => {
    if (latencyMs > 0)
      await new Promise<void>((resolve) => waiting.push({ due: bench.now() + latencyMs, resolve }));
    return accept(events);
  });
  for (let k = 0; k < 500; k++) bench.analytics.track('pageView', { pageId: 9, path: `/feed/${k}` });
  const ticks = 50;
  for (let t = 0; t < ticks; t++) {
    for (let k = 0; k < CEILING; k++) bench.analytics.track('pageView', { pageId: 9, path: `/p/${t}/${k}` });
    await bench.tick();
    for (const entry of waiting.filter((w) => w.due <= bench.now())) {
      waiting.splice(waiting.indexOf(entry), 1);
      entry.resolve();
    }
    await settle();
  }
  const sent = bench.sent();
  bench.analytics.stop();
  return sent / (ticks * CEILING);
}

/** The tracker rows of `npm run bench`. */
export async function trackerFigures(): Promise<{ figure: string; value: string; budget: string }[]> {
  const cost = await trackCost();
  const instant = await drainRate(0);
  const slow = await drainRate(350);
  return [
    {
      figure: 'tracker: track() main thread, median of 20000 (Node, Map-backed localStorage shim)',
      value: `${cost.medianMs.toFixed(4)} ms (p99 ${cost.p99Ms.toFixed(4)})`,
      budget: '≤ 0.05 ms',
    },
    {
      figure: 'tracker: one 200 ms tick sending 100 events, main thread (same shim)',
      value: `${cost.tickMs.toFixed(3)} ms`,
      budget: '—',
    },
    {
      figure: 'tracker: drain rate / ceiling of 100 per 200 ms (instant transport, 50 ticks)',
      value: instant.toFixed(3),
      budget: '≥ 0.95',
    },
    {
      figure: 'tracker: drain rate / ceiling, transport answering in 350 ms',
      value: slow.toFixed(3),
      budget: '—',
    },
  ];
}

// `npx tsx bench/tracker.ts` prints these figures alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await trackerFigures()) console.log(`${row.figure}: ${row.value} (budget ${row.budget})`);
}
