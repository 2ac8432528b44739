import { createHash } from 'node:crypto';
import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-utils';
import { wechatAuthorizeUrl, wechatSignature } from './wechat-signature';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('wechat signature', () => {
  it('matches the documented example of the JS-SDK', () => {
    // The worked example of WeChat's JS-SDK documentation (appendix 1), with its published result.
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';
    const signature = wechatSignature(
      ticket,
      'Wm3WZYTPz0wzccnW',
      1414587457,
      'http://mp.weixin.qq.com?params=value',
    );
    expect(signature).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the documented string without the #hash', () => {
    const plain = 'jsapi_ticket=T&noncestr=N&timestamp=42&url=https://h5.example.com/a?b=1';
    expect(wechatSignature('T', 'N', 42, 'https://h5.example.com/a?b=1#frag')).toBe(sha1(plain));
  });

  it('builds the snsapi_userinfo authorize URL', () => {
    expect(wechatAuthorizeUrl('wxAPP', 'https://h5.example.com/x?a=1&b=2', 's1')).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wxAPP&redirect_uri=https%3A%2F%2Fh5.example.com%2Fx%3Fa%3D1%26b%3D2&response_type=code&scope=snsapi_userinfo&state=s1#wechat_redirect',
    );
  });
});

describe('wechat calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WECHAT_APP_ID: 'wxTESTAPP', WECHAT_JSAPI_TICKET: 'ticket-under-test' });
  });
  afterAll(() => t.close());

  it('share-config signs the page URL over the configured ticket', async () => {
    const shareUrl = 'https://h5.example.com/community/user?userId=3#top';
    const res = await t.signedInject(contract.config.wechatShareConfig, { shareUrl });
    expect(res.body.code).toBe(SUCCESS);
    const { appId, timestamp, noncestr, signature } = res.body.data;
    expect(appId).toBe('wxTESTAPP');
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(noncestr).toMatch(/^\w{8,32}$/);
    expect(signature).toBe(
      sha1(
        `jsapi_ticket=ticket-under-test&noncestr=${noncestr}&timestamp=${timestamp}&url=https://h5.example.com/community/user?userId=3`,
      ),
    );
  });

  it('share-config refuses a non-URL with 400', async () => {
    const res = await t.signedInject(contract.config.wechatShareConfig, { shareUrl: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
  });

  it('authorize-url uses the configured app id', async () => {
    const res = await t.signedInject(contract.config.wechatAuthorizeUrl, {
      redirectUrl: 'https://h5.example.com/community/feed',
      state: 'abc',
    });
    const url = new URL(res.body.data.url);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.searchParams.get('appid')).toBe('wxTESTAPP');
    expect(url.searchParams.get('redirect_uri')).toBe('https://h5.example.com/community/feed');
    expect(url.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(url.searchParams.get('state')).toBe('abc');
    expect(url.hash).toBe('#wechat_redirect');
  });
});
