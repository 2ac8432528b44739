// Sharing the 520 picture (issue 28 point 13: its guide says 分享给 TA), loaded on first use so the
// bridge and the UA rules stay out of the activity page's first-load JS: the app's share sheet
// with the picture in the app; elsewhere the system share sheet with the picture itself where the
// browser can share files, else the page's link (shared or copied); in WeChat, how to send it.

import { isBridgeError } from '@h5/bridge';
import { BRIDGE_ERROR } from '@h5/bridge/protocol';
import type { PublicRuntimeConfig } from '@h5/contract';
import { isWechatBrowser, SHARE_CHANNELS } from '@h5/core';
import { ACTIVITY_TEXT } from '../../lib/ui-text/activity';
import { usesNativeApp } from '../../platform/app-mode';
import { loadPageBridge } from '../../platform/page-bridge';

const text = ACTIVITY_TEXT.ai;

/** The picture as a file the system share sheet takes, or null when this browser shares no files. */
async function pictureFile(url: string): Promise<File | null> {
  if (typeof navigator.canShare !== 'function') return null;
  const blob = await (await fetch(url)).blob();
  const file = new File([blob], text.fileName(blob.type), { type: blob.type });
  return navigator.canShare({ files: [file] }) ? file : null;
}

/** Shares the picture; answers the toast to show, if any. */
export async function sharePicture(
  url: string,
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>,
): Promise<string | null> {
  if (isWechatBrowser(navigator.userAgent)) return text.wechatShareHint;
  const absolute = new URL(url, location.href).href;
  try {
    if (!usesNativeApp()) {
      const file = await pictureFile(absolute).catch(() => null);
      if (file) {
        await navigator.share({ files: [file], title: text.shareTitle });
        return null;
      }
    }
    const result = await (await loadPageBridge(runtime)).share({
      shareTitle: text.shareTitle,
      shareContent: text.shareContent,
      shareImage: absolute,
      shareUrl: location.href,
    });
    if (!usesNativeApp() && result.channel === SHARE_CHANNELS.copyLink) return text.linkCopied;
    return null;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    if (isBridgeError(error) && error.code === BRIDGE_ERROR.dismissed) return null;
    return text.shareFailed;
  }
}
