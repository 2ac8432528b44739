import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { flexibleStaffingSignings, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Env } from '../../env';
import {
  headerText,
  type SignatureProblem,
  signatureProblem,
  timestampedHmac,
} from '../../plugins/signed-callback';

/** Where the provider posts a signing (issue 31 point 3; docs/api.md "Flexible staffing"). */
export const STAFFING_CALLBACK_PATH = '/open/staffing/v1/signing';
/** Where the provider sends the creator back after signing. */
export const STAFFING_RETURN_PATH = '/creator/upgrade';
export const STAFFING_TIMESTAMP_HEADER = 'x-staffing-timestamp';
export const STAFFING_SIGNATURE_HEADER = 'x-staffing-signature';
/** How far a callback's timestamp may be from our clock. */
export const STAFFING_SKEW_SECONDS = 300;

const stateMac = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`flexible-staffing:${userId}`).digest('base64url').slice(0, 32);

/** The signed state the sign link carries and the provider echoes: `{userId}.{mac}` (SIGN_SECRET). */
export function staffingState(secret: string, userId: number): string {
  return `${userId}.${stateMac(secret, userId)}`;
}

/** The creator a state names, or null when it was not made by us. */
export function readStaffingState(secret: string, state: string): number | null {
  const match = /^(\d{1,10})\.([\w-]{32})$/.exec(state);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(stateMac(secret, userId));
  const sent = Buffer.from(match[2] ?? '');
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? userId : null;
}

/**
 * The sign link: FLEXIBLE_STAFFING_SIGN_URL with `userId` (the creator), `state` (signed, echoed
 * in the callback), `notifyUrl` (the callback) and `returnUrl` (the upgrade page) added.
 */
export function staffingSignLink(env: Env, userId: number, origin: string): string {
  const base = env.FLEXIBLE_STAFFING_SIGN_URL;
  const params = new URLSearchParams({
    userId: String(userId),
    state: staffingState(env.SIGN_SECRET, userId),
    notifyUrl: `${origin}${STAFFING_CALLBACK_PATH}`,
    returnUrl: `${origin}${STAFFING_RETURN_PATH}`,
  });
  return `${base}${base.includes('?') ? '&' : '?'}${params}`;
}

/** The origin links are built on: PUBLIC_ORIGIN, else the request's own (never X-Forwarded-Host). */
export function publicOrigin(env: Env, request: FastifyRequest): string {
  return env.PUBLIC_ORIGIN ?? `${request.protocol}://${request.host}`;
}

/** The callback's signature: hex HMAC-SHA256 of `{timestamp}.{raw body}` keyed by the shared secret. */
export const staffingCallbackSignature = timestampedHmac;

/** The callback's refusals, in the provider's words (docs/api.md "Flexible staffing"). */
const STAFFING_REFUSALS: Record<SignatureProblem, string> = {
  missing: 'signature missing',
  'malformed-timestamp': 'signature missing',
  stale: 'timestamp out of range',
  mismatch: 'signature mismatch',
};

const callbackSchema = z.object({
  eventId: z.string().min(1).max(64),
  contractId: z.string().min(1).max(64),
  state: z.string().min(1).max(200),
  signedAt: z.iso.datetime({ offset: true }),
});
export type StaffingCallback = z.infer<typeof callbackSchema>;

/** Records a signing once: a repeat (same contract, or a creator already signed) changes nothing. */
async function recordSigning(db: Db, userId: number, callback: StaffingCallback): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const inserted = await db
    .insert(flexibleStaffingSignings)
    .values({ userId, contractId: callback.contractId, signedAt: new Date(callback.signedAt) })
    .onConflictDoNothing()
    .returning({ userId: flexibleStaffingSignings.userId });
  return inserted.length > 0;
}

/**
 * The provider's signing callback: POST STAFFING_CALLBACK_PATH, JSON `{ eventId, contractId,
 * state, signedAt }`, headers `x-staffing-timestamp` (Unix seconds) and `x-staffing-signature`.
 * A wrong signature or a timestamp more than five minutes off: 401 and nothing changes; a state
 * we did not make: 400; otherwise 200 `{ ok: true, recorded }` (false for a repeat). `body` is
 * the raw text as sent (the signature covers the bytes).
 */
export async function handleStaffingCallback(
  deps: Pick<AppDeps, 'db' | 'env'>,
  body: string,
  headers: FastifyRequest['headers'],
): Promise<{ status: number; answer: { ok: boolean; recorded?: boolean; error?: string } }> {
  const refuse = (status: number, error: string) => ({ status, answer: { ok: false, error } });
  const problem = signatureProblem({
    secret: deps.env.FLEXIBLE_STAFFING_CALLBACK_SECRET,
    timestamp: headerText(headers[STAFFING_TIMESTAMP_HEADER]),
    signature: headerText(headers[STAFFING_SIGNATURE_HEADER])?.toLowerCase(),
    body,
    nowMs: Date.now(),
    skewSeconds: STAFFING_SKEW_SECONDS,
  });
  if (problem !== null) return refuse(401, STAFFING_REFUSALS[problem]);
  let parsed: ReturnType<typeof callbackSchema.safeParse>;
  try {
    parsed = callbackSchema.safeParse(JSON.parse(body));
  } catch {
    return refuse(400, 'body is not JSON');
  }
  if (!parsed.success) return refuse(400, 'body malformed');
  const userId = readStaffingState(deps.env.SIGN_SECRET, parsed.data.state);
  if (userId === null) return refuse(400, 'state unknown');
  const recorded = await recordSigning(deps.db, userId, parsed.data);
  return { status: 200, answer: { ok: true, recorded } };
}

/** The stand-in provider's 签约 (outside pro): the signed callback, as the provider sends it. */
export async function standInSign(
  inject: (call: {
    method: 'POST';
    url: string;
    headers: Record<string, string>;
    payload: string;
  }) => Promise<{ statusCode: number }>,
  env: Env,
  state: string,
): Promise<boolean> {
  const body = JSON.stringify({
    eventId: randomUUID(),
    contractId: `stand-in-${randomUUID()}`,
    state,
    signedAt: new Date().toISOString(),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await inject({
    method: 'POST',
    url: STAFFING_CALLBACK_PATH,
    headers: {
      'content-type': 'application/json',
      [STAFFING_TIMESTAMP_HEADER]: timestamp,
      [STAFFING_SIGNATURE_HEADER]: staffingCallbackSignature(
        env.FLEXIBLE_STAFFING_CALLBACK_SECRET,
        timestamp,
        body,
      ),
    },
    payload: body,
  });
  return response.statusCode === 200;
}
