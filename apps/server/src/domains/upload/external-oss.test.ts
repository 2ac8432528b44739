// Issue 29 point 5: UPLOAD_DRIVER=oss hands browsers real OSS credentials (STS AssumeRole under a
// session policy for the token's prefix) and a PostObject policy for an external bucket, and the
// SDK uploads straight to it. The external OSS here is a second server (B) as the stand-in: its
// storage host speaks OSS's wire protocol and its /sts answers AssumeRole for an upload app's
// access key. Stock ali-oss's own STS client is checked against the stand-in too.
import { STORAGE_PATHS, type UploadToken } from '@h5/contract';
import { MULTIPART_CHUNK_BYTES, SERVICE_UNAVAILABLE } from '@h5/core';
import { createApiClient } from '@h5/request';
import { createUploader } from '@h5/upload';
import OSS from 'ali-oss';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCredentials, users } from '../../db/schema';
import { generateUploadAppSecrets } from '../../db/seed/upload-seed';
import { sessionPolicy } from './external-oss';
import { createUploadTestApp, requestToken, storedRow, type UploadTestApp } from './upload-test-kit';

/** One set of upload app secrets for both servers (they sync them into the one test database). */
const SECRETS = generateUploadAppSecrets();
const H5_KEY = SECRETS['community-h5'];
const ROLE_ARN = 'acs:ram::1234567890123456:role/h5-upload';

let b: UploadTestApp;
let a: UploadTestApp;
let duToken: string;
let userId: number;

/** Server A's environment for the external bucket on B. */
const ossEnv = (stand: UploadTestApp, overrides: Record<string, string> = {}) => ({
  UPLOAD_APP_SECRETS: JSON.stringify(SECRETS),
  UPLOAD_DRIVER: 'oss',
  OSS_HOST: `${stand.base}/oss/community-h5/`,
  OSS_CDN_HOST: `${stand.base}/cdn`,
  OSS_BUCKET: 'community-h5',
  OSS_REGION: 'oss-local',
  OSS_STS_ENDPOINT: `${stand.base}${STORAGE_PATHS.sts}`,
  OSS_ACCESS_KEY_ID: H5_KEY.accessToken,
  OSS_ACCESS_KEY_SECRET: H5_KEY.accessSecret,
  OSS_ROLE_ARN: ROLE_ARN,
  ...overrides,
});

/** A token of A's app gateway for the signed-in user. */
async function tokenFromA(app = a, folder = 'external') {
  return requestToken(
    app,
    'app',
    { appId: 'community-h5', fileName: 'a.png', type: 'image', folder },
    { duToken },
  ) as Promise<{ code: number; msg: string; data: UploadToken }>;
}

function uploader() {
  return createUploader(
    {
      appId: 'community-h5',
      gateway: 'app',
      gatewayKey: 'duToken',
      cookieKey: 'duToken',
      monitorName: 'external-oss',
      monitorEnv: 'test',
      monitorUser: 'vitest',
    },
    {
      api: createApiClient({ baseUrl: a.base, signSecret: a.env.SIGN_SECRET }),
      cookie: () => `duToken=${encodeURIComponent(duToken)}`,
      storage: { local: undefined, session: undefined },
      readImageSize: async (blob) => {
        const { width, height } = await sharp(new Uint8Array(await blob.arrayBuffer())).metadata();
        return width && height ? { width, height } : null;
      },
    },
  );
}

async function bytesAt(url: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const stsClient = (secret = H5_KEY.accessSecret) =>
  new OSS.STS({
    endpoint: `${b.base}${STORAGE_PATHS.sts}`,
    accessKeyId: H5_KEY.accessToken,
    accessKeySecret: secret,
  } as ConstructorParameters<typeof OSS.STS>[0]);

async function failureOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return error as { code: string; status: number; message: string };
  }
  throw new Error('the call did not fail');
}

beforeAll(async () => {
  b = await createUploadTestApp({
    UPLOAD_APP_SECRETS: JSON.stringify(SECRETS),
    STORAGE_HOST_DOMAIN: 'localhost',
  });
  a = await createUploadTestApp(ossEnv(b));
  const [user] = await a.db.select({ id: users.id }).from(users).limit(1);
  userId = (user as { id: number }).id;
  ({ duToken } = await a.app.deps.sessions.create(userId));
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('UPLOAD_DRIVER=oss: tokens for an external bucket', () => {
  it("hands out the external bucket's host, STS credentials from AssumeRole and a policy for them", async () => {
    const { code, data: token } = await tokenFromA();
    expect(code).toBe(200);
    expect(token).toMatchObject({
      ossHost: `${b.base}/oss/community-h5`,
      cdnHost: `${b.base}/cdn`,
      bucket: 'community-h5',
      region: 'oss-local',
      objectAcl: 'public-read',
      startsWith: expect.stringMatching(
        new RegExp(`^community-h5/u${userId}/external/\\d{4}/\\d{2}/\\d{2}/$`),
      ),
    });
    expect(token.stsToken).toBe(token.securityToken);
    const policy = JSON.parse(Buffer.from(token.policy, 'base64').toString()) as { conditions: unknown[] };
    expect(policy.conditions).toEqual([
      ['content-length-range', 0, 104857600],
      ['starts-with', '$key', token.startsWith],
      { bucket: 'community-h5' },
    ]);
    // The stand-in's STS issued it: a session of the user, limited to the token's prefix.
    const [row] = await b.db
      .select()
      .from(uploadCredentials)
      .where(eq(uploadCredentials.accessKeyId, token.accessKeyId));
    expect(row).toMatchObject({ gateway: 'sts', userId, keyPrefix: token.startsWith, appId: 'community-h5' });
    // A second token for the same prefix reuses the session: one AssumeRole, not one per call.
    expect((await tokenFromA()).data.accessKeyId).toBe(token.accessKeyId);
    expect(
      await b.db
        .select()
        .from(uploadCredentials)
        .where(and(eq(uploadCredentials.gateway, 'sts'), eq(uploadCredentials.keyPrefix, token.startsWith))),
    ).toHaveLength(1);
  });

  it('the SDK uploads straight to the external host (PostObject and multipart); A never holds the bytes', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const direct = await uploader().upload(new File([png], 'photo.png', { type: 'image/png' }), {
      folder: 'external',
    });
    expect(direct.cdn).toBe(`${b.base}/cdn/${direct.fileKey}`);
    expect(direct.object).toMatchObject({ width: 20, height: 10, size: png.length });
    expect(await bytesAt(direct.cdn)).toEqual({ status: 200, bytes: png });
    expect(await storedRow(b, direct.fileKey)).toMatchObject({ contentType: 'image/png', userId });
    // A's own store never saw it (the row is the stand-in's, in the shared test database).
    expect((await bytesAt(`${a.base}/cdn/${direct.fileKey}`)).status).toBe(404);

    const big = Buffer.alloc(3 * MULTIPART_CHUNK_BYTES + 99, 7);
    const parts = await uploader().upload(new File([big], 'clip.mp4', { type: 'video/mp4' }), {
      folder: 'external',
      mode: 'multipart',
    });
    expect(parts.cdn.startsWith(`${b.base}/cdn/`)).toBe(true);
    expect((await bytesAt(parts.cdn)).bytes.equals(big)).toBe(true);
    expect(await storedRow(b, parts.fileKey)).toMatchObject({ size: big.length, userId });
  });

  it('answers 503 when STS cannot be reached, never a credential of its own', async () => {
    const down = await createUploadTestApp(ossEnv(b, { OSS_STS_ENDPOINT: 'http://127.0.0.1:9/sts' }));
    try {
      const envelope = await tokenFromA(down);
      expect(envelope.code).toBe(SERVICE_UNAVAILABLE);
    } finally {
      await down.close();
    }
  });
});

describe("the stand-in's STS, called by ali-oss's own STS client", () => {
  it('AssumeRole: credentials that a stock ali-oss client puts with', async () => {
    const keyPrefix = `community-h5/u${userId}/sts/`;
    const { credentials } = await stsClient().assumeRole(
      ROLE_ARN,
      sessionPolicy('community-h5', keyPrefix),
      900,
      'h5-test',
    );
    expect(credentials.AccessKeyId).toMatch(/^STS\./);
    expect(Date.parse(credentials.Expiration) - Date.now()).toBeGreaterThan(880_000);
    const client = new OSS({
      endpoint: `http://localhost:${new URL(b.base).port}`,
      sldEnable: true,
      bucket: 'community-h5',
      accessKeyId: credentials.AccessKeyId,
      accessKeySecret: credentials.AccessKeySecret,
      stsToken: credentials.SecurityToken,
      refreshSTSToken: async () => ({
        accessKeyId: credentials.AccessKeyId,
        accessKeySecret: credentials.AccessKeySecret,
        stsToken: credentials.SecurityToken,
      }),
    } as OSS.Options);
    const key = `${keyPrefix}by-sts.bin`;
    await client.put(key, Buffer.from('sts bytes'));
    expect((await bytesAt(`${b.base}/cdn/${key}`)).bytes.toString()).toBe('sts bytes');
    expect(await storedRow(b, key)).toMatchObject({ userId, appId: 'community-h5' });
    // The session reaches its prefix only.
    expect(
      await failureOf(client.put(`community-h5/u${userId}/other/x.bin`, Buffer.from('x'))),
    ).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
  });

  it("refuses a wrong secret, a policy past the app's folder or without one, a bad duration", async () => {
    const policy = sessionPolicy('community-h5', 'community-h5/sts/');
    expect(await failureOf(stsClient('not-the-secret').assumeRole(ROLE_ARN, policy, 900))).toMatchObject({
      status: 400,
      code: 'SignatureDoesNotMatch',
    });
    expect(
      await failureOf(stsClient().assumeRole(ROLE_ARN, sessionPolicy('community-h5', 'elsewhere/'), 900)),
    ).toMatchObject({ status: 403, code: 'NoPermission' });
    expect(
      await failureOf(
        stsClient().assumeRole(ROLE_ARN, sessionPolicy('community-h5-private', 'community-h5/x/'), 900),
      ),
    ).toMatchObject({ status: 403, code: 'NoPermission' });
    expect(await failureOf(stsClient().assumeRole(ROLE_ARN, undefined, 900))).toMatchObject({
      status: 400,
      code: 'InvalidParameter.Policy',
    });
    expect(await failureOf(stsClient().assumeRole(ROLE_ARN, policy, 60))).toMatchObject({
      status: 400,
      code: 'InvalidParameter.DurationSeconds',
    });
    expect(await failureOf(stsClient().assumeRole('not-an-arn', policy, 900))).toMatchObject({
      code: 'InvalidParameter.RoleArn',
    });
  });
});
