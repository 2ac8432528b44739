import { PROFILE_BIRTH_YEAR_MIN, PROFILE_FIELD_ERRORS, type UserProfileFields } from '@h5/contract';
import { isChinaProvince } from '@h5/core/china-regions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../plugins/errors';
import { CHINA_OFFSET_MS } from '../creator/data-center-period';

const columns = { gender: users.gender, birthYear: users.birthYear, region: users.region };

type ProfileChange = { [K in keyof UserProfileFields]?: UserProfileFields[K] | undefined };

const asProfile = (row: {
  gender: number | null;
  birthYear: number | null;
  region: string | null;
}): UserProfileFields => ({
  gender: row.gender === 1 ? 1 : row.gender === 2 ? 2 : null,
  birthYear: row.birthYear,
  region: row.region,
});

/** The user's own gender, birth year and region (null where never given). */
export async function readProfile(db: Db, userId: number): Promise<UserProfileFields> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, userId));
  return asProfile(row ?? { gender: null, birthYear: null, region: null });
}

/**
 * Changes the fields given (null clears one). A birth year after this year (China time) or a
 * region that is not a province of the division is a 400 naming the field; nothing is written then.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  change: ProfileChange,
  nowMs = Date.now(),
): Promise<UserProfileFields> {
  const thisYear = new Date(nowMs + CHINA_OFFSET_MS).getUTCFullYear();
  const { birthYear, region } = change;
  if (birthYear != null && (birthYear < PROFILE_BIRTH_YEAR_MIN || birthYear > thisYear))
    throw badRequest('birthYear', PROFILE_FIELD_ERRORS.birthYear);
  if (region != null && !isChinaProvince(region)) throw badRequest('region', PROFILE_FIELD_ERRORS.region);
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return readProfile(db, userId);
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning(columns);
  return asProfile(row ?? { gender: null, birthYear: null, region: null });
}
