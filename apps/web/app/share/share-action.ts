// The share button's logic, loaded on first use so the bridge, the UA rules and the WeChat
// config stay out of the detail page's first-load JS (DESIGN.md §8).

import { isBridgeError } from '@h5/bridge';
import { BRIDGE_ERROR } from '@h5/bridge/protocol';
import type { PublicRuntimeConfig } from '@h5/contract';
import { FLOATING_BUTTONS_MESSAGES, isWechatBrowser, SHARE_CHANNELS } from '@h5/core';
import type { LazyApi } from '../lib/api-client';
import { SHARE_TEXT } from '../lib/ui-text/share';
import { usesNativeApp } from '../platform/app-mode';
import { loadPageBridge } from '../platform/page-bridge';
import { announceContentShare } from './content-shared';
import { contentShare, type ShareTarget, shareInfoOf, summaryFromDocument } from './share-info';

/** A content's share info from its detail (as its page's meta), else from what the page's meta says. */
const currentShareInfo = (target: ShareTarget) =>
  target.type === 'content' && target.detail
    ? contentShare(target.detail, location.origin).info
    : shareInfoOf(target, summaryFromDocument(document, SHARE_TEXT.shareContent), location.origin);

/** In WeChat's browser its own menu shares: configure the JS-SDK with this page's share info. */
export async function configureWechatShare(api: LazyApi, target: ShareTarget): Promise<void> {
  if (!isWechatBrowser(navigator.userAgent)) return;
  const info = currentShareInfo(target);
  const config = await api('config.wechatShareConfig', { shareUrl: location.href });
  await (await import('./wechat-sdk')).configureWechatShare(config, info);
}

/**
 * Shares `target`: the app's share sheet in the app; in WeChat a hint to use its menu; elsewhere
 * the bridge's web fallback (navigator.share, else copy the link). Returns the toast to show, if any.
 */
export async function runShare(
  target: ShareTarget,
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>,
): Promise<string | null> {
  const info = currentShareInfo(target);
  if (isWechatBrowser(navigator.userAgent)) return SHARE_TEXT.wechatHint;
  try {
    const result = await (await loadPageBridge(runtime)).share(info);
    if (result.shared && target.type === 'content') announceContentShare(target.contentId, result.channel);
    if (!usesNativeApp() && result.channel === SHARE_CHANNELS.copyLink) {
      return FLOATING_BUTTONS_MESSAGES.copySuccess;
    }
    return null;
  } catch (error) {
    if (isBridgeError(error) && error.code === BRIDGE_ERROR.dismissed) return null;
    return FLOATING_BUTTONS_MESSAGES.copyFailure;
  }
}
