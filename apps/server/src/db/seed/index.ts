import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as s from '../schema';
import { insertActivitySeed } from './activity-seed';
import { SEED_CONFIG_ENTRIES, SEED_DYEING_ENVS } from './config-seed';
import { insertCreatorHistory } from './creator-history-seed';
import { insertFeedbackSeed } from './feedback-seed';
import { generateSeed } from './generate';
import { insertInviteSeed } from './invite-seed';
import { insertInviteTaskSeed } from './invite-tasks-seed';
import { insertLiveSeed, insertLiveSeedIfMissing } from './live-seed';
import { insertLotterySeed } from './lottery-seed';
import { insertShoeEvalSeed } from './shoe-eval-seed';
import { insertCreatorSeed, insertUpgradeSeed } from './upgrade-seed';
import { insertUploadSeed } from './upload-seed';

const BATCH = 500;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Multi-row inserts of at most {@link BATCH} rows each. */
async function insertBatches<T extends PgTable>(tx: Tx, table: T, rows: ReadonlyArray<T['$inferInsert']>) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(table).values(rows.slice(i, i + BATCH) as T['$inferInsert'][]);
  }
}

/** Identity columns were given explicit ids: move their sequences past the seeded rows. */
async function resetSequence(tx: Tx, table: string) {
  await tx.execute(
    sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
  );
}

/** Writes the generated demo data in one transaction. */
export async function insertSeed(db: Db, seed?: number): Promise<void> {
  const data = generateSeed(seed);
  await db.transaction(async (tx) => {
    await insertBatches(tx, s.users, data.users);
    await insertBatches(tx, s.contents, data.contents);
    await insertBatches(tx, s.replies, data.replies);
    await insertBatches(tx, s.contentLights, data.lights);
    await insertBatches(tx, s.follows, data.follows);
    await insertBatches(tx, s.emojis, data.emojis);
    await insertBatches(tx, s.products, data.products);
    await insertBatches(tx, s.contentProducts, data.contentProducts);
    await insertBatches(
      tx,
      s.configEntries,
      SEED_CONFIG_ENTRIES.map((entry) => ({ ...entry })),
    );
    await insertBatches(tx, s.dyeingEnvs, SEED_DYEING_ENVS);
    await insertFeedbackSeed(tx);
    await insertCreatorSeed(tx);
    await insertLiveSeed(tx);
    for (const table of ['users', 'contents', 'replies']) await resetSequence(tx, table);
  });
}

/** Seeds only an empty database (no users); returns whether it seeded. */
export async function seedIfEmpty(db: Db, seed?: number): Promise<boolean> {
  await insertUploadSeed(db); // configuration, idempotent: also for databases seeded before issue 5
  await insertUpgradeSeed(db); // idempotent: also for databases seeded before issue 15
  const [row] = await db.select({ id: s.users.id }).from(s.users).limit(1);
  if (!row) await insertSeed(db, seed);
  else await insertLiveSeedIfMissing(db); // databases seeded before issue 16
  // Dated back from today, once (also for databases seeded before issue 15).
  await insertCreatorHistory(db);
  await insertShoeEvalSeed(db); // once, also for databases seeded before issue 17
  await insertActivitySeed(db); // idempotent: also for databases seeded before issue 17/18
  await insertLotterySeed(db); // once, after the live seed
  await insertInviteSeed(db); // idempotent: the demo invitation stays live (issue 18)
  await insertInviteTaskSeed(db); // guides once each, the pick rule once (issue 18 point 3)
  return !row;
}
