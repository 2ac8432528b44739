import { contract, type Endpoint } from '@h5/contract';
import {
  OPERATOR_LOGIN_REQUIRED,
  OPERATOR_REQUEST_REFUSED,
  OPERATOR_ROLE_FORBIDDEN,
  SIGN_INVALID,
  TOURIST,
} from '@h5/core';
import { buildRequest } from '@h5/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  insertTestContents,
  loginOperator,
  signedInUser,
  type TestApp,
  type TestOperator,
} from '../../test-utils';
import { baseInputOf } from '../../test-utils/zod-sample';

/**
 * Issue 30 "Done when", the boundaries, over every entry of the contract: a user session reaches no
 * operator call, an operator session acts as no user, and a forged operator write (no CSRF token,
 * another session's token, a bad sign) is refused before its handler.
 */

let t: TestApp;
let user: { cookies: Record<string, string> };
let admin: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.app, t.db, 'boundary-user');
  admin = await loginOperator(t, 'admin');
});
afterAll(() => t.close());

const entries = Object.entries(contract).flatMap(([domain, calls]) =>
  Object.entries(calls as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${domain}.${name}`,
    endpoint,
  })),
);
const operatorEntries = entries.filter(({ endpoint }) => endpoint.auth === 'operator');
const userEntries = entries.filter(({ endpoint }) => endpoint.auth === 'login' && endpoint.envelope);
// A publish's one sampled picture is its cover.
const inputOf = (endpoint: Endpoint) => baseInputOf(endpoint.request, { lastId: undefined, coverIndex: 0 });

describe('backstage boundaries over every entry', () => {
  it('finds the operator entries', () => {
    expect(operatorEntries.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['backstage.audit', 'invite.pickContent']),
    );
  });

  it('a user session reaches no operator call: 5001 (HTTP 401) each', async () => {
    const answers: string[] = [];
    for (const { name, endpoint } of operatorEntries) {
      const res = await t.signedInject(endpoint, inputOf(endpoint) as never, { cookies: user.cookies });
      answers.push(`${name} ${res.status} ${res.body.code}`);
    }
    expect(answers).toEqual(operatorEntries.map(({ name }) => `${name} 401 ${OPERATOR_LOGIN_REQUIRED}`));
  });

  it('an operator session acts as no user: 7999 on every login entry', async () => {
    const answers: string[] = [];
    for (const { name, endpoint } of userEntries) {
      const res = await admin.call(endpoint, inputOf(endpoint) as never);
      answers.push(`${name} ${res.body.code}`);
    }
    expect(answers).toEqual(userEntries.map(({ name }) => `${name} ${TOURIST}`));
  });

  it('refuses forged operator writes: no CSRF token, another session’s token, a bad sign', async () => {
    const other = await loginOperator(t, 'admin');
    const writes = operatorEntries.filter(
      ({ endpoint }) => endpoint.method === 'POST' && endpoint.path !== '/backstage/v1/logout',
    );
    expect(writes.length).toBeGreaterThan(0);
    const answers: string[] = [];
    for (const { name, endpoint } of writes) {
      const input = inputOf(endpoint) as never;
      const noCsrf = await t.signedInject(endpoint, input, { cookies: admin.cookies });
      const wrongCsrf = await t.signedInject(endpoint, input, {
        cookies: admin.cookies,
        headers: { 'x-op-csrf': other.cookies.h5_op_csrf as string },
      });
      const badSign = await admin.call(endpoint, input, { sign: 'forged' });
      answers.push(
        `${name} ${noCsrf.body.code} ${wrongCsrf.body.code} ${badSign.status}/${badSign.body.code}`,
      );
    }
    expect(answers).toEqual(
      writes.map(
        ({ name }) => `${name} ${OPERATOR_REQUEST_REFUSED} ${OPERATOR_REQUEST_REFUSED} 403/${SIGN_INVALID}`,
      ),
    );
  });

  it('a role without the entry is refused on every operator call it may not make', async () => {
    const moderator = await loginOperator(t, 'moderator');
    const notTheirs = operatorEntries.filter(({ endpoint }) => !(endpoint.roles ?? []).includes('moderator'));
    expect(notTheirs.length).toBeGreaterThan(0);
    const answers: string[] = [];
    for (const { name, endpoint } of notTheirs) {
      const res = await moderator.call(endpoint, inputOf(endpoint) as never);
      answers.push(`${name} ${res.status} ${res.body.code}`);
    }
    expect(answers).toEqual(notTheirs.map(({ name }) => `${name} 403 ${OPERATOR_ROLE_FORBIDDEN}`));
  });

  it('a replayed wire request is refused whichever session sends it', async () => {
    const [pick] = operatorEntries.filter(({ name }) => name === 'invite.pickContent');
    // A content of this test's own: the pick is real, and other files share the database.
    const author = await signedInUser(t.app, t.db, 'boundary-author');
    const [contentId] = await insertTestContents(t.db, author.userId, 1);
    const wire = buildRequest(pick?.endpoint as Endpoint, { contentId } as never, t.env.SIGN_SECRET);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: wire.url,
        payload: wire.body,
        cookies: admin.cookies,
        headers: { ...wire.headers, 'x-op-csrf': admin.cookies.h5_op_csrf as string },
      });
    expect((await send()).json().code).toBe(200);
    expect((await send()).json()).toMatchObject({
      code: OPERATOR_REQUEST_REFUSED,
      msg: '后台请求被拒绝：重复的请求（重放）',
    });
  });
});
