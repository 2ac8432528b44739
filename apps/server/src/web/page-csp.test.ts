import { describe, expect, it } from 'vitest';
import { testEnv } from '../test-utils';
import { pageCsp } from './page-csp';

describe('the SSR pages’ Content-Security-Policy', () => {
  it('local: nonce-based scripts, the page’s own origin for the rest', () => {
    expect(pageCsp('bm9uY2U=', testEnv({ API_BASE_URL: '' }), '')).toBe(
      [
        "default-src 'self'",
        "script-src 'nonce-bm9uY2U=' 'strict-dynamic' 'self' https://res.wx.qq.com",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https://cdn.community-h5.com https://img.community-h5.com",
        "media-src 'self' blob: https://cdn.community-h5.com https://img.community-h5.com",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
  });

  it('t1: the API host (also the storage and CDN host) and PUBLIC_ORIGIN are allowed', () => {
    const policy = pageCsp(
      'n',
      testEnv({ APP_ENV: 't1', PUBLIC_ORIGIN: 'https://m-t1.example.com' }),
      '?x=1',
    );
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://t1-api.community-h5.com https://m-t1.example.com",
    );
    expect(directive('script-src')).toBe(
      "script-src 'nonce-n' 'strict-dynamic' 'self' https://t1-api.community-h5.com https://m-t1.example.com https://res.wx.qq.com",
    );
    expect(directive('img-src')).toContain('https://t1-api.community-h5.com');
  });

  it('allows eval only where the URL asks for the debug console', () => {
    const env = testEnv();
    expect(pageCsp('n', env, '?debug=1')).toContain("https://res.wx.qq.com 'unsafe-eval';");
    expect(pageCsp('n', env, '?openTestHelper=1')).toContain("'unsafe-eval'");
    expect(pageCsp('n', env, '?debug=0')).not.toContain("'unsafe-eval'");
    expect(pageCsp('n', env, '')).not.toContain("'unsafe-eval'");
  });

  it('UPLOAD_DRIVER=oss: the SDK may call the external bucket, and its objects may be shown', () => {
    const policy = pageCsp(
      'n',
      testEnv({
        UPLOAD_DRIVER: 'oss',
        OSS_HOST: 'https://h5-uploads.oss-cn-hangzhou.aliyuncs.com/',
        OSS_CDN_HOST: 'https://uploads.example.com/h5',
        OSS_BUCKET: 'h5-uploads',
        OSS_REGION: 'oss-cn-hangzhou',
        OSS_ACCESS_KEY_ID: 'id',
        OSS_ACCESS_KEY_SECRET: 'secret',
        OSS_ROLE_ARN: 'acs:ram::1:role/h5',
      }),
      '',
    );
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://h5-uploads.oss-cn-hangzhou.aliyuncs.com",
    );
    expect(directive('img-src')).toMatch(
      / https:\/\/h5-uploads\.oss-cn-hangzhou\.aliyuncs\.com https:\/\/uploads\.example\.com$/,
    );
    expect(directive('media-src')).toContain('https://uploads.example.com');
    expect(pageCsp('n', testEnv(), '')).not.toContain('aliyuncs');
  });
});
