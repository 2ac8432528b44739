import {
  LIVE_EVENTS_MAX_SKEW_SECONDS,
  type LiveEvent,
  type LiveEventResult,
  liveEventSchema,
} from '@h5/contract';
import { LIVE_NOT_STREAMING } from '@h5/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  fansGroupMembers,
  fansGroups,
  fansWeekTaskProgress,
  livePlatformEvents,
  liveStreamLogs,
  liveStreams,
  users,
} from '../../db/schema';
import { AppError, badRequest, fromZodError, isAppError, notFound } from '../../plugins/errors';
import { addHostProgress, addIntimacy, becomeHost, roomIdOf } from './events';
import { LIVE_MESSAGES } from './messages';
import { type AudienceEvent, chinaWeek, INTIMACY_PER_UNIT } from './rules';
import { broadcastRunning, LIVE_SILENCE_DEFAULT_MINUTES, silenceCutoff } from './silence';

/*
 * Issue 31 point 1: the one path of live events into the rules — the platform's webhook and the
 * internal console both come here. Each stream's events apply in their order (time, then
 * sequence), under a lock on the stream's row, so concurrent batches on any node serialise; each
 * event's id is inserted in the transaction of its effect, so a repeat applies nothing.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What an applied event did, for the console's answers. */
export interface LiveEventEffect {
  streamId: number;
  streamLogId?: number;
  member?: boolean;
  joined?: boolean;
}

/** One event's outcome: the webhook's result, with the refusal itself and the effect kept for in-process callers. */
export interface IngestOutcome extends LiveEventResult {
  error?: AppError;
  effect?: LiveEventEffect;
}

export interface IngestOptions {
  nowMs?: number;
  silenceMinutes?: number;
}

const AUDIENCE_KIND: Partial<Record<LiveEvent['type'], AudienceEvent>> = {
  light: 'light',
  comment: 'comment',
  share: 'share',
  watch_minutes: 'watch',
};

interface StreamRow {
  streamId: number;
  hostId: number;
  groupId: number;
}

const refused = (eventId: string | null, error: AppError): IngestOutcome => ({
  eventId,
  status: 'refused',
  code: error.code,
  reason: error.message,
  error,
});

/** Applies platform events (unchecked objects); one outcome per event, in the order given. */
export async function ingestLiveEvents(
  db: Db,
  raw: ReadonlyArray<Record<string, unknown>>,
  options: IngestOptions = {},
): Promise<IngestOutcome[]> {
  const nowMs = options.nowMs ?? Date.now();
  const silenceMinutes = options.silenceMinutes ?? LIVE_SILENCE_DEFAULT_MINUTES;
  const outcomes: IngestOutcome[] = new Array(raw.length);
  const byRoom = new Map<number, Array<{ index: number; event: LiveEvent }>>();
  raw.forEach((item, index) => {
    const parsed = liveEventSchema.safeParse(item);
    if (!parsed.success) {
      const id = typeof item.eventId === 'string' ? item.eventId.slice(0, 64) : null;
      outcomes[index] = refused(id, fromZodError(parsed.error));
      return;
    }
    // A time ahead of ours would keep its broadcast from ever falling silent.
    if (parsed.data.at > nowMs + LIVE_EVENTS_MAX_SKEW_SECONDS * 1000) {
      outcomes[index] = refused(parsed.data.eventId, badRequest('at', LIVE_MESSAGES.eventInFuture));
      return;
    }
    const list = byRoom.get(parsed.data.roomId) ?? [];
    list.push({ index, event: parsed.data });
    byRoom.set(parsed.data.roomId, list);
  });
  for (const [roomId, list] of byRoom) {
    await openFirstRoom(db, roomId, list);
    // Stable: events of the same instant and sequence keep the order sent.
    list.sort((a, b) => a.event.at - b.event.at || (a.event.seq ?? 0) - (b.event.seq ?? 0));
    await db.transaction(async (tx) => {
      const [stream] = await tx
        .select({ streamId: liveStreams.id, hostId: liveStreams.hostId, groupId: fansGroups.id })
        .from(liveStreams)
        .innerJoin(fansGroups, eq(fansGroups.hostId, liveStreams.hostId))
        .where(eq(liveStreams.roomId, roomId))
        .for('update', { of: liveStreams });
      for (const { index, event } of list) {
        if (!stream) {
          outcomes[index] = refused(event.eventId, notFound(LIVE_MESSAGES.roomNotFound));
          continue;
        }
        try {
          outcomes[index] = await tx.transaction((step) =>
            applyEvent(step, stream, event, nowMs, silenceMinutes),
          );
        } catch (error) {
          if (!isAppError(error)) throw error;
          outcomes[index] = refused(event.eventId, error);
        }
      }
    });
  }
  return outcomes;
}

/**
 * A host's first broadcast: a `stream_started` naming `hostUserId` whose room id this is makes the
 * user a host (host row, stream, fans group; a repeat, even concurrent, is no change). Anything
 * else about an unknown room is refused as before.
 */
async function openFirstRoom(db: Db, roomId: number, list: ReadonlyArray<{ event: LiveEvent }>) {
  const start = list.find(
    ({ event }) =>
      event.type === 'stream_started' &&
      event.hostUserId !== undefined &&
      roomIdOf(event.hostUserId) === roomId,
  )?.event;
  if (start?.type !== 'stream_started' || start.hostUserId === undefined) return;
  const [known] = await db
    .select({ id: liveStreams.id })
    .from(liveStreams)
    .where(eq(liveStreams.roomId, roomId));
  if (known) return;
  const [user] = await db
    .select({ userName: users.userName })
    .from(users)
    .where(eq(users.id, start.hostUserId));
  if (user) await becomeHost(db, start.hostUserId, user.userName);
}

/** The stream's running broadcast at `nowMs` (not silent), or null. */
async function runningLog(tx: Tx, streamId: number, nowMs: number, silenceMinutes: number) {
  const [log] = await tx
    .select({ id: liveStreamLogs.id })
    .from(liveStreamLogs)
    .where(and(eq(liveStreamLogs.streamId, streamId), broadcastRunning(nowMs, silenceMinutes)))
    .orderBy(desc(liveStreamLogs.startedAt), desc(liveStreamLogs.id))
    .limit(1);
  return log ?? null;
}

async function requireUser(tx: Tx, userId: number) {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(LIVE_MESSAGES.userNotFound);
}

/** Moves the broadcast's last event on (never back: a late event does not shorten its silence). */
const touch = (tx: Tx, logId: number, at: Date) =>
  tx
    .update(liveStreamLogs)
    .set({ lastEventAt: sql`greatest(${liveStreamLogs.lastEventAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(liveStreamLogs.id, logId));

/** One event in its own savepoint: its id row, then its effect; a refusal (AppError) undoes both. */
async function applyEvent(
  tx: Tx,
  stream: StreamRow,
  event: LiveEvent,
  nowMs: number,
  silenceMinutes: number,
): Promise<IngestOutcome> {
  const at = new Date(event.at);
  const units = 'units' in event ? event.units : 0;
  const fresh = await tx
    .insert(livePlatformEvents)
    .values({
      eventId: event.eventId,
      streamId: stream.streamId,
      type: event.type,
      userId: 'userId' in event ? event.userId : null,
      units,
      giftId: event.type === 'gift' ? event.giftId : null,
      occurredAt: at,
    })
    .onConflictDoNothing()
    .returning({ eventId: livePlatformEvents.eventId });
  if (fresh.length === 0) return { eventId: event.eventId, status: 'duplicate' };
  const applied = (effect: Omit<LiveEventEffect, 'streamId'>): IngestOutcome => ({
    eventId: event.eventId,
    status: 'applied',
    effect: { streamId: stream.streamId, ...effect },
  });
  const running = await runningLog(tx, stream.streamId, nowMs, silenceMinutes);
  if (event.type === 'stream_started') {
    // A broadcast still open ends here; a silent one ended at its last event.
    const cutoff = silenceCutoff(nowMs, silenceMinutes).toISOString();
    await tx
      .update(liveStreamLogs)
      .set({
        endedAt: sql`case when ${liveStreamLogs.lastEventAt} > ${cutoff}::timestamptz then greatest(${liveStreamLogs.lastEventAt}, ${at.toISOString()}::timestamptz) else ${liveStreamLogs.lastEventAt} end`,
      })
      .where(and(eq(liveStreamLogs.streamId, stream.streamId), sql`${liveStreamLogs.endedAt} is null`));
    const [log] = await tx
      .insert(liveStreamLogs)
      .values({ streamId: stream.streamId, startedAt: at, lastEventAt: at })
      .returning({ id: liveStreamLogs.id });
    return applied({ streamLogId: (log as { id: number }).id });
  }
  if (event.type === 'fans_group_joined') {
    if (event.userId === stream.hostId) throw badRequest('userId', LIVE_MESSAGES.hostCannotJoin);
    await requireUser(tx, event.userId);
    const joined = await tx
      .insert(fansGroupMembers)
      .values({ groupId: stream.groupId, userId: event.userId })
      .onConflictDoNothing()
      .returning({ userId: fansGroupMembers.userId });
    if (joined.length > 0) await addHostProgress(tx, stream.hostId, 'join', 1, event.at);
    if (running) await touch(tx, running.id, at);
    return applied({ joined: joined.length > 0 });
  }
  if (!running) throw new AppError(LIVE_NOT_STREAMING, LIVE_MESSAGES.notStreaming);
  if (event.type === 'stream_ended') {
    await tx
      .update(liveStreamLogs)
      .set({
        endedAt: sql`greatest(${liveStreamLogs.startedAt}, ${at.toISOString()}::timestamptz)`,
        lastEventAt: sql`greatest(${liveStreamLogs.lastEventAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(liveStreamLogs.id, running.id));
    return applied({ streamLogId: running.id });
  }
  await requireUser(tx, event.userId);
  await touch(tx, running.id, at);
  const kind = AUDIENCE_KIND[event.type];
  // A gift is kept (its row above) and moves nothing yet: no rule of ours counts gifts.
  if (!kind) return applied({ streamLogId: running.id });
  const member = await audienceEffect(tx, stream, event.userId, kind, units, event.at);
  return applied({ streamLogId: running.id, member });
}

/**
 * An audience member watched `units` minutes, or sent `units` lights, comments or shares: the
 * host's daily task moves for anyone; a member also gets intimacy and weekly task progress.
 */
async function audienceEffect(
  tx: Tx,
  stream: StreamRow,
  userId: number,
  kind: AudienceEvent,
  units: number,
  atMs: number,
): Promise<boolean> {
  await addHostProgress(tx, stream.hostId, kind, units, atMs);
  if (userId === stream.hostId) return false;
  const member = await addIntimacy(tx, stream.groupId, userId, INTIMACY_PER_UNIT[kind] * units, atMs);
  if (member)
    await tx
      .insert(fansWeekTaskProgress)
      .values({ groupId: stream.groupId, userId, week: chinaWeek(atMs), taskKey: kind, progress: units })
      .onConflictDoUpdate({
        target: [
          fansWeekTaskProgress.groupId,
          fansWeekTaskProgress.userId,
          fansWeekTaskProgress.week,
          fansWeekTaskProgress.taskKey,
        ],
        set: { progress: sql`${fansWeekTaskProgress.progress} + ${units}` },
      });
  return member;
}
