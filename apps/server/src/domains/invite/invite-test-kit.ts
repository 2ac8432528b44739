import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { invitations, loginCodes, riskCounters, users } from '../../db/schema';
import { signedInUser, type TestApp, uniquePhone } from '../../test-utils';

// Shared by the invite domain's integration tests (invite.test.ts, sms.test.ts, sign-up.test.ts).

export type TestUser = Awaited<ReturnType<typeof signedInUser>>;

/** A fresh logged-in user and their invitation code. */
export async function inviterWithCode(t: TestApp, name = 'inviter') {
  const inviter = await signedInUser(t.app, t.db, name);
  const started = await t.signedInject(contract.invite.startInvite, {}, { cookies: inviter.cookies });
  expect(started.body.code).toBe(SUCCESS);
  return { inviter, code: started.body.data.code, start: started.body.data };
}

/** The newest code texted to `phone` (the development outbox). */
export async function outboxCode(t: TestApp, phone: string): Promise<string> {
  const outbox = await t.signedInject(contract.auth.loginOutbox, { phone });
  const code = outbox.body.data.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

/** Lets the number have another code now: ages its codes and its 60-second counter. */
export async function ageSmsInterval(t: TestApp, phone: string): Promise<void> {
  await t.db
    .update(loginCodes)
    .set({ createdAt: sql`now() - interval '61 seconds'` })
    .where(eq(loginCodes.phone, phone));
  await t.db
    .update(riskCounters)
    .set({ windowStart: sql`now() - interval '61 seconds'` })
    .where(
      sql`${riskCounters.rule} = 'invite-sms:interval' and ${riskCounters.subject} = ${`phone:${phone}`}`,
    );
}

/** Sends a code to a number and proves it: the authToken of invite-auth. */
export async function provenNumber(t: TestApp, phone = uniquePhone()) {
  const sent = await t.signedInject(contract.invite.sendCaptcha, { phone });
  expect(sent.body.code).toBe(SUCCESS);
  const smsCode = await outboxCode(t, phone);
  const auth = await t.signedInject(contract.invite.inviteAuth, { phone, smsCode });
  expect(auth.body.code).toBe(SUCCESS);
  return { phone, authToken: auth.body.data.authToken, registered: auth.body.data.registered };
}

/** Makes an invitation past its validity. */
export const expireInvitation = (t: TestApp, code: string) =>
  t.db
    .update(invitations)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(invitations.code, code));

/** Dates a user's registration `days` days back. */
export const registeredDaysAgo = (t: TestApp, userId: number, days: number) =>
  t.db
    .update(users)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(users.id, userId));
