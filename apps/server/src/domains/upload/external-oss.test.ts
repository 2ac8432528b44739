// Issue 29 point 5: UPLOAD_DRIVER=oss hands browsers real OSS credentials (STS AssumeRole under a
// session policy for the token's prefix) and a PostObject policy for an external bucket, and the
// SDK uploads straight to it. The external OSS here is a second server (B) as the stand-in, on a
// database of its own (A never sees its rows): its storage host speaks OSS's wire protocol (signed
// GetObject included) and its /sts answers AssumeRole for an upload app's access key. Stock
// ali-oss's own STS client is checked against the stand-in too. A records what the features use
// on first use (decision 021): reports, shoe evaluations, the 520 AI image.
import { randomBytes, randomUUID } from 'node:crypto';
import { contract, STORAGE_PATHS, type UploadToken } from '@h5/contract';
import { FEEDBACK_IMAGE_NOT_OWNED, MULTIPART_CHUNK_BYTES, SERVICE_UNAVAILABLE, SUCCESS } from '@h5/core';
import { createApiClient } from '@h5/request';
import { createUploader } from '@h5/upload';
import OSS from 'ali-oss';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { activities, contents, shoeEvalSpus, storageObjects, uploadCredentials } from '../../db/schema';
import { generateUploadAppSecrets } from '../../db/seed/upload-seed';
import { signedInUser } from '../../test-utils';
import { externalBucketOf, recordExternalObject, recordFirstUse } from './external-objects';
import { sessionPolicy } from './external-oss';
import {
  createStandaloneUploadApp,
  createUploadTestApp,
  requestToken,
  storedRow,
  type UploadTestApp,
} from './upload-test-kit';

/** One set of upload app secrets for both servers (they sync them into the one test database). */
const SECRETS = generateUploadAppSecrets();
const H5_KEY = SECRETS['community-h5'];
const ROLE_ARN = 'acs:ram::1234567890123456:role/h5-upload';

/** Where A records the external bucket's objects. */
const EXTERNAL = externalBucketOf('community-h5');

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

/** The H5's uploader on A's gateways, for the user of `token` (the signed-in user by default). */
function uploader(token = duToken) {
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
      cookie: () => `duToken=${encodeURIComponent(token)}`,
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
  b = await createStandaloneUploadApp({
    UPLOAD_APP_SECRETS: JSON.stringify(SECRETS),
    STORAGE_HOST_DOMAIN: 'localhost',
  });
  a = await createUploadTestApp(ossEnv(b));
  const user = await signedInUser(a.app, a.db, 'external-oss');
  userId = user.userId;
  duToken = user.cookies.duToken;
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
    // A never saw it: no bytes, no row (until a feature uses the key).
    expect((await bytesAt(`${a.base}/cdn/${direct.fileKey}`)).status).toBe(404);
    expect(await storedRow(a, direct.fileKey, EXTERNAL)).toBeUndefined();
    expect(await storedRow(a, direct.fileKey)).toBeUndefined();

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

/** A PNG of its own colour (so every upload has its own bytes). */
const pngOf = (width = 20, height = 10) =>
  sharp({ create: { width, height, channels: 3, background: `#${randomBytes(3).toString('hex')}` } })
    .png()
    .toBuffer();

/** A grainy JPEG the 520 review lets through (big enough, not one colour). */
const photoOf = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg()
    .toBuffer();

/** Uploads an image through the SDK straight to B, as the user of `token`; the SDK's result. */
const uploadEvidence = (bytes: Buffer, token = duToken, name = 'evidence.png', type = 'image/png') =>
  uploader(token).upload(new File([bytes], name, { type }), { folder: 'feedback' });

/** Report targets: contents, one per report (a user reports a target once). */
let targets: number[] = [];
const report = (keys: string[], token = duToken) =>
  a.signedInject(
    contract.feedback.submitAccuse,
    {
      targetType: 'content',
      targetId: String(targets.shift()),
      reasonId: 1,
      description: '',
      images: keys.map((key) => ({ key })),
      requestId: randomUUID(),
    },
    { cookies: { duToken: token } },
  );

/** The refusal of evidence that is not the caller's image, as the spec words it. */
const notOwned = (key: string) => ({
  code: FEEDBACK_IMAGE_NOT_OWNED,
  msg: `图片 ${key} 不是你上传的图片，请重新上传`,
});

describe('UPLOAD_DRIVER=oss: features use what browsers uploaded to the external bucket', () => {
  let spuId: number | undefined;
  beforeAll(async () => {
    const rows = await a.db.select({ id: contents.id }).from(contents).orderBy(asc(contents.id)).limit(20);
    targets = rows.map((row) => row.id);
  });
  afterAll(async () => {
    if (spuId !== undefined) await a.db.execute(sql`delete from shoe_evaluations where spu_id = ${spuId}`);
    if (spuId !== undefined) await a.db.delete(shoeEvalSpus).where(eq(shoeEvalSpus.spuId, spuId));
  });

  it("a report's evidence is recorded on first use from OSS's bytes and shown on OSS_CDN_HOST", async () => {
    const bytes = await pngOf(24, 12);
    const { fileKey, cdn } = await uploadEvidence(bytes);
    expect(cdn).toBe(`${b.base}/cdn/${fileKey}`);
    expect(await storedRow(a, fileKey, EXTERNAL)).toBeUndefined();

    const res = await report([fileKey]);
    expect(res.body.code).toBe(SUCCESS);
    const standIn = await storedRow(b, fileKey);
    expect(await storedRow(a, fileKey, EXTERNAL)).toMatchObject({
      key: fileKey,
      userId,
      appId: 'community-h5',
      contentType: 'image/png',
      acl: 'public-read',
      size: bytes.length,
      width: 24,
      height: 12,
      etag: standIn?.etag,
    });
    const mine = await a.signedInject(
      contract.feedback.myAccusation,
      { accuseId: res.body.data.accuseId },
      { cookies: { duToken } },
    );
    const url = `${b.base}/cdn/${fileKey}`;
    expect(mine.body.data.images).toEqual([{ key: fileKey, url }]);
    expect(await bytesAt(url)).toEqual({ status: 200, bytes });
  });

  it('a shoe evaluation takes a photo on the external bucket and shows it from OSS_CDN_HOST', async () => {
    const [free] = rowsOf<{ spu_id: number }>(
      await a.db.execute(
        sql`select spu_id from products where spu_id not in (select spu_id from shoe_eval_spus) order by spu_id limit 1`,
      ),
    );
    spuId = (free as { spu_id: number }).spu_id;
    await a.db.insert(shoeEvalSpus).values({ spuId });
    const { fileKey } = await uploadEvidence(await pngOf(30, 30));
    const res = await a.signedInject(
      contract.shoeEval.shoeEvaluate,
      {
        spuId,
        score: 4,
        dimensions: { comfort: 4, looks: 5, value: 3 },
        text: '外部存储的照片',
        images: [{ key: fileKey }],
      },
      { cookies: { duToken } },
    );
    expect(res.body.code).toBe(SUCCESS);
    expect(res.body.data.mine?.images).toEqual([{ key: fileKey, url: `${b.base}/cdn/${fileKey}` }]);
    expect(res.body.data.recent.find((e) => e.user.userId === userId)?.images[0]?.url).toBe(
      `${b.base}/cdn/${fileKey}`,
    );
  });

  it('refuses a key OSS does not hold with the feature refusal, recording nothing', async () => {
    const missing = `community-h5/u${userId}/feedback/2026/01/01/${randomUUID()}.png`;
    expect((await report([missing])).body).toMatchObject(notOwned(missing));
    expect(await storedRow(a, missing, EXTERNAL)).toBeUndefined();
  });

  it("refuses a key in another user's folder (without reading OSS), which its owner may use", async () => {
    const other = await signedInUser(a.app, a.db, 'external-oss-other');
    const { fileKey } = await uploadEvidence(await pngOf(), other.cookies.duToken);
    expect(fileKey.startsWith(`community-h5/u${other.userId}/feedback/`)).toBe(true);
    expect((await report([fileKey])).body).toMatchObject(notOwned(fileKey));
    expect(await storedRow(a, fileKey, EXTERNAL)).toBeUndefined();
    // A trick key that starts in the caller's folder and climbs out of it.
    const climbing = `community-h5/u${userId}/../u${other.userId}/${fileKey.split('/').slice(2).join('/')}`;
    expect((await report([climbing])).body).toMatchObject(notOwned(climbing));
    // Its owner's report takes it; recorded, it is still not the first user's.
    expect((await report([fileKey], other.cookies.duToken)).body.code).toBe(SUCCESS);
    expect(await storedRow(a, fileKey, EXTERNAL)).toMatchObject({ userId: other.userId });
    expect((await report([fileKey])).body).toMatchObject(notOwned(fileKey));
  });

  it('concurrent first uses, in this process and as other processes would, record one row', async () => {
    const { fileKey } = await uploadEvidence(await pngOf(16, 16));
    const deps = a.app.deps;
    const rows = await Promise.all([
      ...Array.from({ length: 4 }, () => recordExternalObject(deps, userId, fileKey)),
      // Without the in-process sharing: each reads OSS and inserts, and the database keeps one.
      ...Array.from({ length: 4 }, () => recordFirstUse(deps, EXTERNAL, userId, fileKey)),
    ]);
    expect(rows.every((row) => row?.key === fileKey && row.userId === userId)).toBe(true);
    expect(new Set(rows.map((row) => row?.createdAt.getTime())).size).toBe(1);
    const stored = await a.db.select().from(storageObjects).where(eq(storageObjects.key, fileKey));
    expect(stored.map((row) => row.bucket)).toEqual([EXTERNAL]);

    // Reports at once with one fresh key: all taken, one row.
    const fresh = (await uploadEvidence(await pngOf(16, 16))).fileKey;
    const answers = await Promise.all([report([fresh]), report([fresh]), report([fresh])]);
    expect(answers.map((res) => res.body.code)).toEqual([SUCCESS, SUCCESS, SUCCESS]);
    expect(await a.db.select().from(storageObjects).where(eq(storageObjects.key, fresh))).toHaveLength(1);
  });

  it('the 520 AI image reads its photo from the external bucket and stores its picture on A', async () => {
    const [window] = await a.db.select().from(activities).where(eq(activities.code, '520'));
    const now = Date.now();
    await a.db
      .update(activities)
      .set({ startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 3_600_000) })
      .where(eq(activities.code, '520'));
    try {
      const { fileKey } = await uploadEvidence(await photoOf(320), duToken, 'photo.jpg', 'image/jpeg');
      const res = await a.signedInject(
        contract.activity.aiImageCreate,
        { imageKey: fileKey, style: 'sweet' },
        { cookies: { duToken } },
      );
      expect(res.body.code).toBe(SUCCESS);
      expect(res.body.data.sourceUrl).toBe(`${b.base}/cdn/${fileKey}`);
      expect(res.body.data.resultUrl).toMatch(/^\/cdn\/community-h5\/activity-520\/u\d+\/[\w-]+\.jpg$/);
      const made = await a.app.inject({ url: res.body.data.resultUrl });
      expect(made.statusCode).toBe(200);
      const meta = await sharp(made.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 720, 720]);
    } finally {
      if (window)
        await a.db
          .update(activities)
          .set({ startsAt: window.startsAt, endsAt: window.endsAt })
          .where(eq(activities.code, '520'));
    }
  });

  it('answers 503 when OSS cannot be reached, recording nothing', async () => {
    const down = await createUploadTestApp(ossEnv(b, { OSS_HOST: 'http://127.0.0.1:9/oss/community-h5' }));
    try {
      const key = `community-h5/u${userId}/feedback/2026/01/01/${randomUUID()}.png`;
      const res = await down.signedInject(
        contract.feedback.submitAccuse,
        {
          targetType: 'content',
          targetId: String(targets.shift()),
          reasonId: 1,
          description: '',
          images: [{ key }],
          requestId: randomUUID(),
        },
        { cookies: { duToken } },
      );
      expect([res.status, res.body.code]).toEqual([SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE]);
      expect(await storedRow(a, key, EXTERNAL)).toBeUndefined();
    } finally {
      await down.close();
    }
  });
});
