import { ANALYTICS_PAGE_IDS, ANONYMOUS_ID_FORMAT } from '@h5/core';
import { z } from 'zod';
import { DB_INT_MAX } from '../../shared';

/** Analytics page identifiers used by the product (spec §2): 9 and 637. */
export const pageIdSchema = z.literal(ANALYTICS_PAGE_IDS);

/** The device's anonymous user id (spec §3): a uuid kept in local storage. */
export const anonymousIdSchema = z
  .string()
  .regex(ANONYMOUS_ID_FORMAT, 'anonymousId must be 16–64 hex digits or dashes');

/**
 * Who sent an event or a report (issue 12): the device's anonymous id, kept across logins, and
 * the client id ('h5') and build release ('5.79.1') of the code that made it. Optional: events
 * queued by a build before these fields, and other clients, may lack them.
 */
export const clientFieldsSchema = z.object({
  anonymousId: anonymousIdSchema.optional(),
  clientId: z.string().min(1).max(32).optional(),
  release: z.string().min(1).max(32).optional(),
});
export type ClientFields = z.infer<typeof clientFieldsSchema>;

/**
 * Our screens without a spec page id (spec §2 names only 9 and 637), tracked by name instead so
 * the spec's ids keep their meaning.
 */
export const screenNameSchema = z.enum(['userHome', 'topic', 'hotVideo', 'newCommodity', 'following']);
export type ScreenName = z.infer<typeof screenNameSchema>;

/** Where a page view came from (optional: events queued before issue 12 carry none). */
const trackSourceSchema = z.string().min(1).max(64).optional();

/** The live context of spec §2 as events carry it: what the page query said, as integers. */
const liveContextShape = {
  streamId: z.number().int().min(1).max(DB_INT_MAX).optional(),
  streamLogId: z.number().int().min(1).max(DB_INT_MAX).optional(),
  userRole: z.number().int().min(0).max(1).optional(),
};

const cardOnScreen = z.object({
  screen: screenNameSchema,
  contentId: z.number().int().positive(),
  position: z.number().int().min(0),
});

/**
 * The typed events: event name → payload schema. The tracker's `track(name, payload)` is typed
 * from it and the collector checks each event's payload against it (issue 4).
 */
export const analyticsEventPayloads = {
  /**
   * A page was shown: the spec's page id, the path and where the view came from (`source`: the
   * landing page's track source — query flag, the app's answer, or the referrer — then the
   * previous path on client navigations).
   */
  pageView: z.object({ pageId: pageIdSchema, path: z.string().min(1).max(500), source: trackSourceSchema }),
  /** A feed card was on screen (counted once per page view). */
  feedExposure: z.object({
    pageId: pageIdSchema,
    contentId: z.number().int().positive(),
    position: z.number().int().min(0),
  }),
  /** A feed card was opened. */
  feedClick: z.object({
    pageId: pageIdSchema,
    contentId: z.number().int().positive(),
    position: z.number().int().min(0),
  }),
  /** One of our other screens was shown (source as for pageView). */
  screenView: z.object({
    screen: screenNameSchema,
    path: z.string().min(1).max(500),
    source: trackSourceSchema,
  }),
  /** A content card was on one of our other screens (counted once per view). */
  cardExposure: cardOnScreen,
  /** A content card was opened from one of our other screens. */
  cardClick: cardOnScreen,
  /** A content was shared (issue 15: the creator data centre counts them), by the channel chosen. */
  contentShare: z.object({
    contentId: z.number().int().min(1).max(DB_INT_MAX),
    channel: z.string().min(1).max(32),
  }),
  /** A live screen was shown (issue 16), with the page query's live context (spec §2). */
  liveView: z.object({
    screen: z.enum(['liveHost', 'fansGroup', 'liveRoom']),
    path: z.string().min(1).max(500),
    ...liveContextShape,
  }),
  /** Something done on a live screen (a claim, a follow, the live jump), with the live context. */
  liveAction: z.object({
    action: z.enum(['weekTaskAward', 'allowanceClaim', 'follow', 'liveJump', 'rename']),
    ...liveContextShape,
  }),
} as const;

/** The name of a typed event. */
export type AnalyticsEventName = keyof typeof analyticsEventPayloads;
/** The payload of a typed event. */
export type AnalyticsPayload<N extends AnalyticsEventName> = z.input<(typeof analyticsEventPayloads)[N]>;

/**
 * One queued event as stored on the device and sent (spec §3 queued analytics event): uuid,
 * tracker name, event name, payload and failure expiry; plus when it happened.
 */
export const analyticsEventSchema = z.object({
  uuid: z.string().regex(/^[0-9a-f-]{16,64}$/i, 'uuid must be 16–64 hex digits or dashes'),
  tracker: z.string().min(1).max(64),
  event: z.string().min(1).max(64),
  payload: z.record(z.string(), z.unknown()),
  /** Epoch ms when track() was called. */
  occurredAt: z.number().int().positive(),
  /** Epoch ms after which the event is dropped (occurredAt + 10800000). */
  expiresAt: z.number().int().positive(),
  ...clientFieldsSchema.shape,
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** The collector's verdict on one event of a batch. */
export const collectResultSchema = z.object({
  /** Stored now. */
  accepted: z.array(z.string()),
  /** Stored before (a resend): also a success for the sender. */
  duplicates: z.array(z.string()),
  /** Refused with a reason; resending will not help. */
  rejected: z.array(z.object({ index: z.number().int(), uuid: z.string().nullable(), reason: z.string() })),
});
