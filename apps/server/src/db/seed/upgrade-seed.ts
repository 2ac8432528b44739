import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { flexibleStaffingSignings, upgradeAwards, upgradeSeasons, users } from '../schema';
import { SEED_SIZES } from './generate';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The upgrade programme's seasons and awards (issue 15 point 2), fixed dates so every run is the
 * same: an ended season whose award has expired, and the running one (from the seeded contents'
 * first months, open-ended) with one award per level and one expired launch award.
 */
export const SEED_UPGRADE_SEASONS = [
  {
    id: 1,
    title: '先行季',
    startsAt: new Date('2024-06-01T00:00:00+08:00'),
    endsAt: new Date('2024-12-01T00:00:00+08:00'),
  },
  { id: 2, title: '成长季', startsAt: new Date('2024-12-01T00:00:00+08:00'), endsAt: null },
];

const RUNNING_AWARDS_EXPIRE = new Date('2030-12-31T23:59:59+08:00');

export const SEED_UPGRADE_AWARDS = [
  {
    id: 1,
    seasonId: 1,
    level: 1,
    title: '先行季成长奖励',
    amountCents: 800,
    expiresAt: new Date('2025-01-01T00:00:00+08:00'),
  },
  {
    id: 2,
    seasonId: 2,
    level: 1,
    title: '首发限时奖励',
    amountCents: 500,
    expiresAt: new Date('2025-06-30T23:59:59+08:00'),
  },
  {
    id: 3,
    seasonId: 2,
    level: 1,
    title: '成长创作者奖励',
    amountCents: 1000,
    expiresAt: RUNNING_AWARDS_EXPIRE,
  },
  {
    id: 4,
    seasonId: 2,
    level: 2,
    title: '优质创作者奖励',
    amountCents: 5000,
    expiresAt: RUNNING_AWARDS_EXPIRE,
  },
  {
    id: 5,
    seasonId: 2,
    level: 3,
    title: '星级创作者奖励',
    amountCents: 20000,
    expiresAt: RUNNING_AWARDS_EXPIRE,
  },
];

/** The seeded creator people log in as (web login by phone) to try the creator tools. */
export const SEED_DEMO_CREATOR = { userId: 10, phone: '13800000010' } as const;

/** Seasons and awards: idempotent, so databases seeded before issue 15 get them on start. */
export async function insertUpgradeSeed(db: Db | Tx): Promise<void> {
  await db.insert(upgradeSeasons).values(SEED_UPGRADE_SEASONS).onConflictDoNothing();
  await db.insert(upgradeAwards).values(SEED_UPGRADE_AWARDS).onConflictDoNothing();
  for (const table of ['upgrade_seasons', 'upgrade_awards'])
    await db.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
    );
}

/** With the seeded users: every third creator has signed for flexible staffing; the demo creator gets a phone. */
export async function insertCreatorSeed(tx: Tx): Promise<void> {
  const signed = Array.from({ length: SEED_SIZES.creators }, (_, i) => i + 1).filter((id) => id % 3 === 0);
  await tx
    .insert(flexibleStaffingSignings)
    .values(
      signed.map((userId) => ({ userId, signedAt: new Date(Date.UTC(2025, 4, (userId % 28) + 1, 2)) })),
    );
  await tx
    .update(users)
    .set({ phone: SEED_DEMO_CREATOR.phone })
    .where(sql`${users.id} = ${SEED_DEMO_CREATOR.userId}`);
}
