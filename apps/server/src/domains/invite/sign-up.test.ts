import { randomBytes } from 'node:crypto';
import { contract, INVITE_REWARD_POINTS } from '@h5/contract';
import {
  INVITE_ALREADY_BOUND,
  INVITE_AUTH_INVALID,
  INVITE_CIRCULAR,
  INVITE_CODE_EXPIRED,
  INVITE_CODE_NOT_FOUND,
  INVITE_NOT_NEW_USER,
  INVITE_PHONE_REGISTERED,
  INVITE_SELF,
  SUCCESS,
  TOURIST,
} from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteAuthTokens, inviteBindings, inviteRewards, users } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { createTestApp, signedInUser, type TestApp, uniquePhone } from '../../test-utils';
import { expireInvitation, inviterWithCode, provenNumber, registeredDaysAgo } from './invite-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUp = (code: string, authToken: string) =>
  t.signedInject(contract.invite.invitedSignUp, { code, authToken });

async function bindingsOf(inviterId: number) {
  return t.db.select().from(inviteBindings).where(eq(inviteBindings.inviterId, inviterId));
}
async function rewardsOf(inviterId: number) {
  return t.db.select().from(inviteRewards).where(eq(inviteRewards.inviterId, inviterId));
}
async function accountsOf(phone: string) {
  return t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
}

const tally = (answers: { body: { code: number } }[]) => {
  const counts: Record<number, number> = {};
  for (const { body } of answers) counts[body.code] = (counts[body.code] ?? 0) + 1;
  return counts;
};

describe('invited-sign-up (common)', () => {
  it('makes a new account with a session, linked to the inviter, and credits the reward', async () => {
    const { inviter, code } = await inviterWithCode(t, '邀请人丙');
    const { phone, authToken, registered } = await provenNumber(t);
    expect(registered).toBe(false);
    const signed = await signUp(code, authToken);
    expect(signed.body.code).toBe(SUCCESS);
    const { user, inviter: by, duToken, xAuthToken } = signed.body.data;
    expect(user.userName).toBe(`用户${phone.slice(-4)}`);
    expect(by).toMatchObject({ userId: inviter.userId, userName: '邀请人丙' });
    expect(signed.cookies).toEqual({ duToken, 'x-auth-token': xAuthToken });
    const me = await t.signedInject(contract.auth.me, {}, { cookies: signed.cookies });
    expect(me.body.data.userId).toBe(user.userId);
    expect(await bindingsOf(inviter.userId)).toMatchObject([{ inviteeId: user.userId, via: 'sign_up' }]);
    expect(await rewardsOf(inviter.userId)).toMatchObject([
      { inviteeId: user.userId, points: INVITE_REWARD_POINTS },
    ]);
  });

  it('refuses a number that has an account, with its own message; invite-auth says so first', async () => {
    const { code } = await inviterWithCode(t);
    const existing = await signedInUser(t.app, t.db, 'has-phone');
    const phone = uniquePhone();
    await t.db.update(users).set({ phone }).where(eq(users.id, existing.userId));
    const { authToken, registered } = await provenNumber(t, phone);
    expect(registered).toBe(true);
    const refused = await signUp(code, authToken);
    expect(refused.body).toEqual({
      code: INVITE_PHONE_REGISTERED,
      msg: '该手机号已注册，请直接登录；注册 7 天内的新用户登录后仍可接受邀请',
      data: null,
    });
    expect(refused.cookies).toEqual({});
    expect(await accountsOf(phone)).toHaveLength(1);
  });

  it('refuses an unknown, used or expired proof, and an unknown or expired invitation', async () => {
    const { code } = await inviterWithCode(t);
    const unknown = await signUp(code, 'not-a-token');
    expect(unknown.body).toMatchObject({
      code: INVITE_AUTH_INVALID,
      msg: '手机号验证已失效，请重新获取验证码',
    });

    const used = await provenNumber(t);
    expect((await signUp(code, used.authToken)).body.code).toBe(SUCCESS);
    expect((await signUp(code, used.authToken)).body.code).toBe(INVITE_AUTH_INVALID);

    const stale = await provenNumber(t);
    await t.db
      .update(inviteAuthTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(inviteAuthTokens.tokenHash, hashToken(stale.authToken)));
    expect((await signUp(code, stale.authToken)).body.code).toBe(INVITE_AUTH_INVALID);

    const fresh = await provenNumber(t);
    expect((await signUp('NOSUCH22', fresh.authToken)).body.code).toBe(INVITE_CODE_NOT_FOUND);
    const { code: old } = await inviterWithCode(t);
    await expireInvitation(t, old);
    expect((await signUp(old, fresh.authToken)).body.code).toBe(INVITE_CODE_EXPIRED);
    // The proof was not spent by the refusals: it still signs up on a live invitation.
    expect((await signUp(code, fresh.authToken)).body.code).toBe(SUCCESS);
  });

  it('20 concurrent sign-ups with one invitation and one proven number: one account, one reward', async () => {
    const { inviter, code } = await inviterWithCode(t);
    const { phone, authToken } = await provenNumber(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp(code, authToken)));
    expect(tally(answers)).toEqual({ [SUCCESS]: 1, [INVITE_AUTH_INVALID]: 19 });
    expect(answers.filter((a) => a.cookies.duToken)).toHaveLength(1);
    expect(await accountsOf(phone)).toHaveLength(1);
    expect(await bindingsOf(inviter.userId)).toHaveLength(1);
    expect(await rewardsOf(inviter.userId)).toHaveLength(1);
  });

  it('20 concurrent sign-ups of one number, each with its own proof: still one account, one reward', async () => {
    const { inviter, code } = await inviterWithCode(t);
    const phone = uniquePhone();
    const tokens = Array.from({ length: 20 }, () => randomBytes(24).toString('base64url'));
    await t.db.insert(inviteAuthTokens).values(
      tokens.map((token) => ({
        tokenHash: hashToken(token),
        phone,
        expiresAt: sql`now() + interval '10 minutes'`,
      })),
    );
    const answers = await Promise.all(tokens.map((token) => signUp(code, token)));
    expect(tally(answers)).toEqual({ [SUCCESS]: 1, [INVITE_PHONE_REGISTERED]: 19 });
    expect(await accountsOf(phone)).toHaveLength(1);
    const [account] = await accountsOf(phone);
    expect(await bindingsOf(inviter.userId)).toMatchObject([{ inviteeId: account?.id }]);
    expect(await rewardsOf(inviter.userId)).toMatchObject([
      { inviteeId: account?.id, points: INVITE_REWARD_POINTS },
    ]);
  });
});

describe('invited-sign-up (login variant)', () => {
  const bind = (code: string, cookies?: Record<string, string>) =>
    t.signedInject(contract.invite.invitedBind, { code }, cookies ? { cookies } : {});

  it('binds a user of the last 7 days once: a repeat answers the same binding, 20 at once make one reward', async () => {
    const { inviter, code } = await inviterWithCode(t, '邀请人丁');
    const invitee = await signedInUser(t.app, t.db, 'new-user');
    await registeredDaysAgo(t, invitee.userId, 6);
    const answers = await Promise.all(Array.from({ length: 20 }, () => bind(code, invitee.cookies)));
    expect(tally(answers)).toEqual({ [SUCCESS]: 20 });
    expect(new Set(answers.map((a) => a.body.data.joinedAt)).size).toBe(1);
    expect(answers[0]?.body.data.inviter).toMatchObject({ userId: inviter.userId, userName: '邀请人丁' });
    expect(await bindingsOf(inviter.userId)).toMatchObject([{ inviteeId: invitee.userId, via: 'bind' }]);
    expect(await rewardsOf(inviter.userId)).toHaveLength(1);

    const { code: other } = await inviterWithCode(t);
    expect((await bind(other, invitee.cookies)).body).toMatchObject({
      code: INVITE_ALREADY_BOUND,
      msg: '你已接受过其他好友的邀请，每位用户只能接受一次',
    });
  });

  it('refuses oneself, older users, one’s own invitee and a visitor', async () => {
    const { inviter, code } = await inviterWithCode(t);
    expect((await bind(code, inviter.cookies)).body).toMatchObject({
      code: INVITE_SELF,
      msg: '不能接受自己的邀请',
    });

    const old = await signedInUser(t.app, t.db, 'old-user');
    await registeredDaysAgo(t, old.userId, 8);
    expect((await bind(code, old.cookies)).body).toMatchObject({
      code: INVITE_NOT_NEW_USER,
      msg: '仅注册 7 天内的新用户可以接受邀请',
    });

    // The inviter's invitee cannot make the inviter their own invitee.
    const invitee = await signedInUser(t.app, t.db, 'invitee');
    expect((await bind(code, invitee.cookies)).body.code).toBe(SUCCESS);
    const back = await t.signedInject(contract.invite.startInvite, {}, { cookies: invitee.cookies });
    expect((await bind(back.body.data.code, inviter.cookies)).body).toMatchObject({
      code: INVITE_CIRCULAR,
      msg: '你邀请的好友不能再邀请你',
    });
    expect((await bind(code)).body.code).toBe(TOURIST);
    expect((await bind('NOSUCH33', invitee.cookies)).body.code).toBe(INVITE_CODE_NOT_FOUND);
  });

  it('a new account signed up on one landing cannot accept a second invitation', async () => {
    const { code } = await inviterWithCode(t);
    const { authToken } = await provenNumber(t);
    const signed = await signUp(code, authToken);
    const { code: second } = await inviterWithCode(t);
    expect((await bind(second, signed.cookies)).body.code).toBe(INVITE_ALREADY_BOUND);
    expect((await bind(code, signed.cookies)).body.code).toBe(SUCCESS);
  });
});
