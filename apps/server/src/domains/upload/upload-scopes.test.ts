// Issue 11 point 9: with an app credential (auth / open gateway: no user) a visitor read another
// user's private object, and by choosing folder=u<A>/feedback overwrote another user's evidence
// image. A credential without a user never reaches a user's prefix; a chosen folder never names one.
import { randomBytes } from 'node:crypto';
import { BAD_REQUEST } from '@h5/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCredentials } from '../../db/schema';
import { hashToken } from '../../plugins/session';
import { signedInUser } from '../../test-utils';
import { hmacSha1 } from './policy';
import {
  appSecretsOf,
  authToken,
  createUploadTestApp,
  postObject,
  requestToken,
  type UploadTestApp,
} from './upload-test-kit';

let t: UploadTestApp;
let png: Buffer;

beforeAll(async () => {
  t = await createUploadTestApp();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** A user's own upload through the app gateway (their session): returns the user, the token and the key. */
async function userUpload(appId: string, folder: string, name: string) {
  const user = await signedInUser(t.app, t.db, 'scope-owner');
  const token = await requestToken(
    t,
    'app',
    { appId, fileName: name, type: 'image', folder },
    { duToken: user.cookies.duToken },
  );
  expect(token.code).toBe(200);
  const key = `${token.data.startsWith}${name}`;
  expect((await postObject(token.data, key, png)).status).toBe(200);
  return { user, token: token.data, key };
}

const signedUrl = (token: { accessKeyId: string; accessKeySecret: string; bucket: string }, key: string) => {
  const expires = Math.floor(Date.now() / 1000) + 600;
  const signature = hmacSha1(token.accessKeySecret, `GET\n\n\n${expires}\n/${token.bucket}/${key}`);
  return `${t.base}/cdn/${key}?OSSAccessKeyId=${encodeURIComponent(token.accessKeyId)}&Expires=${expires}&Signature=${encodeURIComponent(signature)}`;
};

describe('a credential without a user', () => {
  it("cannot sign a URL for a user's private object (403); the owner's own credential can", async () => {
    const { key, token } = await userUpload('community-h5-private', 'private', 'mine.png');
    const app = await authToken(t, 'image', 'anything', 'community-h5-private');
    const stolen = await fetch(signedUrl(app, key));
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toMatchObject({ code: 'AccessDenied' });
    expect((await fetch(signedUrl(token, key))).status).toBe(200);
  });

  it("cannot get a prefix under a user's folder: folder=u<id>/… is refused, naming folder", async () => {
    const { user } = await userUpload('community-h5', 'feedback', 'evidence.png');
    for (const folder of [`u${user.userId}/feedback`, `u${user.userId}`, 'U7/x']) {
      const res = await requestToken(
        t,
        'auth',
        { appId: 'community-h5', fileName: 'x.png', type: 'image', folder },
        { backstageCode: appSecretsOf(t).backstageCode },
      );
      expect(res.code, folder).toBe(BAD_REQUEST);
      expect(res.msg, folder).toMatch(/^folder: /);
    }
  });

  it("cannot overwrite a user's object, even with a credential issued before the checks", async () => {
    const { key, user } = await userUpload('community-h5', 'feedback', 'proof.png');
    // As the old auth gateway issued it for folder=u<A>/feedback: the user's prefix, no user.
    const secret = randomBytes(30).toString('base64url');
    const securityToken = randomBytes(48).toString('base64url');
    const accessKeyId = `STS.test-${randomBytes(9).toString('hex')}`;
    const keyPrefix = key.slice(0, key.lastIndexOf('/') + 1);
    await t.db.insert(uploadCredentials).values({
      accessKeyId,
      accessKeySecret: secret,
      securityTokenHash: hashToken(securityToken),
      appId: 'community-h5',
      userId: null,
      gateway: 'auth',
      bucket: 'community-h5',
      keyPrefix,
      maxBytes: 1024 * 1024,
      acl: 'public-read',
      expiresAt: new Date(Date.now() + 600_000),
    });
    const policy = Buffer.from(
      JSON.stringify({
        expiration: new Date(Date.now() + 600_000).toISOString(),
        conditions: [['starts-with', '$key', keyPrefix]],
      }),
    ).toString('base64');
    const forged = {
      accessKeyId,
      accessKeySecret: secret,
      securityToken,
      policy,
      signature: hmacSha1(secret, policy),
    };
    const token = { ...(await authToken(t)), ...forged };
    const overwrite = await postObject(token, key, Buffer.from('<svg onload=alert(1)>'), {}, 'image/png');
    expect(overwrite).toMatchObject({ status: 403, body: { code: 'AccessDenied' } });
    const fresh = await postObject(token, `${keyPrefix}new-${user.userId}.png`, png);
    expect(fresh).toMatchObject({ status: 403, body: { code: 'AccessDenied' } });
    const served = await fetch(`${t.base}/cdn/${key}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });
});

describe('a chosen folder', () => {
  it('is a safe relative path of [A-Za-z0-9_-] segments', async () => {
    const user = await signedInUser(t.app, t.db, 'folder-tester');
    for (const folder of ['../x', 'a/../b', 'a//b', '/abs', 'a/', '.', 'a b', 'a\\b', `u${user.userId}/x`]) {
      const res = await requestToken(
        t,
        'app',
        { appId: 'community-h5', fileName: 'x.png', type: 'image', folder },
        { duToken: user.cookies.duToken },
      );
      expect([res.code, res.msg.startsWith('folder: ')], folder).toEqual([BAD_REQUEST, true]);
    }
    const ok = await requestToken(
      t,
      'app',
      { appId: 'community-h5', fileName: 'x.png', type: 'image', folder: 'feedback/2x_shots-1' },
      { duToken: user.cookies.duToken },
    );
    expect(ok.data.startsWith).toMatch(
      new RegExp(`^community-h5/u${user.userId}/feedback/2x_shots-1/\\d{4}/`),
    );
  });
});
