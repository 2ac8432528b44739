import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  LIVE_EVENTS_MAX_SKEW_SECONDS,
  LIVE_EVENTS_PATH,
  LIVE_EVENTS_SIGNATURE_HEADER,
  LIVE_EVENTS_TIMESTAMP_HEADER,
  type LiveEventAnswer,
  liveEventBatchSchema,
} from '@h5/contract';
import { SIGN_INVALID } from '@h5/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { success } from '../../plugins/envelope';
import { AppError, badRequest, fromZodError } from '../../plugins/errors';
import { JSON_TOO_DEEP_MESSAGE, tooDeepField } from '../../plugins/json-body';
import { ingestLiveEvents } from './ingest';
import { LIVE_MESSAGES } from './messages';

/*
 * Issue 31 point 1: the webhook the live-streaming platform calls (docs/live-events.md). A plain
 * route, not a contract endpoint: its HMAC is over the raw body, and it carries none of the app's
 * own sign, cookies or envelope rules on the way in.
 */

/** `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${rawBody}`): what the platform sends. */
export function liveSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

const unsigned = (message: string) => new AppError(SIGN_INVALID, message, 401);

/** The refusal of a call's signature (HTTP 401), or null when it is good and fresh. */
export function checkLiveSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  nowMs: number,
): AppError | null {
  if (!timestamp || !signature) return unsigned(LIVE_MESSAGES.webhookUnsigned);
  if (!/^\d{1,12}$/.test(timestamp)) return unsigned(LIVE_MESSAGES.webhookTimestampInvalid);
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > LIVE_EVENTS_MAX_SKEW_SECONDS)
    return unsigned(LIVE_MESSAGES.webhookStale);
  const expected = Buffer.from(liveSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return unsigned(LIVE_MESSAGES.webhookBadSignature);
  return null;
}

const headerText = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Registers POST {@link LIVE_EVENTS_PATH} in a scope of its own, where JSON bodies arrive unparsed. */
export async function registerLiveWebhook(app: FastifyInstance, deps: AppDeps) {
  const secret = deps.env.LIVE_WEBHOOK_SECRET;
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(LIVE_EVENTS_PATH, async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const refusal = checkLiveSignature(
        secret,
        headerText(request.headers[LIVE_EVENTS_TIMESTAMP_HEADER]),
        headerText(request.headers[LIVE_EVENTS_SIGNATURE_HEADER]),
        rawBody,
        Date.now(),
      );
      if (refusal) throw refusal;
      const deep = tooDeepField(rawBody);
      if (deep !== null) throw badRequest(deep, JSON_TOO_DEEP_MESSAGE);
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw badRequest('body', LIVE_MESSAGES.webhookNotJson);
      }
      const batch = liveEventBatchSchema.safeParse(json);
      if (!batch.success) throw fromZodError(batch.error);
      const outcomes = await ingestLiveEvents(deps.db, batch.data.events, {
        silenceMinutes: deps.env.LIVE_SILENCE_MINUTES,
      });
      const answer: LiveEventAnswer = {
        results: outcomes.map(({ eventId, status, code, reason }) =>
          status === 'refused' ? { eventId, status, code, reason } : { eventId, status },
        ),
      };
      return reply.send(success(answer));
    });
  });
}
