import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@h5/contract';
import { LIVE_NOT_STREAMING } from '@h5/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveStreamLogs, liveStreams } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { requireHost } from './events';
import { type IngestOutcome, ingestLiveEvents } from './ingest';
import { LIVE_MESSAGES } from './messages';
import type { AudienceEvent } from './rules';
import { broadcastRunning, LIVE_SILENCE_DEFAULT_MINUTES } from './silence';

/*
 * The internal live-room console as a client of the platform's webhook (issue 31 point 1): each
 * call builds the platform event the real platform would send, with an id of its own, and goes
 * through the same ingest; nothing here moves a rule.
 */

const EVENT_TYPE: Record<AudienceEvent, 'watch_minutes' | 'light' | 'comment' | 'share'> = {
  watch: 'watch_minutes',
  light: 'light',
  comment: 'comment',
  share: 'share',
};

/** A console event's platform fields: a fresh id, now. */
const eventFields = (roomId: number) => ({
  eventId: `console:${randomUUID()}`,
  roomId,
  at: Date.now(),
});

/** Sends one event through the ingest; its refusal is thrown as the console's answer. */
async function send(db: Db, event: LiveEvent, silenceMinutes: number) {
  const [outcome] = await ingestLiveEvents(db, [event], { silenceMinutes });
  const result = outcome as IngestOutcome;
  if (result.error) throw result.error;
  if (!result.effect) throw new Error(`console event ${event.eventId} answered ${result.status}`);
  return result.effect;
}

/** An audience event in a running broadcast (the console names the broadcast it plays). */
export async function audienceEvent(
  db: Db,
  input: { streamLogId: number; userId: number; kind: AudienceEvent; units: number },
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
) {
  const [log] = await db
    .select({ roomId: liveStreams.roomId })
    .from(liveStreamLogs)
    .innerJoin(liveStreams, eq(liveStreams.id, liveStreamLogs.streamId))
    .where(eq(liveStreamLogs.id, input.streamLogId));
  if (!log) throw notFound(LIVE_MESSAGES.streamNotFound);
  const [running] = await db
    .select({ id: liveStreamLogs.id })
    .from(liveStreamLogs)
    .where(and(eq(liveStreamLogs.id, input.streamLogId), broadcastRunning(Date.now(), silenceMinutes)));
  if (!running) throw new AppError(LIVE_NOT_STREAMING, LIVE_MESSAGES.notStreaming);
  const effect = await send(
    db,
    { ...eventFields(log.roomId), type: EVENT_TYPE[input.kind], userId: input.userId, units: input.units },
    silenceMinutes,
  );
  return { member: effect.member ?? false };
}

/** Joins a host's fans group (a repeat is no change). */
export async function joinGroup(
  db: Db,
  hostId: number,
  userId: number,
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
) {
  const [stream] = await db
    .select({ roomId: liveStreams.roomId })
    .from(liveStreams)
    .where(eq(liveStreams.hostId, hostId));
  if (!stream) throw notFound(LIVE_MESSAGES.groupNotFound);
  const effect = await send(
    db,
    { ...eventFields(stream.roomId), type: 'fans_group_joined', userId },
    silenceMinutes,
  );
  return { joined: effect.joined ?? false };
}

/** Starts a broadcast of the host's stream (ending one still running); its id is the `streamLogId`. */
export async function startStream(db: Db, hostId: number, silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES) {
  const host = await requireHost(db, hostId);
  const effect = await send(db, { ...eventFields(host.roomId), type: 'stream_started' }, silenceMinutes);
  return { streamId: host.streamId, streamLogId: effect.streamLogId as number };
}

/** Ends the host's running broadcast, if any. */
export async function endStream(db: Db, hostId: number, silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES) {
  const host = await requireHost(db, hostId);
  const [outcome] = await ingestLiveEvents(db, [{ ...eventFields(host.roomId), type: 'stream_ended' }], {
    silenceMinutes,
  });
  // Nothing running is no change, as before the webhook.
  if (outcome?.error && outcome.error.code !== LIVE_NOT_STREAMING) throw outcome.error;
  return { streamId: host.streamId };
}
