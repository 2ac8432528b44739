import { contract } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badRequestBody, createTestApp, signedInUser, type TestApp } from '../../test-utils';

// Issue 31 point 5: the user's own gender, birth year and region, as the fans portrait counts them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const thisYear = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();

describe('auth: own profile', () => {
  it('starts empty, stores what is given, keeps what is left out and clears a null', async () => {
    const user = await signedInUser(t.app, t.db, 'profile-owner');
    const read = () => t.signedInject(contract.auth.profile, {}, { cookies: user.cookies });
    expect((await read()).body.data).toEqual({ gender: null, birthYear: null, region: null });

    const set = await t.signedInject(
      contract.auth.updateProfile,
      { gender: 2, birthYear: 1998, region: '广东省' },
      { cookies: user.cookies },
    );
    expect(set.body).toMatchObject({ code: 200, data: { gender: 2, birthYear: 1998, region: '广东省' } });

    const partial = await t.signedInject(
      contract.auth.updateProfile,
      { region: '北京市' },
      { cookies: user.cookies },
    );
    expect(partial.body.data).toEqual({ gender: 2, birthYear: 1998, region: '北京市' });

    await t.signedInject(contract.auth.updateProfile, { gender: null }, { cookies: user.cookies });
    expect((await read()).body.data).toEqual({ gender: null, birthYear: 1998, region: '北京市' });
  });

  it('refuses a bad field with a 400 naming it, and writes nothing', async () => {
    const user = await signedInUser(t.app, t.db, 'profile-refused');
    const update = (input: Record<string, unknown>) =>
      t.signedInject(contract.auth.updateProfile, input as never, { cookies: user.cookies });
    expect((await update({ gender: 3 })).body).toEqual(badRequestBody('gender: 请选择性别：男、女或不透露'));
    expect((await update({ birthYear: 1919 })).body).toEqual(
      badRequestBody('birthYear: 出生年份须在 1920 年至今年之间'),
    );
    expect((await update({ birthYear: thisYear + 1, gender: 1 })).body).toEqual(
      badRequestBody('birthYear: 出生年份须在 1920 年至今年之间'),
    );
    // A province by its short name, or a city, is not one of the division's provinces.
    expect((await update({ region: '广东' })).body).toEqual(
      badRequestBody('region: 所在地区不存在，请重新选择省份'),
    );
    expect((await update({ region: '广东省 深圳市' })).body).toEqual(
      badRequestBody('region: 所在地区不存在，请重新选择省份'),
    );
    const read = await t.signedInject(contract.auth.profile, {}, { cookies: user.cookies });
    expect(read.body.data).toEqual({ gender: null, birthYear: null, region: null });
    expect((await update({ birthYear: thisYear })).body.data).toMatchObject({ birthYear: thisYear });
  });

  it('asks a visitor to log in (7999)', async () => {
    const res = await t.signedInject(contract.auth.updateProfile, { region: '广东省' });
    expect(res.body.code).toBe(7999);
  });
});
