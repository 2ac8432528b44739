import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils';
import { rowsOf } from './client';
import { migrationsFolder } from './migrate';

// Issue 33 point 2: migration 0038 counts what the rows already there hold. A test database is
// migrated before it is seeded, so its counters come from the triggers; here the migration's own
// backfill statements run again over the seeded rows, inside a transaction rolled back after.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The migration's top-level UPDATE and INSERT statements (its backfill), in order. */
function backfillStatements(): string[] {
  const file = readdirSync(migrationsFolder()).find((name) => name.startsWith('0038_'));
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
    const statements = backfillStatements();
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
