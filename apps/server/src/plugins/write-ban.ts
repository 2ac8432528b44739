import { USER_WRITE_BANNED } from '@h5/core';
import { and, eq, gt } from 'drizzle-orm';
import type { ReadDb } from '../db/client';
import { userBans } from '../db/schema';
import { AppError } from './errors';
import { SERVER_MESSAGES } from './messages';

/** China time (UTC+8, no daylight saving): what the user reads a ban's end in. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** `2026-12-01 12:00` in China time. */
export function chinaMinute(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Refuses a `speech` entry's call while the user's writing ban runs (issue 30 point 3): one
 * primary-key lookup of user_bans per such write; an expired row lets the write through.
 */
export async function assertMayWrite(db: ReadDb, userId: number, now = new Date()): Promise<void> {
  const [ban] = await db
    .select({ until: userBans.until, reason: userBans.reason })
    .from(userBans)
    .where(and(eq(userBans.userId, userId), gt(userBans.until, now)));
  if (ban)
    throw new AppError(USER_WRITE_BANNED, SERVER_MESSAGES.writeBanned(chinaMinute(ban.until), ban.reason));
}
