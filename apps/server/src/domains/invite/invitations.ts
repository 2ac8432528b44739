import { randomInt } from 'node:crypto';
import {
  INVITE_LANDING_PATH,
  INVITE_NEW_USER_DAYS,
  INVITE_REWARD_POINTS,
  INVITE_TTL_DAYS,
  type InvitePage,
  type InviteShare,
  type InviteViewerState,
  type StartInvite,
  type UserBrief,
} from '@h5/contract';
import { INVITE_CODE_EXPIRED, INVITE_CODE_NOT_FOUND } from '@h5/core';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, inviteBindings, users } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { INVITE_MESSAGES, INVITE_TEXT } from './messages';
import { INVITE_SHARE_CARD_PATH } from './share-card';
import { STARTER_TASKS } from './starter-tasks';
import { TASK_MESSAGES } from './task-messages';

export type InvitationRow = typeof invitations.$inferSelect;

/** Code characters: upper-case letters and digits without the look-alikes 0 O 1 I L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const DAY_MS = 86_400_000;

export const userBrief = { userId: users.id, userName: users.userName, avatar: users.avatar };

const newCode = (): string =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** What a landing link of `code` shares, for `origin` (absolute URLs: a chat fetches them). */
export function inviteShareOf(code: string, inviter: UserBrief, origin: string): InviteShare {
  return {
    title: INVITE_TEXT.shareTitle(inviter.userName),
    desc: INVITE_TEXT.shareDesc,
    image: new URL(INVITE_SHARE_CARD_PATH, origin).toString(),
    url: landingUrlOf(code, origin),
  };
}

export const landingUrlOf = (code: string, origin: string): string =>
  new URL(`${INVITE_LANDING_PATH}?code=${encodeURIComponent(code)}`, origin).toString();

const reward = () => ({ points: INVITE_REWARD_POINTS, text: INVITE_TEXT.rewardText });

/** What the invitee earns: the badges of the starter tasks (the task page's own definitions). */
const inviteeRewards = () => ({
  tasks: STARTER_TASKS.map((task) => ({ title: task.title, reward: TASK_MESSAGES.rewards[task.key] })),
  graduation: TASK_MESSAGES.graduation.title,
});

/**
 * The inviter's invitation: their newest live one, else a new code valid INVITE_TTL_DAYS. The
 * inviter's user row is locked for the check and the insert, so concurrent calls (a double tap,
 * two tabs) answer the same code.
 */
export async function startInvite(db: Db, inviter: UserBrief, origin: string): Promise<StartInvite> {
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, inviter.userId)).for('update');
    const [live] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.inviterId, inviter.userId), gt(invitations.expiresAt, sql`now()`)))
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(1);
    if (live) return live;
    // A clash with a taken code (31^8 codes) is retried with another one.
    for (;;) {
      const [made] = await tx
        .insert(invitations)
        .values({
          code: newCode(),
          inviterId: inviter.userId,
          expiresAt: sql`now() + make_interval(days => ${INVITE_TTL_DAYS})`,
        })
        .onConflictDoNothing({ target: invitations.code })
        .returning();
      if (made) return made;
    }
  });
  return {
    code: row.code,
    landingUrl: landingUrlOf(row.code, origin),
    expiresAt: row.expiresAt.toISOString(),
    reward: reward(),
    share: inviteShareOf(row.code, inviter, origin),
  };
}

/** The invitation of a code, live; 4901 unknown, 4902 past its validity. */
export async function liveInvitation(db: Pick<Db, 'select'>, code: string): Promise<InvitationRow> {
  const [row] = await db
    .select({ invitation: invitations, live: sql<boolean>`${invitations.expiresAt} > now()` })
    .from(invitations)
    .where(eq(invitations.code, code));
  if (!row) throw new AppError(INVITE_CODE_NOT_FOUND, INVITE_MESSAGES.codeNotFound);
  if (!row.live) throw new AppError(INVITE_CODE_EXPIRED, INVITE_MESSAGES.codeExpired);
  return row.invitation;
}

/** Whether a user registered at `createdAt` counts as new (may still accept an invitation). */
export const isNewUser = (createdAt: Date, nowMs = Date.now()): boolean =>
  nowMs - createdAt.getTime() <= INVITE_NEW_USER_DAYS * DAY_MS;

/** What the viewer of a landing may do with it. */
async function viewerState(db: Db, inviterId: number, viewerId: number | null): Promise<InviteViewerState> {
  if (viewerId === null) return 'visitor';
  if (viewerId === inviterId) return 'self';
  const [[bound], [viewer]] = await Promise.all([
    db
      .select({ id: inviteBindings.inviteeId })
      .from(inviteBindings)
      .where(eq(inviteBindings.inviteeId, viewerId)),
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, viewerId)),
  ]);
  if (bound) return 'bound';
  return viewer && isNewUser(viewer.createdAt) ? 'can_bind' : 'not_new';
}

/** The landing of a code: the inviter, the reward, the rules, and what the viewer may do. */
export async function invitePage(
  db: Db,
  code: string,
  viewerId: number | null,
  origin: string,
): Promise<InvitePage> {
  const invitation = await liveInvitation(db, code);
  const [[inviter], [joined], state] = await Promise.all([
    db.select(userBrief).from(users).where(eq(users.id, invitation.inviterId)),
    db.select({ n: count() }).from(inviteBindings).where(eq(inviteBindings.inviterId, invitation.inviterId)),
    viewerState(db, invitation.inviterId, viewerId),
  ]);
  if (!inviter) throw new AppError(INVITE_CODE_NOT_FOUND, INVITE_MESSAGES.codeNotFound);
  return {
    code: invitation.code,
    inviter,
    reward: reward(),
    inviteeRewards: inviteeRewards(),
    rules: [...INVITE_TEXT.rules],
    expiresAt: invitation.expiresAt.toISOString(),
    joinedCount: joined?.n ?? 0,
    share: inviteShareOf(invitation.code, inviter, origin),
    viewer: { state },
  };
}
