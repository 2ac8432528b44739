import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test-utils';
import { type Db, rowsOf } from '../client';
import { insertLotterySeed } from './lottery-seed';

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

// The test database is shared by every file and may be a reused PostgreSQL: count only the seeded streams.
describe('lottery seed', () => {
  it('puts an undrawn lottery of its host in each of the first 12 running broadcasts, entered by others', async () => {
    const rows = rowsOf<{
      streamId: number;
      lotteries: number;
      ofHost: number;
      undrawn: number;
      self: number;
    }>(
      await db.execute(sql`
        with running as (
          select distinct s.id, s.host_id from live_streams s
          join live_stream_logs g on g.stream_id = s.id and g.ended_at is null
          order by s.id limit 12)
        select r.id as "streamId",
          (select count(*)::int from lotteries l where l.stream_id = r.id) as lotteries,
          (select count(*)::int from lotteries l where l.stream_id = r.id and l.host_user_id = r.host_id) as "ofHost",
          (select count(*)::int from lotteries l where l.stream_id = r.id and l.drawn_at is null) as undrawn,
          (select count(*)::int from lottery_entries e join lotteries l on l.id = e.lottery_id
            where l.stream_id = r.id and e.user_id = r.host_id) as self
        from running r`),
    );
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row).toEqual({ streamId: row.streamId, lotteries: 1, ofHost: 1, undrawn: 1, self: 0 });
    }
  });

  it('seeds once', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from lotteries`))[0]?.n;
    const before = await count();
    await insertLotterySeed(db);
    expect(await count()).toBe(before);
  });
});
