import { uploadTokenSchema } from '@h5/contract';
import { UPLOAD_MESSAGES } from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCredentials, users } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { parsePolicy } from './policy';
import {
  appSecretsOf,
  createUploadTestApp,
  FILE_TYPES_PATH,
  requestToken,
  type UploadTestApp,
} from './upload-test-kit';

let t: UploadTestApp;
let userId: number;
let tokens: { duToken: string; xAuthToken: string };
const body = { appId: 'community-h5', fileName: 'photo.png', type: 'image', folder: 'feedback' };
const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '/');

beforeAll(async () => {
  t = await createUploadTestApp();
  const [user] = await t.db.select({ id: users.id }).from(users).limit(1);
  userId = (user as { id: number }).id;
  tokens = await t.app.deps.sessions.create(userId);
});
afterAll(() => t.close());

describe('token gateways', () => {
  it('auth: the app by backstageCode gets a credential row and a policy signed for it', async () => {
    const res = await requestToken(t, 'auth', body, { backstageCode: appSecretsOf(t).backstageCode });
    expect(res.code).toBe(200);
    const token = uploadTokenSchema.parse(res.data);
    expect(token).toMatchObject({
      startsWith: `community-h5/feedback/${today()}/`,
      bucket: 'community-h5',
      region: 'local',
      ossHost: `${t.base}/oss/community-h5`,
      cdnHost: `${t.base}/cdn`,
      objectAcl: 'public-read',
      cdnUrlSign: false,
      transcordWith: '',
    });
    expect(token.stsToken).toBe(token.securityToken);
    const [row] = await t.db
      .select()
      .from(uploadCredentials)
      .where(eq(uploadCredentials.accessKeyId, token.accessKeyId));
    expect(row).toMatchObject({
      appId: 'community-h5',
      userId: null,
      gateway: 'auth',
      keyPrefix: token.startsWith,
    });
    expect(row?.securityTokenHash).toBe(hashToken(token.securityToken));
    expect(row?.securityTokenHash).not.toContain(token.securityToken);
    const policy = parsePolicy(token.policy);
    expect(policy?.keyStartsWith).toEqual([token.startsWith]);
    expect(policy?.lengthRange).toEqual({ min: 0, max: 104_857_600 });
    expect(policy?.buckets).toEqual(['community-h5']);
    expect(Math.abs((policy?.expiration.getTime() ?? 0) - (Date.now() + 15 * 60_000))).toBeLessThan(5000);
  });

  it('auth: refuses a missing or unknown backstageCode, and an unknown app', async () => {
    expect(await requestToken(t, 'auth', body)).toMatchObject({
      code: 4001,
      msg: UPLOAD_MESSAGES.authGatewayBackstageCode,
    });
    expect(await requestToken(t, 'auth', body, { backstageCode: 'nope' })).toMatchObject({
      code: 4003,
      msg: 'backstageCode 无效',
    });
    expect(
      await requestToken(
        t,
        'auth',
        { ...body, appId: 'nope' },
        { backstageCode: appSecretsOf(t).backstageCode },
      ),
    ).toMatchObject({ code: 4002 });
    expect(
      await requestToken(
        t,
        'auth',
        { ...body, type: 'spaceship' },
        { backstageCode: appSecretsOf(t).backstageCode },
      ),
    ).toMatchObject({
      code: 400,
      msg: 'type: unknown file type: spaceship',
    });
  });

  it('app, v2, v3, internal: a session from x-auth-token or duToken, keys under u{userId}/', async () => {
    for (const gateway of ['app', 'v2', 'v3', 'internal'] as const) {
      const viaX = await requestToken(t, gateway, body, { 'x-auth-token': tokens.xAuthToken });
      expect(viaX.code, gateway).toBe(200);
      expect(viaX.data.startsWith).toBe(`community-h5/u${userId}/feedback/${today()}/`);
      expect((await requestToken(t, gateway, body, { duToken: tokens.duToken })).code).toBe(200);
      expect(await requestToken(t, gateway, body)).toMatchObject({ code: 7999 });
      expect(await requestToken(t, gateway, body, { 'x-auth-token': 'dead' })).toMatchObject({ code: 700 });
    }
  });

  it('abroad: like app, on the abroad bucket and region', async () => {
    const res = await requestToken(t, 'abroad', body, { 'x-auth-token': tokens.xAuthToken });
    expect(res.data).toMatchObject({
      bucket: 'community-h5-abroad',
      region: 'abroad',
      ossHost: `${t.base}/oss/community-h5-abroad`,
    });
    expect(await requestToken(t, 'abroad', body)).toMatchObject({ code: 7999 });
  });

  it('customize: only the duToken header', async () => {
    expect((await requestToken(t, 'customize', body, { duToken: tokens.duToken })).code).toBe(200);
    expect(await requestToken(t, 'customize', body, { 'x-auth-token': tokens.xAuthToken })).toMatchObject({
      code: 7999,
    });
  });

  it("open: the app's open client in the body", async () => {
    const openObject = {
      clientId: appSecretsOf(t).openClientId as string,
      sysCode: 'community',
      channel: 'h5',
    };
    const ok = await requestToken(t, 'open', { ...body, openObject });
    expect(ok.code).toBe(200);
    expect(ok.data.startsWith).toBe(`community-h5/feedback/${today()}/`);
    expect(await requestToken(t, 'open', body)).toMatchObject({
      code: 4001,
      msg: UPLOAD_MESSAGES.openGatewayObject,
    });
    expect(
      await requestToken(t, 'open', { ...body, openObject: { ...openObject, channel: 'x' } }),
    ).toMatchObject({ code: 4003 });
  });

  it('the private app issues private, signed-CDN tokens', async () => {
    const res = await requestToken(
      t,
      'auth',
      { ...body, appId: 'community-h5-private' },
      { backstageCode: appSecretsOf(t, 'community-h5-private').backstageCode },
    );
    expect(res.data).toMatchObject({
      objectAcl: 'private',
      cdnUrlSign: true,
      bucket: 'community-h5-private',
    });
  });

  it('refuses an unsigned call', async () => {
    const res = await fetch(`${t.base}/sns-oss/v1/h5/oss-platform/token/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', backstageCode: appSecretsOf(t).backstageCode },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(403);
  });
});

describe('file-type enum', () => {
  it('is bare JSON from the file_types table', async () => {
    const res = await fetch(`${t.base}${FILE_TYPES_PATH}`);
    expect(res.status).toBe(200);
    const types = (await res.json()) as Record<string, { suffixes: string[]; mime: string[] }>;
    expect(Object.keys(types).sort()).toEqual(['archive', 'audio', 'document', 'image', 'video']);
    expect(types.image?.suffixes).toEqual(['bmp', 'gif', 'heic', 'jpeg', 'jpg', 'png', 'webp']);
    expect(types.image?.mime).toContain('image/jpeg');
    expect(types.archive).toEqual({ suffixes: ['zip'], mime: ['application/zip'] });
    expect(types.video?.suffixes).toEqual(['m4v', 'mov', 'mp4', 'webm']);
  });
});
