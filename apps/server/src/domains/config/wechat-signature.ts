import { createHash, randomBytes } from 'node:crypto';
import type { WechatShareConfig } from '@h5/contract';

/** The OAuth page of the WeChat platform (web authorisation). */
export const WECHAT_AUTHORIZE_BASE = 'https://open.weixin.qq.com/connect/oauth2/authorize';

/** The page URL as WeChat signs it: everything before the `#`. */
export const signedPageUrl = (url: string): string => url.split('#', 1)[0] as string;

/**
 * The JS-SDK signature (WeChat's documented algorithm): SHA-1 hex of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, keys in that (ASCII) order, values raw.
 */
export function wechatSignature(ticket: string, noncestr: string, timestamp: number, url: string): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${noncestr}&timestamp=${timestamp}&url=${signedPageUrl(url)}`;
  return createHash('sha1').update(plain).digest('hex');
}

/** A fresh share config for `url`: a random nonce, the current second. */
export function wechatShareConfig(
  appId: string,
  ticket: string,
  url: string,
  nowMs = Date.now(),
): WechatShareConfig {
  const noncestr = randomBytes(8).toString('hex');
  const timestamp = Math.floor(nowMs / 1000);
  return { appId, timestamp, noncestr, signature: wechatSignature(ticket, noncestr, timestamp, url) };
}

/** The OAuth authorize URL: snsapi_userinfo scope, URL-encoded redirect_uri, `#wechat_redirect`. */
export function wechatAuthorizeUrl(appId: string, redirectUrl: string, state: string): string {
  const query = [
    `appid=${encodeURIComponent(appId)}`,
    `redirect_uri=${encodeURIComponent(redirectUrl)}`,
    'response_type=code',
    'scope=snsapi_userinfo',
    `state=${encodeURIComponent(state)}`,
  ].join('&');
  return `${WECHAT_AUTHORIZE_BASE}?${query}#wechat_redirect`;
}
