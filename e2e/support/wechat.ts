import type { Page } from 'playwright-core';

/** WeChat's in-app browser on an iPhone (the UA the page's WeChat rules look for). */
export const WECHAT_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN';

/** A stand-in for jweixin (no network here): it keeps what the page configures in `window.__wx`. */
const SDK = `window.wx = {
  config: function (o) { window.__wx = { config: o }; },
  ready: function (cb) { setTimeout(cb, 0); },
  error: function () {},
  updateAppMessageShareData: function (d) { window.__wx.app = d; },
  updateTimelineShareData: function (d) { window.__wx.timeline = d; },
};`;

/**
 * Serves the stand-in at jweixin's real URL for `page`; answers the referers the CDN was asked
 * with, in order.
 */
export async function stubWechatSdk(page: Page): Promise<string[]> {
  const referers: string[] = [];
  await page.route('https://res.wx.qq.com/open/js/jweixin-1.6.0.js', (route) => {
    referers.push(route.request().headers().referer ?? '');
    return route.fulfill({ contentType: 'text/javascript', body: SDK });
  });
  return referers;
}
