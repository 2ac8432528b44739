import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test-utils';
import { type Db, rowsOf } from '../client';
import { generateLiveSeed, LIVE_HOSTS } from './live-seed';

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

const NOW = Date.UTC(2026, 10, 24, 4);

describe('live seed', () => {
  it('is deterministic for a seeding instant and has a few hundred hosts with groups and history', () => {
    const a = generateLiveSeed(NOW);
    const b = generateLiveSeed(NOW);
    expect(a.members.slice(0, 50)).toEqual(b.members.slice(0, 50));
    expect(a.hosts).toHaveLength(LIVE_HOSTS);
    expect(a.groups).toHaveLength(200);
    expect(a.members.length).toBeGreaterThan(2000);
    expect(a.logs.filter((l) => l.endedAt === null)).toHaveLength(20);
    expect(a.streams.filter((s) => s.jumpUrl !== null)).toHaveLength(28);
  });

  it('gives every own jump URL as our room page of the stream, and every broadcast a last event', () => {
    const { streams, logs } = generateLiveSeed(NOW);
    const own = streams.filter((s) => s.jumpUrl !== null);
    expect(own[0]).toMatchObject({ id: 7, jumpUrl: '/live/room?roomId=800007' });
    for (const s of own) expect(s.jumpUrl).toBe(`/live/room?roomId=${s.roomId}`);
    // A live one's silence counts from the seeding; an ended one's last event is its end.
    for (const log of logs) expect(log.lastEventAt).toEqual(log.endedAt ?? new Date(NOW));
  });

  it('stores every member’s fans level as its intimacy makes it, and no host in their own group', async () => {
    const wrong = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from fans_group_members m
        where m.fans_level <> 1 + (m.intimacy >= 30)::int + (m.intimacy >= 100)::int + (m.intimacy >= 200)::int
          + (m.intimacy >= 400)::int + (m.intimacy >= 700)::int + (m.intimacy >= 1100)::int
          + (m.intimacy >= 1600)::int + (m.intimacy >= 2300)::int + (m.intimacy >= 3200)::int`),
    );
    expect(wrong[0]?.n).toBe(0);
    const self = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from fans_group_members m join fans_groups g on g.id = m.group_id where g.host_id = m.user_id`,
      ),
    );
    expect(self[0]?.n).toBe(0);
  });
});
