// Issue 11 point 9: every installation had the same backstage codes, open client and server-upload
// token and secret, written by the seed on every start. A server on a fresh data directory, and one
// on a database that still holds those values, must refuse them.
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadApps } from '../../db/schema';
import { testDatabase } from '../../test-utils';
import { createUploadTestApp, requestToken, serverUpload, type UploadTestApp } from './upload-test-kit';

/** What every installation used to share (the old upload seed wrote them on every start). */
const OLD_H5 = {
  backstageCode: 'community-h5-backstage',
  accessToken: 'h5at-d28bd75fda008a9a306b4d31f8c34bd0',
  accessSecret: '9e7c26bea1ff481e71a45f66cfe21514de64b7e1207d65b64a2190a424fb331e',
  openClientId: 'h5-open-dce0c615',
};
const OLD_PRIVATE_BACKSTAGE = 'community-h5-private-backstage';

const body = { appId: 'community-h5', fileName: 'a.png', type: 'image', folder: 'x' };
let t: UploadTestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'h5-secrets-'));

beforeAll(async () => {
  // A database from before: the fixed values in its rows.
  const { db } = await testDatabase();
  await db.update(uploadApps).set(OLD_H5).where(eq(uploadApps.appId, 'community-h5'));
  await db
    .update(uploadApps)
    .set({ backstageCode: OLD_PRIVATE_BACKSTAGE })
    .where(eq(uploadApps.appId, 'community-h5-private'));
  // No UPLOAD_APP_SECRETS: the server makes its own in this data directory.
  t = await createUploadTestApp({ DATA_DIR: dataDir, UPLOAD_APP_SECRETS: '' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('upload app secrets', () => {
  it('refuses the old fixed backstage codes and open client', async () => {
    expect(await requestToken(t, 'auth', body, { backstageCode: OLD_H5.backstageCode })).toMatchObject({
      code: 4003,
      msg: 'backstageCode 无效',
    });
    expect(
      await requestToken(
        t,
        'auth',
        { ...body, appId: 'community-h5-private' },
        { backstageCode: OLD_PRIVATE_BACKSTAGE },
      ),
    ).toMatchObject({ code: 4003 });
    const openObject = { clientId: OLD_H5.openClientId, sysCode: 'community', channel: 'h5' };
    expect(await requestToken(t, 'open', { ...body, openObject })).toMatchObject({
      code: 4003,
      msg: 'openObject 无效',
    });
  });

  it('refuses the old fixed server-upload access token and secret', async () => {
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', OLD_H5.accessSecret)
      .update(`${OLD_H5.accessToken}\n${OLD_H5.backstageCode}\n${timestamp}`)
      .digest('hex');
    const res = await serverUpload(
      t,
      Buffer.from('x'),
      'a.txt',
      {},
      {
        accessToken: OLD_H5.accessToken,
        backstageCode: OLD_H5.backstageCode,
        timestamp,
        signature,
      },
    );
    expect(res.body).toMatchObject({ code: 4003, msg: 'accessToken 无效' });
  });

  it('keeps its own in DATA_DIR/secrets.json (mode 0600), and the rows follow them', async () => {
    const path = join(dataDir, 'secrets.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const file = JSON.parse(readFileSync(path, 'utf8')) as {
      uploadApps: Record<string, { backstageCode: string; openClientId?: string }>;
    };
    const h5 = file.uploadApps['community-h5'];
    expect(h5?.backstageCode).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(h5?.backstageCode).not.toBe(OLD_H5.backstageCode);
    expect((await requestToken(t, 'auth', body, { backstageCode: h5?.backstageCode as string })).code).toBe(
      200,
    );
    const openObject = { clientId: h5?.openClientId as string, sysCode: 'community', channel: 'h5' };
    expect((await requestToken(t, 'open', { ...body, openObject })).code).toBe(200);

    // A restart on the same data directory reuses them.
    const again = await createUploadTestApp({ DATA_DIR: dataDir, UPLOAD_APP_SECRETS: '' });
    try {
      expect(again.app.deps.secrets).toEqual(file);
      expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(file, null, 2)}\n`);
    } finally {
      await again.close();
    }
  });
});
