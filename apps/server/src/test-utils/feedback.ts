import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { storageObjects, users } from '../db/schema';

/** A new user with a live session: its id and the cookies that sign it in. */
export async function signedInUser(app: FastifyInstance, db: Db, userName = 'feedback-tester') {
  const [user] = await db.insert(users).values({ userName, avatar: '/cdn/seed/avatar-test.svg' }).returning();
  const userId = (user as { id: number }).id;
  const tokens = await app.deps.sessions.create(userId);
  return { userId, cookies: { duToken: tokens.duToken } };
}

/** A stored object owned by `userId` (as the storage host records an upload); returns its key. */
export async function storedObjectOf(
  db: Db,
  userId: number | null,
  contentType = 'image/png',
): Promise<string> {
  const key = `community-h5/feedback/test/u${userId ?? 'app'}/${randomUUID()}.png`;
  await db.insert(storageObjects).values({
    bucket: 'community-h5',
    key,
    size: 1024,
    contentType,
    acl: 'public-read',
    etag: randomUUID(),
    appId: 'community-h5',
    userId,
    width: 10,
    height: 10,
  });
  return key;
}
