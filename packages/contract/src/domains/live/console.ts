import { z } from 'zod';
import { endpoint } from '../../endpoint';
import { emptySchema, idSchema, userBriefSchema } from '../../shared';

const domain = 'live';

/** The caller's own stream in the console; null until they open one. */
const consoleHostSchema = z.object({
  streamId: z.number().int(),
  roomId: z.number().int(),
  streamLogId: z.number().int().nullable(),
  groupName: z.string(),
});

export const liveConsoleSchema = z.object({
  host: consoleHostSchema.nullable(),
  /** Running broadcasts, newest first, and whether the caller is in each one's group. */
  streams: z.array(
    z.object({
      streamId: z.number().int(),
      streamLogId: z.number().int(),
      roomId: z.number().int(),
      title: z.string(),
      host: userBriefSchema,
      member: z.boolean(),
    }),
  ),
});
export type LiveConsole = z.infer<typeof liveConsoleSchema>;

export const audienceEventKindSchema = z.enum(['watch', 'light', 'comment', 'share']);

/**
 * The internal live-room console (issue 16 point 1): plays a stream where no real one runs. Every
 * call goes through the same domain functions a real event source would call.
 */
export const liveConsole = {
  consoleState: endpoint({
    domain,
    method: 'GET',
    path: '/sns-live/v1/internal/console',
    auth: 'login',
    internal: true,
    request: emptySchema,
    response: liveConsoleSchema,
  }),
  becomeHost: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live/v1/internal/console/become-host',
    auth: 'login',
    internal: true,
    request: emptySchema,
    response: consoleHostSchema,
  }),
  startStream: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live/v1/internal/console/start',
    auth: 'login',
    internal: true,
    request: emptySchema,
    response: z.object({ streamId: z.number().int(), streamLogId: z.number().int() }),
  }),
  endStream: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live/v1/internal/console/end',
    auth: 'login',
    internal: true,
    request: emptySchema,
    response: z.object({ streamId: z.number().int() }),
  }),
  audienceEvent: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live/v1/internal/console/event',
    auth: 'login',
    internal: true,
    request: z.object({
      streamLogId: idSchema,
      kind: audienceEventKindSchema,
      units: z.number().int().min(1).max(600),
    }),
    response: z.object({ member: z.boolean() }),
  }),
  joinGroup: endpoint({
    domain,
    method: 'POST',
    path: '/sns-live/v1/internal/console/join',
    auth: 'login',
    internal: true,
    request: z.object({ streamId: idSchema }),
    response: z.object({ joined: z.boolean() }),
  }),
} as const;
