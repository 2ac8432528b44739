import { describe, expect, it } from 'vitest';
import { reviewMode } from './domains/content/review';
import { appLinks, DEV_APP_LINKS, EnvError, parseEnv, publicApiBase } from './env';
import { TEST_PRO_SETTINGS } from './test-utils/app';

describe('parseEnv', () => {
  it('applies the defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      APP_ENV: 'local',
      TRUST_PROXY: false,
      SESSION_TTL_HOURS: 720,
      SEED: true,
      RISK_WRITE_LIMIT: 30,
      RISK_WINDOW_SECONDS: 60,
      RISK_LOGIN_CODE_LIMIT: 3,
      RISK_LOGIN_CODE_WINDOW_SECONDS: 600,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.API_BASE_URL).toBeUndefined();
    expect(env.WEB_BUILD_DIR).toMatch(/apps\/web\/build$/);
  });

  it('parses booleans and numbers', () => {
    const env = parseEnv({
      TRUST_PROXY: 'true',
      SEED: '0',
      PORT: '3999',
      APP_ENV: 'pro',
      ...TEST_PRO_SETTINGS,
    });
    expect(env).toMatchObject({ TRUST_PROXY: 1, SEED: false, PORT: 3999, APP_ENV: 'pro' });
  });

  it("reads TRUST_PROXY as off, a hop count or the proxies' addresses (issue 26 point 3)", () => {
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, loopback,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'loopback',
      'fd00::/8',
    ]);
    for (const bad of ['10.0.0.0/33', '11', 'proxy.example.com', '10.0.0.1/8/2', '10.0.0.0/x'])
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(EnvError);
  });

  it('reviews published contents by hand in production and automatically elsewhere, unless CONTENT_REVIEW says (issue 32)', () => {
    expect(reviewMode(parseEnv({}))).toBe('auto');
    expect(reviewMode(parseEnv({ ...TEST_PRO_SETTINGS, APP_ENV: 'pro' }))).toBe('manual');
    expect(reviewMode(parseEnv({ ...TEST_PRO_SETTINGS, APP_ENV: 'pro', CONTENT_REVIEW: 'auto' }))).toBe(
      'auto',
    );
    expect(reviewMode(parseEnv({ CONTENT_REVIEW: 'manual' }))).toBe('manual');
    expect(() => parseEnv({ CONTENT_REVIEW: 'sometimes' })).toThrow(EnvError);
  });

  it('refuses production without the flexible-staffing sign page; elsewhere a stand-in', () => {
    expect(() => parseEnv({ APP_ENV: 'pro' })).toThrow(
      /FLEXIBLE_STAFFING_SIGN_URL: required when APP_ENV is pro/,
    );
    expect(
      parseEnv({
        ...TEST_PRO_SETTINGS,
        APP_ENV: 'pro',
        FLEXIBLE_STAFFING_SIGN_URL: 'https://sign.example.org/x',
      }).FLEXIBLE_STAFFING_SIGN_URL,
    ).toBe('https://sign.example.org/x');
    expect(parseEnv({}).FLEXIBLE_STAFFING_SIGN_URL).toBe('/internal/stand-in/flexible-staffing-sign');
  });

  it('refuses production without a real SMS sender: the outbox refused, the Aliyun variables required', () => {
    const { SMS_DRIVER: _driver, ...withoutDriver } = TEST_PRO_SETTINGS;
    expect(() => parseEnv({ ...withoutDriver, APP_ENV: 'pro' })).toThrow(
      /SMS_DRIVER: must be aliyun when APP_ENV is pro/,
    );
    expect(() => parseEnv({ ...TEST_PRO_SETTINGS, APP_ENV: 'pro', SMS_DRIVER: 'outbox' })).toThrow(
      /SMS_DRIVER: must be aliyun when APP_ENV is pro/,
    );
    for (const name of [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ])
      expect(() => parseEnv({ ...TEST_PRO_SETTINGS, APP_ENV: 'pro', [name]: '' }), name).toThrow(
        new RegExp(`${name}: required when SMS_DRIVER is aliyun`),
      );
    expect(() => parseEnv({ ...TEST_PRO_SETTINGS, ALIYUN_SMS_TEMPLATE_CODE: '123' })).toThrow(
      /ALIYUN_SMS_TEMPLATE_CODE: must be a template code like SMS_123456789/,
    );
    const pro = parseEnv({ ...TEST_PRO_SETTINGS, APP_ENV: 'pro', ALIYUN_SMS_ENDPOINT: '' });
    expect(pro.ALIYUN_SMS_ENDPOINT).toBe('https://dysmsapi.aliyuncs.com');
    expect(parseEnv({}).SMS_DRIVER).toBe('outbox');
  });

  it("refuses production without the staffing callback secret; elsewhere the stand-in's", () => {
    expect(() =>
      parseEnv({ ...TEST_PRO_SETTINGS, APP_ENV: 'pro', FLEXIBLE_STAFFING_CALLBACK_SECRET: '' }),
    ).toThrow(/FLEXIBLE_STAFFING_CALLBACK_SECRET: required when APP_ENV is pro/);
    expect(parseEnv({}).FLEXIBLE_STAFFING_CALLBACK_SECRET).toBe('community-h5-dev-staffing-callback');
  });

  it('refuses bad values, naming each variable and the reason', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'abc',
        APP_ENV: 'prod',
        TRUST_PROXY: 'maybe',
        DATABASE_URL: 'mysql://x/y',
        RISK_WRITE_LIMIT: '0',
        RISK_WINDOW_SECONDS: '1.5',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^APP_ENV: .*"pro"/m);
    expect(problems).toMatch(/^TRUST_PROXY: must be true or false/m);
    expect(problems).toMatch(/^DATABASE_URL: must be a postgres:\/\/ URL/m);
    expect(problems).toMatch(/^RISK_WRITE_LIMIT: /m);
    expect(problems).toMatch(/^RISK_WINDOW_SECONDS: /m);
  });

  it('picks the API origin: set (even empty) wins, else the environment host, local same origin', () => {
    expect(publicApiBase(parseEnv({}))).toBe('');
    expect(publicApiBase(parseEnv({ APP_ENV: 't1' }))).toBe('https://t1-api.community-h5.com');
    expect(publicApiBase(parseEnv({ APP_ENV: 'pro', API_BASE_URL: '', ...TEST_PRO_SETTINGS }))).toBe('');
    expect(publicApiBase(parseEnv({ APP_ENV: 'pre', API_BASE_URL: 'https://api.example.com' }))).toBe(
      'https://api.example.com',
    );
  });

  it('takes a read replica only beside a primary, with its lag bound and the pooler switch (issue 29)', () => {
    const defaults = parseEnv({});
    expect(defaults.DATABASE_READ_URL).toBeUndefined();
    expect(defaults.DATABASE_READ_MAX_LAG_MS).toBe(2000);
    expect(defaults.DB_TRANSACTION_POOLING).toBe(false);
    const cluster = parseEnv({
      DATABASE_URL: 'postgres://h5@primary:5432/h5',
      DATABASE_READ_URL: 'postgresql://h5@replica:5432/h5',
      DATABASE_READ_MAX_LAG_MS: '500',
      DB_TRANSACTION_POOLING: 'true',
    });
    expect(cluster).toMatchObject({
      DATABASE_READ_URL: 'postgresql://h5@replica:5432/h5',
      DATABASE_READ_MAX_LAG_MS: 500,
      DB_TRANSACTION_POOLING: true,
    });
    expect(() => parseEnv({ DATABASE_READ_URL: 'postgres://h5@replica:5432/h5' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() =>
      parseEnv({ DATABASE_URL: 'postgres://h5@primary/h5', DATABASE_READ_URL: 'mysql://replica/h5' }),
    ).toThrow(/DATABASE_READ_URL: must be a postgres:\/\/ URL/);
    expect(() => parseEnv({ DATABASE_READ_MAX_LAG_MS: '0' })).toThrow(/DATABASE_READ_MAX_LAG_MS/);
  });

  it('takes a shared cookie domain and refuses a malformed one', () => {
    expect(parseEnv({ COOKIE_DOMAIN: '.example.com' }).COOKIE_DOMAIN).toBe('.example.com');
    expect(parseEnv({}).COOKIE_DOMAIN).toBeUndefined();
    expect(() => parseEnv({ COOKIE_DOMAIN: 'http://x' })).toThrow(/COOKIE_DOMAIN: must be a domain/);
  });
});

describe("the app's links (issue 28 point 12)", () => {
  it('outside pro: the development stand-ins unless set', () => {
    expect(appLinks(parseEnv({}))).toEqual(DEV_APP_LINKS);
    expect(appLinks(parseEnv({ APP_ENV: 't1', APP_SCHEME: 'shopapp' })).scheme).toBe('shopapp');
  });

  it('outside pro the live webhook has the documented development secret and a 30-minute silence', () => {
    const env = parseEnv({});
    expect(env.LIVE_WEBHOOK_SECRET).toBe('community-h5-dev-live-webhook-secret');
    expect(env.LIVE_SILENCE_MINUTES).toBe(30);
    expect(() => parseEnv({ LIVE_WEBHOOK_SECRET: 'short' })).toThrow(
      'LIVE_WEBHOOK_SECRET: must be at least 16 characters',
    );
  });

  it('pro refuses to start without its sign page and callback secret, scheme, store links and SMS sender, naming each', () => {
    let error: unknown;
    try {
      parseEnv({ APP_ENV: 'pro' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toEqual([
      'FLEXIBLE_STAFFING_SIGN_URL: required when APP_ENV is pro',
      'FLEXIBLE_STAFFING_CALLBACK_SECRET: required when APP_ENV is pro',
      'APP_SCHEME: required when APP_ENV is pro',
      'APP_STORE_URL_IOS: required when APP_ENV is pro',
      'APP_STORE_URL_ANDROID: required when APP_ENV is pro',
      'LIVE_WEBHOOK_SECRET: required when APP_ENV is pro',
      'SMS_DRIVER: must be aliyun when APP_ENV is pro',
    ]);
    const pro = parseEnv({
      ...TEST_PRO_SETTINGS,
      APP_ENV: 'pro',
      FLEXIBLE_STAFFING_SIGN_URL: 'https://sign.example.org/x',
      APP_SCHEME: 'shopapp',
      APP_STORE_URL_IOS: 'https://apps.apple.com/cn/app/id123',
      APP_STORE_URL_ANDROID: 'https://m.example.com/app.apk',
      LIVE_WEBHOOK_SECRET: 'platform-shared-secret-31',
    });
    expect(pro.LIVE_WEBHOOK_SECRET).toBe('platform-shared-secret-31');
    expect(appLinks(pro)).toEqual({
      scheme: 'shopapp',
      iosStoreUrl: 'https://apps.apple.com/cn/app/id123',
      androidStoreUrl: 'https://m.example.com/app.apk',
    });
  });

  it('refuses a bad scheme or a store link that is not https', () => {
    expect(() => parseEnv({ APP_SCHEME: 'http://x' })).toThrow(/APP_SCHEME: must be a URL scheme/);
    expect(() => parseEnv({ APP_STORE_URL_IOS: 'http://apps.apple.com/x' })).toThrow(
      /APP_STORE_URL_IOS: must be an https/,
    );
  });
});

describe('the storage host as an OSS endpoint, and uploads to an external OSS (issue 29 point 5)', () => {
  const OSS = {
    UPLOAD_DRIVER: 'oss',
    OSS_HOST: 'https://h5-uploads.oss-cn-hangzhou.aliyuncs.com',
    OSS_BUCKET: 'h5-uploads',
    OSS_REGION: 'oss-cn-hangzhou',
    OSS_ACCESS_KEY_ID: 'LTAI5tExample',
    OSS_ACCESS_KEY_SECRET: 'secret',
    OSS_ROLE_ARN: 'acs:ram::1234567890123456:role/h5-upload',
  };

  it('reads STORAGE_HOST_DOMAIN as a list of host names; none by default', () => {
    expect(parseEnv({}).STORAGE_HOST_DOMAIN).toEqual([]);
    expect(parseEnv({ STORAGE_HOST_DOMAIN: 'Localhost, oss.example.com,' }).STORAGE_HOST_DOMAIN).toEqual([
      'localhost',
      'oss.example.com',
    ]);
    expect(() => parseEnv({ STORAGE_HOST_DOMAIN: 'https://oss.example.com' })).toThrow(
      /STORAGE_HOST_DOMAIN: must be host names/,
    );
  });

  it("refuses a storage domain that holds the site's own host", () => {
    for (const domain of ['m.example.com', 'example.com'])
      expect(
        () => parseEnv({ PUBLIC_ORIGIN: 'https://m.example.com', STORAGE_HOST_DOMAIN: domain }),
        domain,
      ).toThrow(/STORAGE_HOST_DOMAIN: must not hold PUBLIC_ORIGIN's host m\.example\.com/);
    expect(
      parseEnv({ PUBLIC_ORIGIN: 'https://m.example.com', STORAGE_HOST_DOMAIN: 'oss.example.com' })
        .STORAGE_HOST_DOMAIN,
    ).toEqual(['oss.example.com']);
  });

  it('UPLOAD_DRIVER=oss cannot start without its bucket, host, region, key and role, naming each', () => {
    expect(parseEnv({}).UPLOAD_DRIVER).toBe('self');
    let error: unknown;
    try {
      parseEnv({ UPLOAD_DRIVER: 'oss' });
    } catch (caught) {
      error = caught;
    }
    expect((error as EnvError).problems).toEqual([
      'OSS_HOST: required when UPLOAD_DRIVER is oss',
      'OSS_BUCKET: required when UPLOAD_DRIVER is oss',
      'OSS_REGION: required when UPLOAD_DRIVER is oss',
      'OSS_ACCESS_KEY_ID: required when UPLOAD_DRIVER is oss',
      'OSS_ACCESS_KEY_SECRET: required when UPLOAD_DRIVER is oss',
      'OSS_ROLE_ARN: required when UPLOAD_DRIVER is oss',
    ]);
    expect(parseEnv(OSS)).toMatchObject({ ...OSS, OSS_STS_ENDPOINT: 'https://sts.aliyuncs.com' });
    expect(() => parseEnv({ ...OSS, OSS_ROLE_ARN: 'h5-upload' })).toThrow(/OSS_ROLE_ARN: must be a role ARN/);
  });

  it('OSS_BUCKET is at most 60 characters (its uploads are recorded under `oss:{bucket}`, 64)', () => {
    expect(parseEnv({ ...OSS, OSS_BUCKET: 'b'.repeat(60) }).OSS_BUCKET).toBe('b'.repeat(60));
    expect(() => parseEnv({ ...OSS, OSS_BUCKET: 'b'.repeat(61) })).toThrow(
      /OSS_BUCKET: must be an OSS bucket name of at most 60 characters/,
    );
  });

  it('production sends credentials to https hosts only', () => {
    const pro = { ...TEST_PRO_SETTINGS, APP_ENV: 'pro', ...OSS };
    expect(parseEnv(pro).UPLOAD_DRIVER).toBe('oss');
    expect(() => parseEnv({ ...pro, OSS_STS_ENDPOINT: 'http://sts.internal' })).toThrow(
      /OSS_STS_ENDPOINT: must be https:\/\/ when APP_ENV is pro/,
    );
    expect(() => parseEnv({ ...pro, OSS_HOST: 'http://h5-uploads.oss-cn-hangzhou.aliyuncs.com' })).toThrow(
      /OSS_HOST: must be https:\/\//,
    );
  });
});
