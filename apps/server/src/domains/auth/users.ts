import type { UserBrief } from '@h5/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { seedArtUrl } from '../../db/seed/generate';

/** The row of a new user of a phone: `用户` + the last four digits, a drawn avatar. */
export const newUserValues = (phone: string) => ({
  phone,
  userName: `用户${phone.slice(-4)}`,
  avatar: seedArtUrl(`avatar-p${phone.slice(-4)}`, 160, 160),
});

/** The user of a phone, created on first login (see {@link newUserValues}). */
export async function findOrCreateUserByPhone(db: Db, phone: string): Promise<UserBrief> {
  const columns = { userId: users.id, userName: users.userName, avatar: users.avatar };
  const [existing] = await db.select(columns).from(users).where(eq(users.phone, phone));
  if (existing) return existing;
  await db.insert(users).values(newUserValues(phone)).onConflictDoNothing({ target: users.phone });
  const [created] = await db.select(columns).from(users).where(eq(users.phone, phone));
  if (!created) throw new Error(`user for ${phone} vanished`);
  return created;
}
