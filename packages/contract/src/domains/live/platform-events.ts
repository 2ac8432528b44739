import { z } from 'zod';

/*
 * The live-streaming platform's events (issue 31 point 1, docs/live-events.md): what the platform
 * posts to our webhook, and what the internal live-room console builds. The stream is our room id
 * and people are our user ids (the app's users are the platform's users).
 */

/** Path of the webhook (a plain route: its HMAC is over the raw body). */
export const LIVE_EVENTS_PATH = '/open/live/v1/events';
/** The headers of a signed call: unix seconds, and `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${rawBody}`). */
export const LIVE_EVENTS_TIMESTAMP_HEADER = 'x-live-timestamp';
export const LIVE_EVENTS_SIGNATURE_HEADER = 'x-live-signature';
/** A timestamp further than this from our clock is refused (a replay or a wrong clock). */
export const LIVE_EVENTS_MAX_SKEW_SECONDS = 300;
/** Events in one call at most. */
export const LIVE_EVENTS_BATCH_MAX = 100;
/** LIVE_SILENCE_MINUTES when unset: a broadcast silent this long counts as ended at its last event. */
export const LIVE_SILENCE_DEFAULT_MINUTES = 30;
/** Units (lights, comments, shares, minutes, gifts) one event may carry at most. */
export const LIVE_EVENT_UNITS_MAX = 600;

export const LIVE_EVENT_TYPES = [
  'stream_started',
  'stream_ended',
  'fans_group_joined',
  'light',
  'comment',
  'share',
  'watch_minutes',
  'gift',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

const userIdSchema = z.number().int().min(1).max(2_147_483_647);
const unitsSchema = z.number().int().min(1).max(LIVE_EVENT_UNITS_MAX);

const base = {
  /** The platform's own id of the event: a repeat of an id is applied once. */
  eventId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/, '只能包含字母、数字和 _ . : -'),
  /** Our room id of the stream (`live_streams.room_id`). */
  roomId: z.number().int().min(1).max(2_147_483_647),
  /** When it happened on the platform, unix milliseconds: a stream's events apply in this order. */
  at: z.number().int().min(0).max(8_640_000_000_000),
  /** The platform's sequence within the stream: orders events of the same millisecond. */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
};

/** One platform event. */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('stream_started'),
    /**
     * The host, on their first broadcast: a room we do not know yet becomes this user's (its id
     * must be the user's room id), with its fans group, so a host needs nothing but the platform.
     */
    hostUserId: userIdSchema.optional(),
  }),
  z.object({ ...base, type: z.literal('stream_ended') }),
  z.object({ ...base, type: z.literal('fans_group_joined'), userId: userIdSchema }),
  z.object({ ...base, type: z.literal('light'), userId: userIdSchema, units: unitsSchema }),
  z.object({ ...base, type: z.literal('comment'), userId: userIdSchema, units: unitsSchema }),
  z.object({ ...base, type: z.literal('share'), userId: userIdSchema, units: unitsSchema }),
  z.object({ ...base, type: z.literal('watch_minutes'), userId: userIdSchema, units: unitsSchema }),
  z.object({
    ...base,
    type: z.literal('gift'),
    userId: userIdSchema,
    giftId: z.string().min(1).max(64),
    units: unitsSchema,
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * A call's body: each event is checked on its own (a malformed one is refused alone, the others
 * still apply), so the batch itself only needs to be a list of objects.
 */
export const liveEventBatchSchema = z.object({
  events: z.array(z.record(z.string(), z.unknown())).min(1).max(LIVE_EVENTS_BATCH_MAX),
});

/** What became of one event. */
export const liveEventResultSchema = z.object({
  /** The event's id as sent; null when it had none usable. */
  eventId: z.string().nullable(),
  status: z.enum(['applied', 'duplicate', 'refused']),
  /** A refusal's code (docs/api.md) and its reason. */
  code: z.number().int().optional(),
  reason: z.string().optional(),
});
export type LiveEventResult = z.infer<typeof liveEventResultSchema>;

/** The webhook's answer: one result per event, in the order sent. */
export const liveEventAnswerSchema = z.object({ results: z.array(liveEventResultSchema) });
export type LiveEventAnswer = z.infer<typeof liveEventAnswerSchema>;
