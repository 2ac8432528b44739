import { LIVE_SILENCE_DEFAULT_MINUTES } from '@h5/contract';
import { and, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveStreamLogs } from '../../db/schema';

/*
 * Issue 31 point 1: a platform that never sends a broadcast's end must not leave it live forever.
 * A broadcast whose last event is older than LIVE_SILENCE_MINUTES counts as ended at that event,
 * in every read and every event at once; `closeSilentBroadcasts` (a scheduled job) then writes it.
 */

export { LIVE_SILENCE_DEFAULT_MINUTES };

/** The instant before which a last event means silence. */
export const silenceCutoff = (nowMs: number, silenceMinutes: number): Date =>
  new Date(nowMs - silenceMinutes * 60_000);

/** SQL: the broadcast row is running at `nowMs` (no end written, and not silent). */
export function broadcastRunning(
  nowMs = Date.now(),
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
): SQL | undefined {
  return and(
    isNull(liveStreamLogs.endedAt),
    gt(liveStreamLogs.lastEventAt, silenceCutoff(nowMs, silenceMinutes)),
  );
}

/** SQL: when the broadcast ended, as a read sees it: its written end, else its last event once silent, else null. */
export function broadcastEnd(
  nowMs = Date.now(),
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
): SQL<Date | null> {
  const cutoff = silenceCutoff(nowMs, silenceMinutes).toISOString();
  return sql<Date | null>`coalesce(${liveStreamLogs.endedAt}, case when ${liveStreamLogs.lastEventAt} <= ${cutoff}::timestamptz then ${liveStreamLogs.lastEventAt} end)`;
}

/**
 * Closes the broadcasts silent at `nowMs` (ended at their last event); answers how many. The
 * scheduled job passes LIVE_SILENCE_MINUTES; reads already treat them as ended before it runs.
 */
export async function closeSilentBroadcasts(
  db: Db,
  nowMs: number,
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
): Promise<number> {
  const closed = await db
    .update(liveStreamLogs)
    .set({ endedAt: sql`${liveStreamLogs.lastEventAt}` })
    .where(
      and(
        isNull(liveStreamLogs.endedAt),
        lte(liveStreamLogs.lastEventAt, silenceCutoff(nowMs, silenceMinutes)),
      ),
    )
    .returning({ id: liveStreamLogs.id });
  return closed.length;
}
