import type { WechatShareConfig } from '@h5/contract';
import type { ShareInfo } from './share-info';

/** WeChat's JS-SDK, loaded from its CDN only inside WeChat's browser. */
const JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData'];

interface WxShareData {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
}
interface Wx {
  config(options: Record<string, unknown>): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
  updateAppMessageShareData(data: WxShareData): void;
  updateTimelineShareData(data: Omit<WxShareData, 'desc'>): void;
}

let sdk: Promise<Wx> | undefined;

function loadSdk(): Promise<Wx> {
  sdk ??= new Promise<Wx>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JS_SDK_URL;
    script.async = true;
    script.onload = () => {
      const wx = (window as unknown as { wx?: Wx }).wx;
      if (wx) resolve(wx);
      else reject(new Error('wechat sdk missing'));
    };
    script.onerror = () => reject(new Error('wechat sdk failed to load'));
    document.head.append(script);
  });
  return sdk;
}

/**
 * Sets what WeChat's own share menu sends (friends and moments): wx.config with the server's
 * signature for this page's URL, then the share data once the SDK is ready.
 */
export async function configureWechatShare(config: WechatShareConfig, info: ShareInfo): Promise<void> {
  const wx = await loadSdk();
  await new Promise<void>((resolve, reject) => {
    wx.config({
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.noncestr,
      signature: config.signature,
      jsApiList: JS_API_LIST,
    });
    wx.error(reject);
    wx.ready(() => {
      const imgUrl = info.shareImage ?? '';
      wx.updateAppMessageShareData({
        title: info.shareTitle,
        desc: info.shareContent,
        link: info.shareUrl,
        imgUrl,
      });
      wx.updateTimelineShareData({ title: info.shareTitle, link: info.shareUrl, imgUrl });
      resolve();
    });
  });
}
