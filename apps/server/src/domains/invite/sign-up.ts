import { INVITE_NEW_USER_DAYS, INVITE_REWARD_POINTS, type UserBrief } from '@h5/contract';
import {
  INVITE_ALREADY_BOUND,
  INVITE_AUTH_INVALID,
  INVITE_CIRCULAR,
  INVITE_NOT_NEW_USER,
  INVITE_PHONE_REGISTERED,
  INVITE_SELF,
} from '@h5/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inviteAuthTokens, inviteBindings, inviteRewards, users } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { hashToken } from '../../plugins/session';
import { newUserValues } from '../auth/users';
import { type InvitationRow, liveInvitation, userBrief } from './invitations';
import { INVITE_MESSAGES } from './messages';

/** A transaction of `db` (what `db.transaction` hands its callback). */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Links `inviteeId` to the invitation's inviter and credits the inviter's reward, in the caller's
 * transaction. The database decides every race, in any process: the binding's primary key (the
 * invitee) makes it once per invitee, its pair key (issue 26 point 2) once per unordered pair, so
 * two users binding each other's codes at the same moment get one binding and one 4915, and the
 * reward's key (inviter, invitee) credits it once. Answers the binding, new or the one this
 * invitee already had with the same inviter; another inviter's is 4913.
 */
async function bind(tx: Tx, invitation: InvitationRow, inviteeId: number, via: 'sign_up' | 'bind') {
  const [made] = await tx
    .insert(inviteBindings)
    .values({ inviteeId, inviterId: invitation.inviterId, invitationId: invitation.id, via })
    .onConflictDoNothing()
    .returning({ createdAt: inviteBindings.createdAt });
  if (!made) {
    const [had] = await tx
      .select({ inviterId: inviteBindings.inviterId, createdAt: inviteBindings.createdAt })
      .from(inviteBindings)
      .where(eq(inviteBindings.inviteeId, inviteeId));
    if (!had) throw new AppError(INVITE_CIRCULAR, INVITE_MESSAGES.circular);
    if (had.inviterId === invitation.inviterId) return had.createdAt;
    throw new AppError(INVITE_ALREADY_BOUND, INVITE_MESSAGES.alreadyBound);
  }
  await tx
    .insert(inviteRewards)
    .values({ inviterId: invitation.inviterId, inviteeId, points: INVITE_REWARD_POINTS })
    .onConflictDoNothing();
  return made.createdAt;
}

async function inviterOf(db: Pick<Db, 'select'>, inviterId: number): Promise<UserBrief> {
  const [inviter] = await db.select(userBrief).from(users).where(eq(users.id, inviterId));
  if (!inviter) throw new Error(`inviter ${inviterId} vanished`);
  return inviter;
}

/**
 * invited-sign-up (common): in one transaction, redeems the number's proof (invite-auth's
 * token, once: concurrent redeemers queue on its row and the later ones find it used, 4911),
 * creates the account (the phone's unique key: an existing number is 4910, the whole transaction
 * undone), links it to the inviter and credits the reward. The caller then opens the session.
 */
export async function signUpInvited(
  db: Db,
  code: string,
  authToken: string,
): Promise<{ user: UserBrief; inviter: UserBrief }> {
  const invitation = await liveInvitation(db, code);
  const user = await db.transaction(async (tx) => {
    const [proof] = await tx
      .update(inviteAuthTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(inviteAuthTokens.tokenHash, hashToken(authToken)),
          isNull(inviteAuthTokens.usedAt),
          gt(inviteAuthTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ phone: inviteAuthTokens.phone });
    if (!proof) throw new AppError(INVITE_AUTH_INVALID, INVITE_MESSAGES.authInvalid);
    const [created] = await tx
      .insert(users)
      .values(newUserValues(proof.phone))
      .onConflictDoNothing({ target: users.phone })
      .returning(userBrief);
    if (!created) throw new AppError(INVITE_PHONE_REGISTERED, INVITE_MESSAGES.phoneRegistered);
    await bind(tx, invitation, created.userId, 'sign_up');
    return created;
  });
  return { user, inviter: await inviterOf(db, invitation.inviterId) };
}

/**
 * invited-sign-up (login): the caller, registered in the last INVITE_NEW_USER_DAYS days, accepts
 * the invitation. Once: a repeat of the same invitation answers the same binding; another one is
 * 4913. Refused for oneself (4912), for the inviter's own inviter (4915) and for older users (4914).
 */
export async function bindInvitation(
  db: Db,
  viewerId: number,
  code: string,
): Promise<{ inviter: UserBrief; joinedAt: string }> {
  const invitation = await liveInvitation(db, code);
  if (invitation.inviterId === viewerId) throw new AppError(INVITE_SELF, INVITE_MESSAGES.self);
  const joinedAt = await db.transaction(async (tx) => {
    const [viewer] = await tx
      .select({
        isNew: sql<boolean>`${users.createdAt} > now() - make_interval(days => ${INVITE_NEW_USER_DAYS})`,
      })
      .from(users)
      .where(eq(users.id, viewerId));
    if (!viewer?.isNew) throw new AppError(INVITE_NOT_NEW_USER, INVITE_MESSAGES.notNewUser);
    return bind(tx, invitation, viewerId, 'bind');
  });
  return { inviter: await inviterOf(db, invitation.inviterId), joinedAt: joinedAt.toISOString() };
}
