import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_CONF_REF, contract, DEFAULT_CONFIG_PROJECT } from '@h5/contract';
import { NOT_FOUND, SUCCESS } from '@h5/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { migrationsFolder } from '../../db/migrate';
import { SEED_CONFIG_ENTRIES } from '../../db/seed/config-seed';
import { createTestApp, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const [bannerEntry, shareEntry] = SEED_CONFIG_ENTRIES;

describe('client-ip', () => {
  it('answers the socket address and ignores proxy headers by default', async () => {
    const res = await t.signedInject(
      contract.config.clientIp,
      {},
      { headers: { 'x-real-ip': '203.0.113.9' } },
    );
    expect(res.body).toEqual({ code: SUCCESS, msg: 'success', data: { xRealIp: '127.0.0.1' } });
  });

  it('reads the rightmost X-Forwarded-For entry behind a trusted proxy (plugins/trusted-proxy.test.ts)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const forwarded = await proxied.signedInject(
        contract.config.clientIp,
        {},
        { headers: { 'x-forwarded-for': '198.51.100.7, 10.0.0.1' } },
      );
      expect(forwarded.body.data.xRealIp).toBe('10.0.0.1');
    } finally {
      await proxied.close();
    }
  });
});

describe('client-conf', () => {
  it('writes the switch through the internal path and reads it back', async () => {
    const project = `test-${Date.now()}`;
    const before = await t.signedInject(contract.config.clientConf, { project });
    expect(before.body.data).toEqual({ errorPageSwitch: false });

    const on = await t.signedInject(contract.config.setClientConf, {
      project,
      key: 'errorPageSwitch',
      value: true,
    });
    expect(on.body.data.errorPageSwitch).toBe(true);
    await t.signedInject(contract.config.setClientConf, { project, key: 'banner', value: { text: 'hi' } });
    const after = await t.signedInject(contract.config.clientConf, { project });
    expect(after.body.data).toEqual({ errorPageSwitch: true, banner: { text: 'hi' } });

    await t.signedInject(contract.config.setClientConf, { project, key: 'errorPageSwitch', value: false });
    expect((await t.signedInject(contract.config.clientConf, { project })).body.data.errorPageSwitch).toBe(
      false,
    );
  });

  it('defaults the project and has the seeded switch off', async () => {
    const res = await t.signedInject(contract.config.clientConf, {});
    expect(res.body.data).toMatchObject({ errorPageSwitch: expect.any(Boolean) });
  });

  it('refuses the internal write in production with 404', async () => {
    const pro = await createTestApp({ APP_ENV: 'pro' });
    try {
      const res = await pro.signedInject(contract.config.setClientConf, {
        key: 'errorPageSwitch',
        value: true,
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(NOT_FOUND);
    } finally {
      await pro.close();
    }
  });
});

describe('config by hash', () => {
  it('returns an object stored as an object', async () => {
    const { hash, projectName, key, value } = bannerEntry;
    const res = await t.signedInject(contract.config.configByHash, { hash, projectName, key });
    expect(res.body).toMatchObject({ code: SUCCESS, data: value });
  });

  it('returns a JSON string stored as a string', async () => {
    const { hash, projectName, key, value } = shareEntry;
    const res = await t.signedInject(contract.config.configByHash, {
      hash,
      projectName,
      key,
      type: 'config',
    });
    expect(typeof res.body.data).toBe('string');
    expect(res.body.data).toBe(value);
  });

  it('answers a missing hash with a 404 business error', async () => {
    const res = await t.signedInject(contract.config.configByHash, {
      hash: 'abcdef0123',
      projectName: DEFAULT_CONFIG_PROJECT,
      key: 'nope',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: NOT_FOUND, data: null });
  });
});

describe('configCenter static file', () => {
  it('serves the entry as bare JSON without sign', async () => {
    const res = await t.app.inject(
      `/static-config/t1/configCenter/${DEFAULT_CONFIG_PROJECT}/feed-banner.json`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual(bannerEntry.value);
    const text = await t.app.inject(
      `/static-config/pro/configCenter/${DEFAULT_CONFIG_PROJECT}/share-copy.json`,
    );
    expect(text.json()).toEqual(JSON.parse(shareEntry.value));
  });

  it('answers 404 for a missing file and 400 for a bad prefix', async () => {
    expect(
      (await t.app.inject(`/static-config/t1/configCenter/${DEFAULT_CONFIG_PROJECT}/missing.json`))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject(`/static-config/t9/configCenter/${DEFAULT_CONFIG_PROJECT}/feed-banner.json`))
        .statusCode,
    ).toBe(400);
  });
});

describe('ep-dyeing', () => {
  it('lists the colouring environments', async () => {
    const res = await t.signedInject(contract.config.epDyeing, {});
    expect(res.body.data.results).toContainEqual({ name: 'feature-a', c_name: '特性环境A' });
  });
});

describe('client-conf is a config-centre document (issue 12 point 6)', () => {
  it("the site's client-conf is served by the {hash} call and the static file, with what the write set", async () => {
    const notice = `测试公告 ${Date.now()}`;
    await t.signedInject(contract.config.setClientConf, { key: 'notice', value: notice });
    // The literal hash the page holds: md5('community-h5/client-conf/config'), 10 hex digits.
    const byHash = await t.signedInject(contract.config.configByHash, {
      hash: '8faf5ab46b',
      projectName: 'community-h5',
      key: 'client-conf',
    });
    expect(byHash.body).toMatchObject({ code: SUCCESS, data: { errorPageSwitch: false, notice } });
    for (const tree of ['t1', 'pro']) {
      const file = await t.app.inject(`/static-config/${tree}/configCenter/community-h5/client-conf.json`);
      expect(file.statusCode).toBe(200);
      expect(file.json()).toMatchObject({ errorPageSwitch: false, notice });
    }
    expect(CLIENT_CONF_REF.hash).toBe('8faf5ab46b');
    await t.signedInject(contract.config.setClientConf, { key: 'notice', value: '' });
  });

  it('the write creates a new project\'s document with hash md5("{project}/client-conf/config")', async () => {
    const project = 'hash-probe-project';
    await t.signedInject(contract.config.setClientConf, { project, key: 'errorPageSwitch', value: true });
    // md5('hash-probe-project/client-conf/config') = bd4c40242d… computed outside the code (md5sum).
    const res = await t.signedInject(contract.config.configByHash, {
      hash: 'bd4c40242d',
      projectName: project,
      key: 'client-conf',
    });
    expect(res.body).toMatchObject({ code: SUCCESS, data: { errorPageSwitch: true } });
  });

  it('concurrent writes of different keys all land in the one document', async () => {
    const project = `concurrent-${Date.now()}`;
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    await Promise.all(
      keys.map((key, i) => t.signedInject(contract.config.setClientConf, { project, key, value: i })),
    );
    const res = await t.signedInject(contract.config.clientConf, { project });
    expect(res.body.data).toEqual({
      errorPageSwitch: false,
      ...Object.fromEntries(keys.map((k, i) => [k, i])),
    });
  });

  it('migration 0011 moves client_conf rows into one document per project and drops the table', async () => {
    const project = `migrated-${Date.now()}`;
    const { db } = t;
    await db.execute(
      sql.raw(`CREATE TABLE "client_conf" ("project" varchar(64) NOT NULL, "key" varchar(128) NOT NULL,
      "value" jsonb NOT NULL, CONSTRAINT "client_conf_project_key_pk" PRIMARY KEY("project","key"))`),
    );
    await db.execute(
      sql`INSERT INTO client_conf VALUES (${project}, 'errorPageSwitch', 'true'::jsonb), (${project}, 'notice', '"维护"'::jsonb)`,
    );
    const migration = readFileSync(
      join(migrationsFolder(), '0011_client_conf_in_config_entries.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const res = await t.signedInject(contract.config.clientConf, { project });
    expect(res.body.data).toEqual({ errorPageSwitch: true, notice: '维护' });
    const [row] = rowsOf<{ t: unknown }>(await db.execute(sql`SELECT to_regclass('client_conf') AS t`));
    expect(row?.t).toBeNull();
  });
});
