import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchaChallenges } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { randomAnswer, renderCaptchaImage } from './captcha-image';

export const CAPTCHA_CHALLENGE_TTL_SECONDS = 120;
/** `resultCode` of a verify (spec §3 captcha result). */
export const CAPTCHA_RESULT = { failed: 0, passed: 1 } as const;

const answerHash = (challengeId: string, answer: string): string =>
  hashToken(`${challengeId}:${answer.trim().toUpperCase()}`);

/**
 * Image captcha challenges: random 4–5 characters in a distorted raster (captcha-image.ts),
 * stored hashed for 120 s, single use: one answer per challenge, right or wrong. Expiry runs on the database clock (the risk counters' clock too).
 */
export function createCaptchaChallenges(db: Db) {
  return {
    /** A new challenge; `keepAnswer` (outside 'pro' only) stores the answer for the dev-answer hook. */
    async issue(scene: string | null, keepAnswer: boolean) {
      const challengeId = randomBytes(12).toString('base64url');
      const answer = randomAnswer();
      await db.insert(captchaChallenges).values({
        id: challengeId,
        answerHash: answerHash(challengeId, answer),
        scene,
        devAnswer: keepAnswer ? answer : null,
        expiresAt: sql`now() + make_interval(secs => ${CAPTCHA_CHALLENGE_TTL_SECONDS})`,
      });
      return {
        challengeId,
        image: await renderCaptchaImage(answer),
        answerLength: answer.length,
        expiresInSeconds: CAPTCHA_CHALLENGE_TTL_SECONDS,
      };
    },

    /**
     * Consumes the challenge, right answer or not, in one conditional update: of concurrent
     * verifies only one finds it unused. Passed only for the right answer (any case) before expiry.
     */
    async verify(challengeId: string, answer: string): Promise<{ passed: boolean; scene: string | null }> {
      const [row] = await db
        .update(captchaChallenges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(captchaChallenges.id, challengeId), isNull(captchaChallenges.usedAt)))
        .returning({
          passed: sql<boolean>`${captchaChallenges.answerHash} = ${answerHash(challengeId, answer)} and ${captchaChallenges.expiresAt} > now()`,
          scene: captchaChallenges.scene,
        });
      return { passed: row?.passed === true, scene: row?.scene ?? null };
    },

    /** The stored answer of a challenge (outside 'pro'), used or not; undefined when unknown. */
    async devAnswer(challengeId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ answer: captchaChallenges.devAnswer })
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, challengeId));
      return row?.answer ?? undefined;
    },
  };
}
