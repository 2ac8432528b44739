import {
  LIVE_EVENTS_MAX_SKEW_SECONDS,
  LIVE_EVENTS_PATH,
  LIVE_EVENTS_SIGNATURE_HEADER,
  LIVE_EVENTS_TIMESTAMP_HEADER,
  type LiveEventAnswer,
  liveEventBatchSchema,
} from '@h5/contract';
import { SIGN_INVALID } from '@h5/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { success } from '../../plugins/envelope';
import { AppError, badRequest, fromZodError } from '../../plugins/errors';
import { JSON_TOO_DEEP_MESSAGE, tooDeepField } from '../../plugins/json-body';
import {
  headerText,
  type SignatureProblem,
  signatureProblem,
  timestampedHmac,
} from '../../plugins/signed-callback';
import { ingestLiveEvents } from './ingest';
import { LIVE_MESSAGES } from './messages';

/*
 * Issue 31 point 1: the webhook the live-streaming platform calls (docs/live-events.md). A plain
 * route, not a contract endpoint: its HMAC is over the raw body, and it carries none of the app's
 * own sign, cookies or envelope rules on the way in.
 */

/** `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${rawBody}`): what the platform sends. */
export function liveSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${timestampedHmac(secret, timestamp, rawBody)}`;
}

const unsigned = (message: string) => new AppError(SIGN_INVALID, message, 401);

const REFUSALS: Record<SignatureProblem, string> = {
  missing: LIVE_MESSAGES.webhookUnsigned,
  'malformed-timestamp': LIVE_MESSAGES.webhookTimestampInvalid,
  stale: LIVE_MESSAGES.webhookStale,
  mismatch: LIVE_MESSAGES.webhookBadSignature,
};

/** The refusal of a call's signature (HTTP 401), or null when it is good and fresh. */
export function checkLiveSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  nowMs: number,
): AppError | null {
  const problem = signatureProblem({
    secret,
    timestamp,
    signature,
    body: rawBody,
    nowMs,
    skewSeconds: LIVE_EVENTS_MAX_SKEW_SECONDS,
    expected: (hex) => `sha256=${hex}`,
  });
  return problem === null ? null : unsigned(REFUSALS[problem]);
}

/** POST {@link LIVE_EVENTS_PATH} (registered by routes.ts with its raw body): checks, applies, answers per event. */
export async function receiveLiveEvents(deps: AppDeps, request: FastifyRequest, rawBody: string) {
  const refusal = checkLiveSignature(
    deps.env.LIVE_WEBHOOK_SECRET,
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
  return success(answer);
}
