import type { StoredEvent } from '@h5/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

/** What the internal event list filters by: one device's anonymous id, one user, or neither. */
export interface EventFilter {
  anonymousId?: string | undefined;
  userId?: number | undefined;
  limit: number;
}

/**
 * Stored events, newest first (internal: what one device sent before and after a login). Not
 * indexed by anonymous id: an operator's look-up, never a hot path, and the collector's inserts
 * stay one index lighter.
 */
export async function listEvents(db: Db, filter: EventFilter): Promise<StoredEvent[]> {
  const conditions: SQL[] = [];
  if (filter.anonymousId) conditions.push(eq(analyticsEvents.anonymousId, filter.anonymousId));
  if (filter.userId !== undefined) conditions.push(eq(analyticsEvents.userId, filter.userId));
  const rows = await db
    .select()
    .from(analyticsEvents)
    .where(and(...conditions))
    .orderBy(desc(analyticsEvents.occurredAt), desc(analyticsEvents.uuid))
    .limit(filter.limit);
  return rows.map((row) => ({
    uuid: row.uuid,
    event: row.event,
    payload: row.payload as Record<string, unknown>,
    occurredAt: row.occurredAt.getTime(),
    userId: row.userId,
    anonymousId: row.anonymousId,
    clientId: row.clientId,
    release: row.clientRelease,
  }));
}
