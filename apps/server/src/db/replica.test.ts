import { contract } from '@h5/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp, testDatabase } from '../test-utils';
import {
  noteStatement,
  onReadRoute,
  parseLsn,
  type ReadState,
  ReplicaRouter,
  readRouteKey,
  readStates,
} from './replica';

/** A stand-in pool: answers position readings from `lsn()` (or throws), and any other statement with `rows`. */
function fakePool(name: string) {
  const pool = {
    name,
    lsn: (): string | null => '0/100',
    failure: null as Error | null,
    statements: [] as string[],
    async query(config: unknown) {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      pool.statements.push(text);
      if (pool.failure) throw pool.failure;
      if (/_lsn\(\)/.test(text)) return { rows: [{ lsn: pool.lsn() }] };
      return { rows: [{ from: name }] };
    },
    async connect() {
      if (pool.failure) throw pool.failure;
      return { from: name };
    },
  };
  return pool;
}

function world(maxLagMs = 1000) {
  let now = 0;
  const primary = fakePool('primary');
  const replica = fakePool('replica');
  const router = new ReplicaRouter(primary as unknown as pg.Pool, replica as unknown as pg.Pool, {
    maxLagMs,
    now: () => now,
  });
  const at = async (ms: number) => {
    now = ms;
    await router.poll();
  };
  const servedBy = async (state?: ReadState) => {
    const read = () => router.read('select 1', []);
    const result = state ? await readStates.run(state, read) : await read();
    return (result.rows[0] as { from: string }).from;
  };
  return { primary, replica, router, at, servedBy };
}

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });

describe('WAL positions', () => {
  it('reads pg_lsn text as one number, high half first', () => {
    expect(parseLsn('0/3000148')).toBe(0x3000148n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0')).toBe(0x100000000n);
    expect(parseLsn('0/FFFFFFFF')).toBe(0xffffffffn);
    for (const bad of [null, undefined, '', '0', '0/', 'x/1', '0/1/2', '123456789/0'])
      expect(parseLsn(bad)).toBeNull();
  });
});

describe('which server a read goes to (db/replica.ts)', () => {
  it('the primary until the first readings, then the replica while it is caught up', async () => {
    const { router, at, servedBy } = world();
    expect(await servedBy()).toBe('primary');
    await at(0);
    expect(router.serves(null)).toBe(true);
    expect(await servedBy()).toBe('replica');
  });

  it('the replica while it is behind by less than the allowed lag, the primary past it, the replica again once caught up', async () => {
    const { primary, replica, at, servedBy } = world(1000);
    await at(0);
    primary.lsn = () => '0/200';
    replica.lsn = () => '0/100';
    await at(100);
    // Behind, but it holds everything the primary had 1000 ms ago (position 0/100 at 0 ms).
    await at(900);
    expect(await servedBy()).toBe('replica');
    // At 1100 ms the primary's position of 100 ms (0/200) is 1000 ms old and not yet replayed.
    await at(1100);
    expect(await servedBy()).toBe('primary');
    replica.lsn = () => '0/200';
    await at(1200);
    expect(await servedBy()).toBe('replica');
  });

  it("a writer's reads: the primary until the replica has replayed their fence, and for the rest of a request that wrote", async () => {
    const { replica, at, servedBy } = world();
    replica.lsn = () => '0/100';
    await at(0);
    expect(await servedBy({ fence: 0x180n, wrote: false })).toBe('primary');
    expect(await servedBy({ fence: 0x100n, wrote: false })).toBe('replica');
    expect(await servedBy({ fence: null, wrote: false })).toBe('replica');
    expect(await servedBy({ fence: null, wrote: true })).toBe('primary');
    replica.lsn = () => '0/180';
    await at(50);
    expect(await servedBy({ fence: 0x180n, wrote: false })).toBe('replica');
  });

  it('a replica that is down: its reads are answered by the primary at once, and it serves again after a good reading', async () => {
    const { replica, router, at, servedBy } = world();
    await at(0);
    replica.failure = refused();
    // The read fails on the replica and is asked of the primary: no error reaches the caller.
    expect(await servedBy()).toBe('primary');
    expect(router.serves(null)).toBe(false);
    await at(100);
    expect(await servedBy()).toBe('primary');
    replica.failure = null;
    await at(200);
    expect(await servedBy()).toBe('replica');
  });

  it('any other failure of the replica (a recovery conflict) is asked of the primary too, but not a write it refused', async () => {
    const { replica, at, servedBy, router } = world();
    await at(0);
    replica.failure = Object.assign(new Error('canceling statement due to conflict with recovery'), {
      code: '40001',
    });
    expect(await servedBy()).toBe('primary');
    replica.failure = Object.assign(new Error('cannot execute INSERT in a read-only transaction'), {
      code: '25006',
    });
    await expect(router.read('insert into x values (1)', [])).rejects.toMatchObject({ code: '25006' });
  });

  it('a server that is not replaying (the primary itself as DATABASE_READ_URL) is never used as a replica', async () => {
    const { replica, at, servedBy } = world();
    replica.lsn = () => null;
    await at(0);
    expect(await servedBy()).toBe('primary');
  });

  it('with the primary away the replica goes on serving what it holds', async () => {
    const { primary, at, servedBy } = world(1000);
    await at(0);
    primary.failure = refused();
    await at(5000);
    expect(await servedBy()).toBe('replica');
  });

  it('a transaction of reads takes its client from the replica, or from the primary when the replica refuses', async () => {
    const { replica, at, router } = world();
    await at(0);
    expect(await router.connect()).toEqual({ from: 'replica' });
    replica.failure = refused();
    expect(await router.connect()).toEqual({ from: 'primary' });
  });

  it("the primary's statements mark the request a writer: inserts, updates, deletes, a CTE's write", () => {
    const state: ReadState = { fence: null, wrote: false };
    readStates.run(state, () => {
      noteStatement('select "id" from "contents" where "id" = $1');
      noteStatement('select pg_current_wal_insert_lsn()::text as lsn');
      noteStatement('select "updated_at" from "users"');
    });
    expect(state.wrote).toBe(false);
    for (const text of [
      'insert into "replies" ("content") values ($1)',
      'update "contents" set "light_count" = $1',
      'delete from "follows" where true',
      'WITH input AS (SELECT 1), counted AS (INSERT INTO risk_counters SELECT 1) SELECT 1',
    ]) {
      const writer: ReadState = { fence: null, wrote: false };
      readStates.run(writer, () => noteStatement(text));
      expect(writer.wrote, text).toBe(true);
    }
    // Outside a request nothing is marked (and nothing throws).
    expect(() => noteStatement('insert into x values (1)')).not.toThrow();
  });
});

describe('without DATABASE_READ_URL (PGlite, a single DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads are the primary itself, and a write sets no fence cookie', async () => {
    const database = await testDatabase();
    expect(database.reads).toBe(database.db);
    expect(database.replica).toBeNull();
    expect(t.app.deps.reads).toBe(t.db);
    const { cookies } = await signedInUser(t.app, t.db, 'no-replica-writer');
    const answer = await t.signedInject(
      contract.analytics.reportTelemetry,
      { kind: 'render-error', message: 'no replica', pageUrl: '/no-replica' },
      { cookies },
    );
    expect(answer.status).toBe(200);
    expect(answer.cookies.readFence).toBeUndefined();
  });
});

describe('read routes of coalesced reads', () => {
  it('keys a request by where its reads go, and runs a shared read there', async () => {
    const storeOn = (key: string) => onReadRoute(key, async () => readStates.getStore());
    expect(readRouteKey()).toBe('');
    await readStates.run({ fence: null, wrote: false }, async () => expect(readRouteKey()).toBe(''));
    await readStates.run({ fence: 42n, wrote: false }, async () => {
      expect(readRouteKey()).toBe('fence:42');
      // A shared visitor-like read inside a fenced request still runs on its own route.
      expect(await storeOn('')).toBeUndefined();
    });
    await readStates.run({ fence: 42n, wrote: true }, async () => expect(readRouteKey()).toBe('primary'));
    expect(await storeOn('fence:42')).toEqual({ fence: 42n, wrote: false });
    expect(await storeOn('primary')).toEqual({ fence: null, wrote: true });
  });
});
