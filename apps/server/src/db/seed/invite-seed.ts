import { INVITE_REWARD_POINTS, INVITE_TTL_DAYS } from '@h5/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { invitations, inviteBindings, inviteRewards, users } from '../schema';
import { DEMO_CREATOR_ID } from './creator-portrait';

// Issue 18 points 1, 2: the demo creator's invitation, so the landing has a live code to show
// (`/invite/landing?code=HAPPY258`) and an expired one (`WARMUP25`), and a few seeded people who joined through it, spread over
// the last days, so the demo creator's progress and weekly report show something real.

/** The demo creator's invitation code (the code alphabet's letters and digits). */
export const SEED_INVITE_CODE = 'HAPPY258';
/** The demo creator's earlier invitation, expired long ago: the landing's expired page has a real code. */
export const SEED_EXPIRED_INVITE_CODE = 'WARMUP25';
/** Seeded people (not creators) who joined through it, and how many days ago each did. */
const SEED_INVITEES = [
  { userId: 281, daysAgo: 0 },
  { userId: 282, daysAgo: 1 },
  { userId: 283, daysAgo: 2 },
  { userId: 284, daysAgo: 4 },
  { userId: 285, daysAgo: 9 },
];

/**
 * Idempotent, at every start: the demo invitation stays live (its validity is renewed to
 * INVITE_TTL_DAYS from now, as start-invite would hand out a fresh one); the invitees are written
 * once, dated back from the day they are written.
 */
export async function insertInviteSeed(db: Db): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.id, DEMO_CREATOR_ID));
  if (!demo) return;
  const expiresAt = sql`now() + make_interval(days => ${INVITE_TTL_DAYS})`;
  const [invitation] = await db
    .insert(invitations)
    .values({ code: SEED_INVITE_CODE, inviterId: DEMO_CREATOR_ID, expiresAt })
    .onConflictDoUpdate({ target: invitations.code, set: { expiresAt } })
    .returning({ id: invitations.id, inviterId: invitations.inviterId });
  if (!invitation || invitation.inviterId !== DEMO_CREATOR_ID) return;
  await db
    .insert(invitations)
    .values({
      code: SEED_EXPIRED_INVITE_CODE,
      inviterId: DEMO_CREATOR_ID,
      createdAt: sql`now() - make_interval(days => ${INVITE_TTL_DAYS * 3})`,
      expiresAt: sql`now() - make_interval(days => ${INVITE_TTL_DAYS * 2})`,
    })
    .onConflictDoNothing();
  const ids = SEED_INVITEES.map((i) => i.userId);
  const present = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  const have = new Set(present.map((row) => row.id));
  const rows = SEED_INVITEES.filter((i) => have.has(i.userId));
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(inviteBindings)
      .values(
        rows.map((i) => ({
          inviteeId: i.userId,
          inviterId: DEMO_CREATOR_ID,
          invitationId: invitation.id,
          via: 'sign_up',
          createdAt: sql`now() - make_interval(days => ${i.daysAgo}, hours => 1)`,
        })),
      )
      .onConflictDoNothing()
      .returning({ inviteeId: inviteBindings.inviteeId, createdAt: inviteBindings.createdAt });
    // Their starter tasks are counted from their seeded rows (contents, follows, lights).
    if (made.length === 0) return;
    await tx
      .insert(inviteRewards)
      .values(
        made.map((m) => ({
          inviterId: DEMO_CREATOR_ID,
          inviteeId: m.inviteeId,
          points: INVITE_REWARD_POINTS,
          createdAt: m.createdAt,
        })),
      )
      .onConflictDoNothing();
  });
}
