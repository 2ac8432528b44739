import { contract } from '@h5/contract';
import {
  OPERATOR_CREDENTIALS_INVALID,
  OPERATOR_LOCKED,
  OPERATOR_LOGIN_REQUIRED,
  OPERATOR_NONCE_HEADER,
  OPERATOR_REQUEST_REFUSED,
  OPERATOR_ROLE_FORBIDDEN,
  OPERATOR_TIME_HEADER,
  OPERATOR_TOTP_REQUIRED,
  SUCCESS,
  TOURIST,
} from '@h5/core';
import { buildRequest } from '@h5/request';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operatorNonces, operatorSessions, operators } from '../../db/schema';
import { pruneOperatorSessions } from '../../plugins/operator-session';
import {
  createTestApp,
  loginOperator,
  signedInUser,
  type TestApp,
  type TestOperator,
  totpCode,
} from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auditOf = (operatorId: number) =>
  t.db.select().from(auditLog).where(eq(auditLog.operatorId, operatorId)).orderBy(auditLog.id);

describe('operator login', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie and a readable CSRF cookie, and audits the login', async () => {
    const admin = await loginOperator(t, 'admin');
    const res = await t.signedInject(contract.backstage.login, {
      name: admin.operator.name,
      password: admin.password,
    });
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
    expect(setCookie.find((c) => c.startsWith('h5_op='))).toMatch(/HttpOnly/i);
    expect(setCookie.find((c) => c.startsWith('h5_op='))).toMatch(/SameSite=Strict/i);
    expect(setCookie.find((c) => c.startsWith('h5_op_csrf='))).not.toMatch(/HttpOnly/i);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await auditOf(admin.operator.operatorId)).map((row) => row.action)).toEqual([
      'operator.login',
      'operator.login',
    ]);
  });

  it('asks for the TOTP code, takes the right one once, and refuses a wrong one', async () => {
    const mod = await loginOperator(t, 'moderator', { totp: true });
    const { name } = mod.operator;
    const secret = mod.totpSecret as string;
    const noCode = await t.signedInject(contract.backstage.login, { name, password: mod.password });
    expect(noCode.body).toMatchObject({ code: OPERATOR_TOTP_REQUIRED, msg: '请输入 6 位动态验证码' });
    // The code of the login above was used: the same code again is refused.
    const reused = await t.signedInject(contract.backstage.login, {
      name,
      password: mod.password,
      totp: totpCode(name, secret),
    });
    expect(reused.body.code).toBe(OPERATOR_CREDENTIALS_INVALID);
    const wrong = await t.signedInject(contract.backstage.login, {
      name,
      password: mod.password,
      totp: '000000',
    });
    expect(wrong.body).toMatchObject({
      code: OPERATOR_CREDENTIALS_INVALID,
      msg: '账号、密码或动态验证码不正确',
    });
  });

  it('locks the account after five failures in a row, even with the right password after', async () => {
    const ops = await loginOperator(t, 'live_ops');
    const { name } = ops.operator;
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await t.signedInject(contract.backstage.login, { name, password: 'wrong password' })).body.code,
      );
    }
    expect(codes).toEqual([5004, 5004, 5004, 5004, OPERATOR_LOCKED]);
    const right = await t.signedInject(contract.backstage.login, { name, password: ops.password });
    expect(right.body).toMatchObject({
      code: OPERATOR_LOCKED,
      msg: '登录失败次数过多，账号已锁定，请 15 分钟后再试',
    });
    expect((await auditOf(ops.operator.operatorId)).map((row) => row.action).slice(-2)).toEqual([
      'operator.login_failed',
      'operator.locked',
    ]);
  });

  it('answers an unknown name like a wrong password', async () => {
    const res = await t.signedInject(contract.backstage.login, { name: 'nobody-here', password: 'whatever' });
    expect(res.body.code).toBe(OPERATOR_CREDENTIALS_INVALID);
  });
});

describe('boundaries', () => {
  it('a user session cannot reach an operator call', async () => {
    const user = await signedInUser(t.app, t.db, 'not-an-operator');
    const res = await t.signedInject(contract.backstage.me, {}, { cookies: user.cookies });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: OPERATOR_LOGIN_REQUIRED, msg: '请先登录运营后台' });
  });

  it('an operator session cannot act as a user', async () => {
    const admin = await loginOperator(t, 'admin');
    const res = await admin.call(contract.creator.videoAccount, {});
    expect(res.body.code).toBe(TOURIST);
  });

  it('a role is checked on the server: a moderator cannot read the audit log', async () => {
    const mod = await loginOperator(t, 'moderator');
    const res = await mod.call(contract.backstage.audit, {});
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: OPERATOR_ROLE_FORBIDDEN,
      msg: '当前角色（moderator）无权进行此操作',
    });
    expect((await mod.call(contract.backstage.me, {})).body.data).toMatchObject({ role: 'moderator' });
  });

  it('refuses a write without the CSRF header, with a stale time, and a replayed one', async () => {
    const admin = await loginOperator(t, 'admin');
    const noCsrf = await t.signedInject(contract.backstage.logout, {}, { cookies: admin.cookies });
    expect(noCsrf.body).toMatchObject({
      code: OPERATOR_REQUEST_REFUSED,
      msg: '后台请求被拒绝：x-op-csrf 与会话不符',
    });
    const send = (wire = buildRequest(contract.backstage.logout, {}, t.env.SIGN_SECRET)) =>
      t.app.inject({
        method: 'POST',
        url: wire.url,
        payload: wire.body,
        cookies: admin.cookies,
        headers: { ...wire.headers, 'x-op-csrf': admin.cookies.h5_op_csrf as string },
      });
    const staleWire = buildRequest(contract.backstage.logout, {}, t.env.SIGN_SECRET);
    staleWire.headers[OPERATOR_TIME_HEADER] = String(Date.now() - 6 * 60_000);
    expect((await send(staleWire)).json()).toMatchObject({
      code: OPERATOR_REQUEST_REFUSED,
      msg: '后台请求被拒绝：x-op-time 缺失或与服务器时间相差超过 5 分钟',
    });
    // The same wire request twice: the second is a replay, refused whichever live session sends it.
    const wire = buildRequest(contract.backstage.logout, {}, t.env.SIGN_SECRET);
    expect(wire.headers[OPERATOR_NONCE_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    const other = await loginOperator(t, 'admin');
    const replayOn = (cookies: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: wire.url,
        payload: wire.body,
        cookies,
        headers: { ...wire.headers, 'x-op-csrf': cookies.h5_op_csrf as string },
      });
    expect((await replayOn(admin.cookies)).json().code).toBe(SUCCESS);
    expect((await replayOn(other.cookies)).json()).toMatchObject({
      code: OPERATOR_REQUEST_REFUSED,
      msg: '后台请求被拒绝：重复的请求（重放）',
    });
    expect((await other.call(contract.backstage.me, {})).body.code).toBe(SUCCESS);
    // The logged-out session is gone for good: its own replay finds no session.
    expect((await replayOn(admin.cookies)).json().code).toBe(OPERATOR_LOGIN_REQUIRED);
  });
});

describe('session expiry', () => {
  const sessionOf = async (op: TestOperator) =>
    (
      await t.db
        .select()
        .from(operatorSessions)
        .where(eq(operatorSessions.operatorId, op.operator.operatorId))
    )[0] as typeof operatorSessions.$inferSelect;

  it('moves the idle expiry with use at most once a minute, and an idle session ends', async () => {
    const mod = await loginOperator(t, 'moderator');
    const first = await sessionOf(mod);
    // 30 minutes of idle time (OPERATOR_SESSION_IDLE_MINUTES' default) from the login.
    expect(first.expiresAt.getTime() - first.createdAt.getTime()).toBeGreaterThan(29 * 60_000);
    await mod.call(contract.backstage.me, {});
    expect((await sessionOf(mod)).expiresAt).toEqual(first.expiresAt);
    // Two minutes on, a read moves it.
    const earlier = new Date(first.expiresAt.getTime() - 2 * 60_000);
    await t.db.update(operatorSessions).set({ expiresAt: earlier }).where(eq(operatorSessions.id, first.id));
    await mod.call(contract.backstage.me, {});
    expect((await sessionOf(mod)).expiresAt.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);
    // Past it, the session is over.
    await t.db
      .update(operatorSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorSessions.id, first.id));
    const res = await mod.call(contract.backstage.me, {});
    expect([res.status, res.body.code]).toEqual([401, OPERATOR_LOGIN_REQUIRED]);
  });

  it('the clean-up job removes old nonces and long-ended sessions, not live ones', async () => {
    const admin = await loginOperator(t, 'admin');
    const ended = await loginOperator(t, 'admin');
    const endedRow = await sessionOf(ended);
    const now = Date.now();
    await t.db
      .update(operatorSessions)
      .set({ expiresAt: new Date(now - 2 * 86_400_000) })
      .where(eq(operatorSessions.id, endedRow.id));
    await t.db.insert(operatorNonces).values([
      { nonce: '00000000-0000-4000-8000-00000000abc1', seenAt: new Date(now - 11 * 60_000) },
      { nonce: '00000000-0000-4000-8000-00000000abc2', seenAt: new Date(now - 60_000) },
    ]);
    expect(await pruneOperatorSessions(t.db, new Date(now))).toBeGreaterThanOrEqual(2);
    const kept = await t.db.select({ nonce: operatorNonces.nonce }).from(operatorNonces);
    expect(kept.map((k) => k.nonce)).toContain('00000000-0000-4000-8000-00000000abc2');
    expect(kept.map((k) => k.nonce)).not.toContain('00000000-0000-4000-8000-00000000abc1');
    expect(await t.db.select().from(operatorSessions).where(eq(operatorSessions.id, endedRow.id))).toEqual(
      [],
    );
    expect((await admin.call(contract.backstage.me, {})).body.code).toBe(SUCCESS);
  });
});

describe('audit log', () => {
  it('lists actions newest first, filtered by operator and object', async () => {
    const admin = await loginOperator(t, 'admin');
    const mod = await loginOperator(t, 'moderator');
    const res = await admin.call(contract.backstage.audit, { operatorId: mod.operator.operatorId, limit: 5 });
    expect(res.body.data.list).toEqual([
      expect.objectContaining({
        operatorName: mod.operator.name,
        action: 'operator.login',
        objectType: 'operator',
        objectId: String(mod.operator.operatorId),
        address: '127.0.0.1',
      }),
    ]);
    const byObject = await admin.call(contract.backstage.audit, {
      objectType: 'operator',
      objectId: String(admin.operator.operatorId),
    });
    expect(byObject.body.data.list.map((row) => row.action)).toEqual(['operator.login']);
  });

  it('cannot be altered by the application’s database role', async () => {
    const admin = await loginOperator(t, 'admin');
    const [row] = await auditOf(admin.operator.operatorId);
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'done',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    const id = row?.id as number;
    expect(await refusal(t.db.update(auditLog).set({ reason: 'edited' }).where(eq(auditLog.id, id)))).toBe(
      'audit_log is append-only: UPDATE refused',
    );
    expect(await refusal(t.db.delete(auditLog).where(eq(auditLog.id, id)))).toBe(
      'audit_log is append-only: DELETE refused',
    );
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toBe(
      'audit_log is append-only: TRUNCATE refused',
    );
    expect(await auditOf(admin.operator.operatorId)).toEqual([row]);
  });

  it('no contract entry updates or deletes it', async () => {
    const paths = Object.values(contract.backstage).map((entry) => entry.path);
    expect(paths.filter((path) => /audit/.test(path))).toEqual(['/backstage/v1/audit']);
    expect(contract.backstage.audit.method).toBe('GET');
  });
});

describe('operator accounts', () => {
  it('stores argon2id hashes, never the password', async () => {
    const mod = await loginOperator(t, 'moderator');
    const [row] = await t.db.select().from(operators).where(eq(operators.id, mod.operator.operatorId));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(mod.password);
  });
});
