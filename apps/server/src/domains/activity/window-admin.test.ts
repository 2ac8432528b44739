import { randomBytes } from 'node:crypto';
import { contract } from '@h5/contract';
import {
  ACTIVITY_NOT_FOUND,
  BAD_REQUEST,
  DOCUMENT_VERSION_CONFLICT,
  NOT_FOUND,
  OPERATOR_ROLE_FORBIDDEN,
  SUCCESS,
} from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, auditLog } from '../../db/schema';
import { createTestApp, loginOperator, type TestApp, type TestOperator } from '../../test-utils';

let t: TestApp;
let ops: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  ops = await loginOperator(t, 'activity_ops');
});
afterAll(() => t.close());

const a = contract.activity;
const HOUR = 3_600_000;

/** A fresh window (unique code) running from `fromHours` to `toHours` around now. */
async function freshWindow(fromHours: number, toHours: number): Promise<string> {
  const code = `w-${randomBytes(4).toString('hex')}`;
  const now = Date.now();
  await t.db.insert(activities).values({
    code,
    title: `窗口 ${code}`,
    startsAt: new Date(now + fromHours * HOUR),
    endsAt: new Date(now + toHours * HOUR),
  });
  return code;
}

const iso = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const read = async (code: string) => (await t.signedInject(a.activityWindow, { code })).body;

describe('backstage activity windows', () => {
  it('lists each window with the codes it answers, its state and version', async () => {
    const code = await freshWindow(1, 5);
    const res = await ops.call(a.windows, {});
    expect(res.body.code).toBe(SUCCESS);
    const row = res.body.data.list.find((window) => window.code === code);
    expect(row).toMatchObject({ code, title: `窗口 ${code}`, codes: [code], state: 'upcoming', version: 0 });
  });

  it('a save made on a version another operator replaced since is refused and changes nothing', async () => {
    const code = await freshWindow(1, 5);
    const other = await loginOperator(t, 'activity_ops');
    const first = await ops.call(a.windowUpdate, {
      code,
      startsAt: iso(-1),
      endsAt: iso(3),
      codes: [code],
      baseVersion: 0,
    });
    expect(first.body.data.version).toBe(2);
    const stale = await other.call(a.windowUpdate, {
      code,
      startsAt: iso(2),
      endsAt: iso(9),
      codes: [code],
      baseVersion: 0,
    });
    expect(stale.body).toMatchObject({
      code: DOCUMENT_VERSION_CONFLICT,
      msg: '你看到的是版本 0，此后已有人保存为版本 2：请刷新，在最新版本上修改',
    });
    expect((await read(code)).data.state).toBe('running');
    const restore = await other.call(a.windowRestore, { code, version: 1, baseVersion: 0 });
    expect(restore.body.code).toBe(DOCUMENT_VERSION_CONFLICT);
    const current = await other.call(a.windowRestore, { code, version: 1, baseVersion: 2 });
    expect(current.body.data).toMatchObject({ state: 'upcoming', version: 3 });
  });

  it('moves a window: the activity read follows at once, the change is a version and is audited', async () => {
    const code = await freshWindow(1, 5);
    expect((await read(code)).data.state).toBe('upcoming');
    const startsAt = iso(-1);
    const endsAt = iso(3);
    const res = await ops.call(a.windowUpdate, { code, startsAt, endsAt, codes: [code] });
    expect(res.body.data).toMatchObject({ code, startsAt, endsAt, state: 'running', version: 2 });
    expect((await read(code)).data).toMatchObject({ code, startsAt, endsAt, state: 'running' });

    const history = (await ops.call(a.windowHistory, { code })).body.data.list;
    expect(history.map((version) => [version.version, version.operatorName, version.value.startsAt])).toEqual(
      [
        [2, ops.operator.name, startsAt],
        [1, null, expect.any(String)],
      ],
    );

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'activity_window'), eq(auditLog.objectId, code)));
    expect(audit).toMatchObject({
      action: 'activity.window.update',
      operatorId: ops.operator.operatorId,
      before: { version: 1, startsAt: history[1]?.value.startsAt, codes: [code] },
      after: { version: 2, startsAt, endsAt, codes: [code] },
    });
  });

  it('restores an earlier version as a new version: the old value is current again', async () => {
    const code = await freshWindow(-2, 5);
    await ops.call(a.windowUpdate, { code, startsAt: iso(-3), endsAt: iso(-1), codes: [code] });
    expect((await read(code)).data.state).toBe('ended');
    const [, original] = (await ops.call(a.windowHistory, { code })).body.data.list;
    const res = await ops.call(a.windowRestore, { code, version: 1 });
    expect(res.body.data).toMatchObject({ state: 'running', version: 3, startsAt: original?.value.startsAt });
    expect((await read(code)).data.state).toBe('running');
    const history = (await ops.call(a.windowHistory, { code })).body.data.list;
    expect(history.map((version) => [version.version, version.restoredFrom])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.objectId, code)).orderBy(auditLog.id);
    expect(audits.map((row) => [row.action, row.reason])).toEqual([
      ['activity.window.update', ''],
      ['activity.window.restore', '恢复版本 1'],
    ]);
    expect(audits[1]?.before).toMatchObject({ version: 2 });
    expect(audits[1]?.after).toMatchObject({ version: 3, startsAt: original?.value.startsAt });
    const missing = await ops.call(a.windowRestore, { code, version: 9 });
    expect(missing.body).toMatchObject({ code: NOT_FOUND, msg: '版本 9 不存在' });
  });

  it('hands a code to another window: its page reads that window', async () => {
    const host = await freshWindow(-1, 5);
    const guest = await freshWindow(2, 5);
    const res = await ops.call(a.windowUpdate, {
      code: host,
      startsAt: iso(-1),
      endsAt: iso(5),
      codes: [host, guest],
    });
    // The guest's own window still answers its code: it must give it up first.
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: BAD_REQUEST,
      msg: `codes: 活动 ${guest} 已由窗口 ${guest} 回答，请先从那里移除`,
    });
    await ops.call(a.windowUpdate, { code: guest, startsAt: iso(2), endsAt: iso(5), codes: [] });
    expect((await read(guest)).code).toBe(ACTIVITY_NOT_FOUND);
    await ops.call(a.windowUpdate, { code: host, startsAt: iso(-1), endsAt: iso(5), codes: [host, guest] });
    expect((await read(guest)).data).toMatchObject({ code: guest, title: `窗口 ${host}`, state: 'running' });
  });

  it('refuses a bad window with a 400 naming the field, and changes nothing', async () => {
    const code = await freshWindow(1, 5);
    const endFirst = await ops.call(a.windowUpdate, {
      code,
      startsAt: iso(3),
      endsAt: iso(2),
      codes: [code],
    });
    expect(endFirst.status).toBe(400);
    expect(endFirst.body).toMatchObject({
      code: BAD_REQUEST,
      msg: 'endsAt: 结束时间必须晚于开始时间',
      data: { fields: { endsAt: '结束时间必须晚于开始时间' } },
    });
    const unknown = await ops.call(a.windowUpdate, {
      code,
      startsAt: iso(1),
      endsAt: iso(2),
      codes: ['no-such-code'],
    });
    expect(unknown.body).toMatchObject({ code: BAD_REQUEST, msg: 'codes: 活动 no-such-code 不存在' });
    const malformed = await ops.call(a.windowUpdate, {
      code,
      startsAt: iso(1),
      endsAt: iso(2),
      codes: ['空 格'],
    });
    expect(malformed.body).toMatchObject({
      code: BAD_REQUEST,
      msg: 'codes.0: 活动编码为 1–40 位字母、数字、_ 或 -',
    });
    const noZone = await ops.call(a.windowUpdate, {
      code,
      startsAt: '2030-01-01T10:00',
      endsAt: iso(2),
      codes: [code],
    });
    expect(noZone.body).toMatchObject({ code: BAD_REQUEST, msg: 'startsAt: 必须是带时区的 ISO 8601 时间' });
    const nowhere = await ops.call(a.windowUpdate, {
      code: 'no-such-window',
      startsAt: iso(1),
      endsAt: iso(2),
      codes: [],
    });
    expect(nowhere.body).toMatchObject({ code: ACTIVITY_NOT_FOUND, msg: '活动 no-such-window 不存在' });
    expect((await ops.call(a.windowHistory, { code })).body.data.list).toEqual([]);
    expect((await read(code)).data.state).toBe('upcoming');
  });

  it('refuses a moderator with 5002', async () => {
    const mod = await loginOperator(t, 'moderator');
    const code = await freshWindow(1, 5);
    const list = await mod.call(a.windows, {});
    expect(list.body.code).toBe(OPERATOR_ROLE_FORBIDDEN);
    const write = await mod.call(a.windowUpdate, { code, startsAt: iso(-1), endsAt: iso(1), codes: [code] });
    expect(write.body.code).toBe(OPERATOR_ROLE_FORBIDDEN);
    expect((await read(code)).data.state).toBe('upcoming');
  });
});
