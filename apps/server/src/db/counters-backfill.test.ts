import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';
import { rowsOf } from './client';
import { migrationsFolder } from './migrate';

// Issue 33 point 2: migrations 0038 and 0043 (user_counts, found by its name: it may be renumbered)
// count what the rows already there hold. A test database is migrated before it is seeded, so its
// counters come from the triggers; here each migration's own backfill statements run again over
// the seeded rows, inside a transaction rolled back after.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The migration's top-level UPDATE and INSERT statements (its backfill), in order. */
function backfillStatements(named: (file: string) => boolean): string[] {
  const file = readdirSync(migrationsFolder()).find(named);
  const text = readFileSync(join(migrationsFolder(), file as string), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => /^(UPDATE|INSERT)\b/.test(statement));
}

const pairs = [
  [
    'member_count',
    sql`select g.id, (select count(*) from fans_group_members m where m.group_id = g.id)::integer from fans_groups g`,
    sql`select id, member_count from fans_groups`,
  ],
  [
    'fans_group_intimacy_counts',
    sql`select group_id, intimacy, count(*)::integer from fans_group_members group by 1, 2`,
    sql`select group_id, intimacy, members from fans_group_intimacy_counts where members <> 0`,
  ],
  [
    'fans_intimacy_day_counts',
    sql`select group_id, day::text, points, count(*)::integer from fans_intimacy_days group by 1, 2, 3`,
    sql`select group_id, day::text, points, members from fans_intimacy_day_counts where members <> 0`,
  ],
  [
    'creator_follower_groups',
    sql`select f.followee_id, case when grouping(u.gender) = 0 then 'gender' when grouping(u.birth_year) = 0
        then 'birthYear' else 'region' end, coalesce(u.gender::text, u.birth_year::text, u.region, ''), count(*)::integer
      from follows f join users u on u.id = f.follower_id
      group by grouping sets ((f.followee_id, u.gender), (f.followee_id, u.birth_year), (f.followee_id, u.region))`,
    sql`select author_id, kind, key, followers from creator_follower_groups where followers <> 0`,
  ],
] as const;

class RolledBack extends Error {}

describe('migration 0038 backfill', () => {
  it('counts the seeded members, totals, days and follows as a recount does', async () => {
    const statements = backfillStatements((name) => name.startsWith('0038_'));
    expect(statements.map((s) => s.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'UPDATE fans_groups g',
      'INSERT INTO fans_group_intimacy_counts',
      'INSERT INTO fans_intimacy_day_counts',
      'INSERT INTO creator_follower_groups',
    ]);
    const found: Record<string, { rows: number; mismatch: unknown[] }> = {};
    await t.db
      .transaction(async (tx) => {
        // As before the migration: no counters at all.
        await tx.execute(sql`update fans_groups set member_count = 0`);
        for (const table of [
          'fans_group_intimacy_counts',
          'fans_intimacy_day_counts',
          'creator_follower_groups',
        ])
          await tx.execute(sql.raw(`delete from ${table}`));
        for (const statement of statements) await tx.execute(sql.raw(statement));
        for (const [name, counted, kept] of pairs) {
          const mismatch = rowsOf(
            await tx.execute(
              sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
            ),
          );
          const [{ n }] = rowsOf<{ n: number }>(
            await tx.execute(sql`select count(*)::integer as n from (${kept}) k`),
          ) as [{ n: number }];
          found[name] = { rows: n, mismatch };
        }
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    for (const [name, { rows, mismatch }] of Object.entries(found)) {
      expect(mismatch, name).toEqual([]);
      expect(rows, name).toBeGreaterThan(0);
    }
    expect(Object.keys(found)).toHaveLength(4);
  });
});

describe('migration 0043 backfill (user_counts)', () => {
  it('counts the seeded follows and shown contents as a recount does', async () => {
    const statements = backfillStatements((name) => name.endsWith('_user_counts_video_hot.sql'));
    expect(statements.map((s) => s.split(/\s+/).slice(0, 3).join(' '))).toEqual(['INSERT INTO user_counts']);
    const counted = sql`select user_id, sum(ers)::integer, sum(ing)::integer, sum(shown)::integer from (
        select followee_id as user_id, 1 as ers, 0 as ing, 0 as shown from follows
        union all select follower_id, 0, 1, 0 from follows
        union all select author_id, 0, 0, 1 from contents where taken_down_at is null and review_state = 'approved'
      ) r group by 1`;
    const kept = sql`select user_id, followers, following, shown_contents from user_counts`;
    let found: { rows: number; mismatch: unknown[] } = { rows: 0, mismatch: [] };
    await t.db
      .transaction(async (tx) => {
        // Some seeded contents not shown, so the backfill's filter is tested too.
        await tx.execute(sql`update contents set review_state = 'pending' where id % 7 = 0`);
        await tx.execute(sql`update contents set taken_down_at = now() where id % 7 = 1`);
        await tx.execute(sql`delete from user_counts`);
        for (const statement of statements) await tx.execute(sql.raw(statement));
        const mismatch = rowsOf(
          await tx.execute(
            sql`(${counted} except all ${kept}) union all (select * from (${kept} except all ${counted}) extra)`,
          ),
        );
        const [{ n }] = rowsOf<{ n: number }>(
          await tx.execute(sql`select count(*)::integer as n from user_counts where shown_contents > 0`),
        ) as [{ n: number }];
        found = { rows: n, mismatch };
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(found.mismatch).toEqual([]);
    expect(found.rows).toBeGreaterThan(0);
  });
});
