import type { Db } from '../db/client';
import { users } from '../db/schema';

/** `count` users named `${name}0`, `${name}1`, …, without sessions; their ids in order. */
export async function insertTestUsers(db: Db, count: number, name: string): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ userName: `${name}${i}`, avatar: '/cdn/seed/a.svg' })))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}
