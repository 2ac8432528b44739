// Sharing an invitation (issue 18 point 1), loaded on first use so the bridge, the UA rules and
// the WeChat config stay out of the invite page's first-load JS: the app's share sheet through
// the bridge in the app, WeChat's own menu (configured with the JS-SDK) in WeChat's browser, the
// web share sheet or a copied link elsewhere.

import { isBridgeError } from '@h5/bridge';
import { BRIDGE_ERROR } from '@h5/bridge/protocol';
import type { InviteShare, PublicRuntimeConfig } from '@h5/contract';
import { isWechatBrowser } from '@h5/core';
import type { LazyApi } from '../../lib/api-client';
import { INVITE_TEXT as text } from '../../lib/ui-text/invite';
import { usesNativeApp } from '../../platform/app-mode';
import { loadPageBridge } from '../../platform/page-bridge';
import { openSharePanelOf } from '../../share/share-action';
import type { ShareInfo } from '../../share/share-info';

/** The bridge's share payload (spec §3 share info) of an invitation. */
export const shareInfoOfInvite = (share: InviteShare): ShareInfo => ({
  shareTitle: share.title,
  shareContent: share.desc,
  shareImage: share.image,
  shareUrl: share.url,
});

/** In WeChat's browser its own menu shares: what it sends is the invitation's landing. */
export async function configureWechatInviteShare(api: LazyApi, share: InviteShare): Promise<void> {
  if (!isWechatBrowser(navigator.userAgent)) return;
  const config = await api('config.wechatShareConfig', { shareUrl: location.href });
  await (await import('../../share/wechat-sdk')).configureWechatShare(config, shareInfoOfInvite(share));
}

/** Shares the invitation; answers the toast to show, if any (the app's sheet failing). */
export async function shareInvite(
  share: InviteShare,
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>,
): Promise<string | null> {
  if (!usesNativeApp()) {
    await openSharePanelOf(shareInfoOfInvite(share), runtime);
    return null;
  }
  try {
    await (await loadPageBridge(runtime)).share(shareInfoOfInvite(share));
    return null;
  } catch (error) {
    if (isBridgeError(error) && error.code === BRIDGE_ERROR.dismissed) return null;
    return text.copyFailed;
  }
}

/** Copies the landing link (the page's second button): the bridge's clipboard, or the browser's. */
export async function copyInviteLink(
  share: InviteShare,
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>,
): Promise<string> {
  try {
    await (await loadPageBridge(runtime)).copyText(share.url);
    return text.linkCopied;
  } catch {
    return text.copyFailed;
  }
}
