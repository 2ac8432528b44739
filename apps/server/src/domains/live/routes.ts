import { contract, LIVE_EVENTS_PATH } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { decodeIntRankCursor } from '../../db/cursor';
import type { AppDeps } from '../../deps';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { registerSignedPost } from '../../plugins/signed-callback';
import {
  allowanceInfo,
  claimAllowance,
  fansGroupInfo,
  groupOfStream,
  levelGifts,
  weekTaskAward,
  weekTaskInfo,
} from './audience';
import { audienceEvent, endStream, joinGroup, startStream } from './console';
import { becomeHost, requireHost } from './events';
import { creditDetail, dailyTask, editGroup, levelInfo, levelTaskInfo } from './host';
import { groupRankPage, memberCount, myRank, myTodayRank, todayRank } from './ranks';
import { consoleState, liveJump, liveRoom } from './room';
import { receiveLiveEvents } from './webhook';

/**
 * Issue 16: the live calls of spec §7 (host and audience), the live jump and room, and the
 * internal console; issue 31: the live platform's webhook.
 */
export async function registerLiveRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // How long a broadcast may go without an event (docs/live-events.md "Silence").
  const silence = deps.env.LIVE_SILENCE_MINUTES;
  const c = contract.live;
  // Host side: the caller is the host.
  registerEndpoint(app, deps, c.levelInfo, (_, { viewerId }) => levelInfo(db, viewerId));
  registerEndpoint(app, deps, c.levelTaskInfo, (_, { viewerId }) => levelTaskInfo(db, viewerId));
  registerEndpoint(app, deps, c.dailyTask, (_, { viewerId }) => dailyTask(db, viewerId, Date.now(), silence));
  registerEndpoint(app, deps, c.creditDetail, (query, { viewerId }) => creditDetail(db, viewerId, query));
  registerEndpoint(app, deps, c.editGroup, ({ name }, { viewerId }) => editGroup(db, viewerId, name));
  registerEndpoint(app, deps, c.kolRankList, async (query, { viewerId }) => {
    if (query.lastId) decodeIntRankCursor(query.lastId); // a forged cursor is a 400 before anything else
    const host = await requireHost(db, viewerId);
    const page = await groupRankPage(db, host.groupId, query);
    return { ...page, memberCount: await memberCount(db, host.groupId) };
  });
  registerEndpoint(app, deps, c.todayRank, async (_, { viewerId }) =>
    todayRank(db, (await requireHost(db, viewerId)).groupId),
  );
  // Audience side: the stream's host's group.
  registerEndpoint(app, deps, c.fansGroupInfo, ({ streamId }, { viewerId }) =>
    fansGroupInfo(db, streamId, viewerId, silence),
  );
  registerEndpoint(app, deps, c.audienceRankList, async (query, { viewerId }) => {
    const { groupId } = await groupOfStream(db, query.streamId);
    if (query.period === 'today') {
      const { list } = await todayRank(db, groupId);
      return {
        list,
        lastId: null,
        hasMore: false,
        mine: viewerId === null ? null : await myTodayRank(db, groupId, viewerId),
      };
    }
    const page = await groupRankPage(db, groupId, query);
    return { ...page, mine: viewerId === null ? null : await myRank(db, groupId, viewerId) };
  });
  registerEndpoint(app, deps, c.weekTaskInfo, ({ streamId }, { viewerId }) =>
    weekTaskInfo(db, streamId, viewerId),
  );
  registerEndpoint(app, deps, c.weekTaskAward, ({ streamId, taskKey }, { viewerId }) =>
    weekTaskAward(db, streamId, viewerId, taskKey),
  );
  registerEndpoint(app, deps, c.levelGift, ({ streamId }, { viewerId }) =>
    levelGifts(db, streamId, viewerId),
  );
  registerEndpoint(app, deps, c.allowanceInfo, ({ streamId }, { viewerId }) =>
    allowanceInfo(db, streamId, viewerId),
  );
  registerEndpoint(app, deps, c.claimAllowance, ({ streamId, fansLevel }, { viewerId }) =>
    claimAllowance(db, streamId, viewerId, fansLevel),
  );
  registerEndpoint(app, deps, c.liveJump, (query) => liveJump(db, query));
  registerEndpoint(app, deps, c.liveRoom, ({ roomId }) => liveRoom(db, roomId, silence));
  // The internal live-room console.
  registerEndpoint(app, deps, c.consoleState, (_, { viewerId }) => consoleState(db, viewerId, silence));
  registerEndpoint(app, deps, c.becomeHost, async (_, { viewerId, user }) => {
    await becomeHost(db, viewerId, user.userName);
    const state = await consoleState(db, viewerId, silence);
    if (!state.host) throw new Error('becomeHost left no stream');
    return state.host;
  });
  registerEndpoint(app, deps, c.startStream, (_, { viewerId }) => startStream(db, viewerId, silence));
  registerEndpoint(app, deps, c.endStream, (_, { viewerId }) => endStream(db, viewerId, silence));
  registerEndpoint(app, deps, c.audienceEvent, (input, { viewerId }) =>
    audienceEvent(db, { ...input, userId: viewerId }, silence),
  );
  registerEndpoint(app, deps, c.joinGroup, async ({ streamId }, { viewerId }) =>
    joinGroup(db, (await groupOfStream(db, streamId, silence)).hostId, viewerId, silence),
  );
  // Its HMAC covers the bytes as sent: a scope where the body stays raw text (1 MiB: 100 events).
  registerSignedPost(app, LIVE_EVENTS_PATH, 1024 * 1024, (request, body) =>
    receiveLiveEvents(deps, request, body),
  );
}
