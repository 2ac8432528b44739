import type { LiveConsole, LiveRoom } from '@h5/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fansGroupMembers, fansGroups, liveStreamLogs, liveStreams, users } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { LIVE_MESSAGES } from './messages';
import { broadcastRunning, LIVE_SILENCE_DEFAULT_MINUTES } from './silence';

/** Our live room page: where a stream without its own `jumpUrl` is opened. */
export const liveRoomPath = (roomId: number): string => `/live/room?roomId=${roomId}`;

/** live/jump: the stream's `jumpUrl`, else our room page by `roomId` (`fallback: true`). */
export async function liveJump(
  db: Db,
  input: { streamId?: number | undefined; roomId?: number | undefined },
) {
  if (input.streamId === undefined && input.roomId === undefined)
    throw badRequest('streamId', '须提供 streamId 或 roomId');
  const [stream] = await db
    .select({ roomId: liveStreams.roomId, jumpUrl: liveStreams.jumpUrl })
    .from(liveStreams)
    .where(
      input.streamId !== undefined
        ? eq(liveStreams.id, input.streamId)
        : eq(liveStreams.roomId, input.roomId as number),
    );
  if (!stream) throw notFound(LIVE_MESSAGES.roomNotFound);
  return stream.jumpUrl
    ? { jumpUrl: stream.jumpUrl, roomId: stream.roomId, fallback: false }
    : { jumpUrl: liveRoomPath(stream.roomId), roomId: stream.roomId, fallback: true };
}

/** live/room: the room's stream, whether it is live, its host and group. */
export async function liveRoom(
  db: Db,
  roomId: number,
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
): Promise<LiveRoom> {
  const running = broadcastRunning(Date.now(), silenceMinutes);
  const [row] = await db
    .select({
      streamId: liveStreams.id,
      title: liveStreams.title,
      hostId: liveStreams.hostId,
      userName: users.userName,
      avatar: users.avatar,
      groupId: fansGroups.id,
      groupName: fansGroups.name,
      memberCount: fansGroups.memberCount,
      streamLogId: liveStreamLogs.id,
      startedAt: liveStreamLogs.startedAt,
    })
    .from(liveStreams)
    .innerJoin(users, eq(users.id, liveStreams.hostId))
    .innerJoin(fansGroups, eq(fansGroups.hostId, liveStreams.hostId))
    .leftJoin(liveStreamLogs, and(eq(liveStreamLogs.streamId, liveStreams.id), running))
    .where(eq(liveStreams.roomId, roomId))
    .limit(1);
  if (!row) throw notFound(LIVE_MESSAGES.roomNotFound);
  return {
    roomId,
    streamId: row.streamId,
    streamLogId: row.streamLogId,
    title: row.title,
    startedAt: row.startedAt?.toISOString() ?? null,
    host: { userId: row.hostId, userName: row.userName, avatar: row.avatar },
    group: { name: row.groupName, memberCount: row.memberCount },
  };
}

/** How many running broadcasts the console lists. */
const CONSOLE_STREAMS = 20;

/** The console's state for the caller: their own stream, and the running broadcasts to play. */
export async function consoleState(
  db: Db,
  userId: number,
  silenceMinutes = LIVE_SILENCE_DEFAULT_MINUTES,
): Promise<LiveConsole> {
  const live = broadcastRunning(Date.now(), silenceMinutes);
  const [own] = await db
    .select({
      streamId: liveStreams.id,
      roomId: liveStreams.roomId,
      groupName: fansGroups.name,
      streamLogId: liveStreamLogs.id,
    })
    .from(liveStreams)
    .innerJoin(fansGroups, eq(fansGroups.hostId, liveStreams.hostId))
    .leftJoin(liveStreamLogs, and(eq(liveStreamLogs.streamId, liveStreams.id), live))
    .where(eq(liveStreams.hostId, userId))
    .limit(1);
  const runningRows = await db
    .select({
      streamId: liveStreams.id,
      streamLogId: liveStreamLogs.id,
      roomId: liveStreams.roomId,
      title: liveStreams.title,
      hostId: liveStreams.hostId,
      userName: users.userName,
      avatar: users.avatar,
      member: fansGroupMembers.userId,
    })
    .from(liveStreamLogs)
    .innerJoin(liveStreams, eq(liveStreams.id, liveStreamLogs.streamId))
    .innerJoin(users, eq(users.id, liveStreams.hostId))
    .innerJoin(fansGroups, eq(fansGroups.hostId, liveStreams.hostId))
    .leftJoin(
      fansGroupMembers,
      and(eq(fansGroupMembers.groupId, fansGroups.id), eq(fansGroupMembers.userId, userId)),
    )
    .where(live)
    .orderBy(desc(liveStreamLogs.startedAt), desc(liveStreamLogs.id))
    .limit(CONSOLE_STREAMS);
  return {
    host: own ?? null,
    streams: runningRows.map((r) => ({
      streamId: r.streamId,
      streamLogId: r.streamLogId,
      roomId: r.roomId,
      title: r.title,
      host: { userId: r.hostId, userName: r.userName, avatar: r.avatar },
      member: r.member !== null,
    })),
  };
}
