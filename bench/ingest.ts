// Issue 33 point 3: the analytics collector's stored events per second against PostgreSQL's own
// bulk insert of the same rows. The collector runs as the built server over HTTP (signed batches
// of 100, as the tracker sends them, 64 in flight, a tenth of them sent twice as a retry would),
// on a fresh database in production's shape (day partitions, 180 days kept, the seed's contents and
// history); then the rows it stored are copied with psql's `\copy` (a COPY FROM STDIN) into an
// identical fresh database made from the same template before the run: same partitioned table,
// indexes, and roll-up triggers. A second copy with the roll-up triggers disabled shows what
// the roll-ups cost.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsEvent, contract, type Envelope, type ResponseOf } from '@h5/contract';
import { buildRequest, createApiClient } from '@h5/request';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { seedIfEmpty } from '../apps/server/src/db/seed';
import { SEED_SIZES } from '../apps/server/src/db/seed/generate';
import { collectEvents } from '../apps/server/src/domains/analytics/collect';
import { LIFTED_LIMITS } from '../scripts/lifted-limits.mjs';
import { startServer } from '../scripts/start-server.mjs';
import { benchDatabaseUrl, dropDatabase, freshDatabase } from './database';

const SIGN_SECRET = 'bench-sign-secret';
/** Events stored per run: 600 batches of the tracker's largest (100). */
const EVENTS = 60_000;
const BATCH = 100;
/**
 * Batches in flight: devices sending at once (INGEST_CONCURRENCY to try others). Enough to keep the
 * collector busy, so the figure is its rate, not one batch's round trip: at 8 the server idled
 * about 70 % of the time (docs/performance.md "Analytics ingest").
 */
const CONCURRENCY = Number(process.env.INGEST_CONCURRENCY ?? 64);
/** Every tenth batch is sent again (a retry whose first answer was lost): stored once. */
const RESEND_EVERY = 10;
/** Rounds of collector then COPY. */
const ROUNDS = 3;
/** Production's default retention (ANALYTICS_RETENTION_DAYS). */
const RETENTION_DAYS = 180;
/** The columns the collector writes, in COPY order (content_id is generated). */
const COLUMNS =
  'uuid, tracker, event, payload, occurred_at, received_at, expires_at, user_id, flow_type, anonymous_id, client_id, client_release';

/** A tracker's mix: exposures, detail page views (rolled up), clicks, shares (rolled up). */
function eventAt(i: number, now: number, release = 'bench'): AnalyticsEvent {
  const occurredAt = now - ((i * 7919) % 3_000_000);
  const contentId = ((i * 104_729) % SEED_SIZES.contents) + 1;
  const base = {
    uuid: randomUUID(),
    tracker: 'h5',
    occurredAt,
    expiresAt: occurredAt + 10_800_000,
    anonymousId: `00000000-0000-4000-8000-${(i % 5000).toString(16).padStart(12, '0')}`,
    clientId: 'h5',
    release,
  };
  const kind = i % 20;
  if (kind < 11)
    return { ...base, event: 'feedExposure', payload: { pageId: 9, contentId, position: i % 20 } };
  if (kind < 16)
    return { ...base, event: 'pageView', payload: { pageId: 637, path: `/community/content/${contentId}` } };
  if (kind < 19) return { ...base, event: 'feedClick', payload: { pageId: 9, contentId, position: i % 20 } };
  return { ...base, event: 'contentShare', payload: { contentId, channel: 'wechat' } };
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function sql(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The events of `release` stored in `url` (the seed's have no release). */
const benchRows = async (url: string, release: string) =>
  Number(
    (await sql(url, `select count(*) as n from analytics_events where client_release = '${release}'`)).rows[0]
      ?.n,
  );

interface Round {
  collector: number;
  direct: number;
  copy: number;
  bare: number;
}

/** EVENTS fresh events of `release` in batches of BATCH, every RESEND_EVERY-th batch twice. */
function batchesOf(release: string): AnalyticsEvent[][] {
  const now = Date.now();
  const batches: AnalyticsEvent[][] = [];
  for (let i = 0; i < EVENTS; i += BATCH) {
    const batch = Array.from({ length: BATCH }, (_, j) => eventAt(i + j, now, release));
    batches.push(batch);
    if (batches.length % RESEND_EVERY === 0) batches.push(batch);
  }
  return batches;
}

/** Wall seconds to send every batch, CONCURRENCY at a time; a refused event fails the bench. */
async function timed(
  batches: AnalyticsEvent[][],
  send: (batch: AnalyticsEvent[]) => Promise<{ rejected: unknown[] }>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batches.length) {
        const answer = await send(batches[next++] as AnalyticsEvent[]);
        if (answer.rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(answer.rejected[0])}`);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** A signed collector request, ready to send. */
interface Prebuilt {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const prebuilt = (baseURL: string, events: AnalyticsEvent[]): Prebuilt => {
  const wire = buildRequest(contract.analytics.collectEvents, { events }, SIGN_SECRET);
  return { url: `${baseURL}${wire.url}`, headers: wire.headers, body: wire.body ?? '' };
};

/** Sends a prebuilt batch; answers the collector's data (a refusal fails the bench). */
async function sendPrebuilt(request: Prebuilt) {
  const response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  const answer = (await response.json()) as Envelope<ResponseOf<
    typeof contract.analytics.collectEvents
  > | null>;
  if (!response.ok || answer.code !== 200 || !answer.data)
    throw new Error(`collector: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Wall seconds of one psql `\copy` of `file` into analytics_events of `url` (a COPY FROM STDIN). */
function copySeconds(url: string, file: string): number {
  const started = performance.now();
  execFileSync('psql', [
    url,
    '-v',
    'ON_ERROR_STOP=1',
    '-qc',
    `\\copy analytics_events (${COLUMNS}) from '${file}'`,
  ]);
  return (performance.now() - started) / 1000;
}

/** The ingest figures, on the bench's PostgreSQL; a note without one. */
export async function ingestFigures(): Promise<{ figure: string; value: string; budget: string }[]> {
  const adminUrl = await benchDatabaseUrl();
  if (!adminUrl) return [{ figure: 'analytics ingest', value: 'needs PostgreSQL', budget: '≥ 0.5' }];
  const names = { collector: 'h5_bench_ingest', copy: 'h5_bench_ingest_copy', bare: 'h5_bench_ingest_bare' };
  const folder = mkdtempSync(join(tmpdir(), 'h5-ingest-'));
  const file = join(folder, 'events.copy');
  try {
    // The template: migrated, seeded, the seed's history in day partitions, 180 days kept.
    const collectorUrl = await freshDatabase(adminUrl, names.collector);
    const database = await openDatabase({ databaseUrl: collectorUrl });
    await migrate(database);
    await seedIfEmpty(database.db);
    await database.close();
    await sql(collectorUrl, 'select analytics_events_partitions(7)');
    await sql(collectorUrl, `select analytics_events_drop_before(now() - interval '${RETENTION_DAYS} days')`);
    await sql(collectorUrl, 'vacuum analyze');
    for (const name of [names.copy, names.bare]) {
      await sql(adminUrl, `drop database if exists "${name}" with (force)`);
      await sql(adminUrl, `create database "${name}" template "${names.collector}"`);
    }
    await sql(
      urlOf(adminUrl, names.bare),
      'alter table analytics_events disable trigger analytics_figures_insert',
    );
    const partitions = (
      await sql(
        collectorUrl,
        `select count(*)::int as n from pg_inherits where inhparent = 'analytics_events'::regclass`,
      )
    ).rows[0]?.n as number;

    const server = await startServer({
      SIGN_SECRET,
      DATABASE_URL: collectorUrl,
      LOG_LEVEL: 'error',
      ...LIFTED_LIMITS,
    });
    const direct = await openDatabase({ databaseUrl: collectorUrl });
    const rounds: Round[] = [];
    let resent = 0;
    try {
      const api = createApiClient({ baseUrl: server.baseURL, signSecret: SIGN_SECRET });
      // Warm-up (connections, plans): a few batches of another release, not counted.
      for (let k = 0; k < 5; k++) {
        const batch = Array.from({ length: BATCH }, (_, i) => eventAt(k * BATCH + i, Date.now(), 'warm-up'));
        const answer = await api(contract.analytics.collectEvents, { events: batch });
        if (answer.accepted.length !== BATCH)
          throw new Error(`warm-up: ${JSON.stringify(answer.rejected[0])}`);
      }
      // Rounds taking the collector and COPY in turn: this machine is shared, and whatever else
      // loads it meets both within seconds. The median round's ratio is shown.
      for (let round = 0; round < ROUNDS; round++) {
        const release = `bench-${round}`;
        const batches = batchesOf(release);
        resent = batches.length * BATCH - EVENTS;
        // The load generator's work (JSON, the sign) is done before the clock starts, as psql's
        // COPY reads a file written before its clock: the figure is the collector's, not the
        // sender's, on a machine where both share two cores.
        const wire = new Map(batches.map((batch) => [batch, prebuilt(server.baseURL, batch)]));
        const seconds = await timed(batches, (batch) => sendPrebuilt(wire.get(batch) as Prebuilt));
        const stored = await benchRows(collectorUrl, release);
        if (stored !== EVENTS) throw new Error(`the collector stored ${stored} events of ${EVENTS}`);
        // The same collector code without HTTP: the database's share of the time.
        const directRelease = `direct-${round}`;
        const directSeconds = await timed(batchesOf(directRelease), (batch) =>
          collectEvents(direct.db, batch, { userId: null, flowType: null }),
        );
        if ((await benchRows(collectorUrl, directRelease)) !== EVENTS)
          throw new Error('direct: not stored once');
        execFileSync('psql', [
          collectorUrl,
          '-v',
          'ON_ERROR_STOP=1',
          '-qc',
          `\\copy (select ${COLUMNS} from analytics_events where client_release = '${release}' order by received_at, uuid) to '${file}'`,
        ]);
        const copy = copySeconds(urlOf(adminUrl, names.copy), file);
        const bare = copySeconds(urlOf(adminUrl, names.bare), file);
        if ((await benchRows(urlOf(adminUrl, names.copy), release)) !== EVENTS)
          throw new Error('COPY: not stored once');
        rounds.push({
          collector: EVENTS / seconds,
          direct: EVENTS / directSeconds,
          copy: EVENTS / copy,
          bare: EVENTS / bare,
        });
      }
    } finally {
      await direct.close();
      await server.stop();
    }
    rounds.sort((a, b) => a.collector / a.copy - b.collector / b.copy);
    const m = rounds[Math.floor(rounds.length / 2)] as Round;
    const shape = `${partitions} partitions, median of ${ROUNDS} rounds`;
    return [
      {
        figure: `analytics collector, stored events/s (HTTP, ${BATCH}/batch, ${CONCURRENCY} in flight, ${resent} resent, ${shape})`,
        value: m.collector.toFixed(0),
        budget: '',
      },
      {
        figure: 'collector code without HTTP (same process, same batches)',
        value: m.direct.toFixed(0),
        budget: '',
      },
      {
        figure: 'COPY of the same rows, same table, indexes and roll-ups',
        value: m.copy.toFixed(0),
        budget: '',
      },
      { figure: 'COPY of the same rows, roll-up trigger off', value: m.bare.toFixed(0), budget: '' },
      {
        figure: 'analytics ingest: collector / COPY (PostgreSQL)',
        value: (m.collector / m.copy).toFixed(3),
        budget: '≥ 0.5',
      },
      {
        figure: 'analytics ingest: collector without HTTP / COPY',
        value: (m.direct / m.copy).toFixed(3),
        budget: 'reported',
      },
      {
        figure: 'analytics ingest: collector / COPY without roll-ups',
        value: (m.collector / m.bare).toFixed(3),
        budget: 'reported',
      },
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
    for (const name of Object.values(names)) await dropDatabase(adminUrl, name);
  }
}
