import { randomBytes } from 'node:crypto';
import { CLIENT_CONF_KEY, contract } from '@h5/contract';
import {
  BAD_REQUEST,
  DOCUMENT_VERSION_CONFLICT,
  NOT_FOUND,
  OPERATOR_ROLE_FORBIDDEN,
  SUCCESS,
} from '@h5/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, configEntries } from '../../db/schema';
import { createTestApp, loginOperator, type TestApp, type TestOperator } from '../../test-utils';
import { entryHash } from './queries';

let t: TestApp;
let admin: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOperator(t, 'admin');
});
afterAll(() => t.close());

const c = contract.config;

/** A fresh project's document `key` holding `value`; its entry id and hash. */
async function freshDocument(key: string, value: unknown) {
  const projectName = `p-${randomBytes(4).toString('hex')}`;
  const hash = entryHash(projectName, key);
  const [row] = await t.db
    .insert(configEntries)
    .values({ hash, projectName, key, type: 'config', value })
    .returning({ id: configEntries.id });
  return { id: (row as { id: number }).id, projectName, hash };
}

describe('backstage config documents', () => {
  it('two admins editing one document: the second save, made on the version both read, is refused and saves nothing', async () => {
    const doc = await freshDocument('two-editors', { text: '原文' });
    const other = await loginOperator(t, 'admin');
    const first = await admin.call(c.documentUpdate, { id: doc.id, text: '{"text": "甲"}', baseVersion: 0 });
    expect(first.body.data.version).toBe(2);
    const second = await other.call(c.documentUpdate, { id: doc.id, text: '{"text": "乙"}', baseVersion: 0 });
    expect(second.body).toMatchObject({
      code: DOCUMENT_VERSION_CONFLICT,
      msg: '你看到的是版本 0，此后已有人保存为版本 2：请刷新，在最新版本上修改',
    });
    const restore = await other.call(c.documentRestore, { id: doc.id, version: 1, baseVersion: 0 });
    expect(restore.body.code).toBe(DOCUMENT_VERSION_CONFLICT);
    expect((await admin.call(c.document, { id: doc.id })).body.data).toMatchObject({
      version: 2,
      value: { text: '甲' },
    });
    // On the newest version the second admin's save goes through.
    const again = await other.call(c.documentUpdate, { id: doc.id, text: '{"text": "乙"}', baseVersion: 2 });
    expect(again.body.data).toMatchObject({ version: 3, value: { text: '乙' } });
  });

  it('edits client-conf: the served client-conf and the {hash} read follow at once, audited', async () => {
    const doc = await freshDocument(CLIENT_CONF_KEY, { errorPageSwitch: false, tab: 1 });
    const byHash = { hash: doc.hash, projectName: doc.projectName, key: CLIENT_CONF_KEY };
    // Read once so the visitor cache holds the old document.
    expect((await t.signedInject(c.configByHash, byHash)).body.data).toEqual({
      errorPageSwitch: false,
      tab: 1,
    });
    expect((await t.signedInject(c.clientConf, { project: doc.projectName })).body.data.errorPageSwitch).toBe(
      false,
    );

    const listed = (await admin.call(c.documents, {})).body.data.list.find((row) => row.id === doc.id);
    expect(listed).toMatchObject({ key: CLIENT_CONF_KEY, hash: doc.hash, version: 0, schema: true });

    const res = await admin.call(c.documentUpdate, {
      id: doc.id,
      text: '{"errorPageSwitch": true, "tab": 2}',
    });
    expect(res.body).toMatchObject({
      code: SUCCESS,
      data: { version: 2, value: { errorPageSwitch: true, tab: 2 } },
    });
    expect((await t.signedInject(c.clientConf, { project: doc.projectName })).body.data).toEqual({
      errorPageSwitch: true,
      tab: 2,
    });
    expect((await t.signedInject(c.configByHash, byHash)).body.data).toEqual({
      errorPageSwitch: true,
      tab: 2,
    });
    expect((await admin.call(c.document, { id: doc.id })).body.data).toMatchObject({
      version: 2,
      value: { errorPageSwitch: true, tab: 2 },
    });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'config_document'), eq(auditLog.objectId, String(doc.id))));
    expect(audit).toMatchObject({
      action: 'config.document.update',
      operatorId: admin.operator.operatorId,
      before: { version: 1, value: { errorPageSwitch: false, tab: 1 } },
      after: { version: 2, value: { errorPageSwitch: true, tab: 2 } },
      reason: `${doc.projectName}/client-conf`,
    });
  });

  it('refuses bad JSON and a document the app could not read, naming the path, and changes nothing', async () => {
    const doc = await freshDocument(CLIENT_CONF_KEY, { errorPageSwitch: false });
    const broken = await admin.call(c.documentUpdate, { id: doc.id, text: '{"errorPageSwitch": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe(BAD_REQUEST);
    expect(broken.body.msg).toMatch(/^text: 不是有效的 JSON：/);
    const wrongType = await admin.call(c.documentUpdate, { id: doc.id, text: '{"errorPageSwitch": "yes"}' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({
      code: BAD_REQUEST,
      msg: 'value.errorPageSwitch: 无效输入：期望 boolean，实际接收 string',
    });
    const notObject = await admin.call(c.documentUpdate, { id: doc.id, text: '[1, 2]' });
    expect(notObject.body).toMatchObject({ code: BAD_REQUEST, msg: 'value: 文档必须是 JSON 对象或字符串' });

    const idea = await freshDocument('search-idea', { title: 't', placeholder: 'p', options: [] });
    const badOption = await admin.call(c.documentUpdate, {
      id: idea.id,
      text: '{"title": "t", "placeholder": "p", "options": [{"id": "one", "label": "x"}]}',
    });
    expect(badOption.body).toMatchObject({
      code: BAD_REQUEST,
      msg: 'value.options.0.id: 无效输入：期望 数字，实际接收 string',
    });
    expect((await admin.call(c.documentHistory, { id: doc.id })).body.data.list).toEqual([]);
    expect((await t.signedInject(c.clientConf, { project: doc.projectName })).body.data.errorPageSwitch).toBe(
      false,
    );
    const missing = await admin.call(c.documentUpdate, { id: 2_000_000_000, text: '{}' });
    expect(missing.body).toMatchObject({ code: NOT_FOUND, msg: '配置不存在' });
  });

  it('restores an earlier version as a new version, and the served document follows', async () => {
    const doc = await freshDocument('banner', { text: '春季' });
    await admin.call(c.documentUpdate, { id: doc.id, text: '{"text": "夏季"}' });
    await admin.call(c.documentUpdate, { id: doc.id, text: '"纯文本"' });
    const byHash = { hash: doc.hash, projectName: doc.projectName, key: 'banner' };
    expect((await t.signedInject(c.configByHash, byHash)).body.data).toBe('纯文本');
    const res = await admin.call(c.documentRestore, { id: doc.id, version: 1 });
    expect(res.body.data).toMatchObject({ version: 4, value: { text: '春季' }, schema: false });
    expect((await t.signedInject(c.configByHash, byHash)).body.data).toEqual({ text: '春季' });
    const history = (await admin.call(c.documentHistory, { id: doc.id })).body.data.list;
    expect(history.map((row) => [row.version, row.value, row.restoredFrom])).toEqual([
      [4, { text: '春季' }, 1],
      [3, '纯文本', null],
      [2, { text: '夏季' }, null],
      [1, { text: '春季' }, null],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'config.document.restore'), eq(auditLog.objectId, String(doc.id))));
    expect(audit).toMatchObject({
      before: { version: 3, value: '纯文本' },
      after: { version: 4, value: { text: '春季' } },
      reason: `${doc.projectName}/banner 恢复版本 1`,
    });
    const missing = await admin.call(c.documentRestore, { id: doc.id, version: 7 });
    expect(missing.body).toMatchObject({ code: NOT_FOUND, msg: '版本 7 不存在' });
  });

  it('is for admins only: a moderator and an activity operator are refused with 5002', async () => {
    const doc = await freshDocument('banner', { text: 'x' });
    for (const role of ['moderator', 'activity_ops'] as const) {
      const other = await loginOperator(t, role);
      expect((await other.call(c.documents, {})).body.code).toBe(OPERATOR_ROLE_FORBIDDEN);
      expect((await other.call(c.documentUpdate, { id: doc.id, text: '{}' })).body.code).toBe(
        OPERATOR_ROLE_FORBIDDEN,
      );
    }
    expect((await admin.call(c.document, { id: doc.id })).body.data.value).toEqual({ text: 'x' });
  });
});
