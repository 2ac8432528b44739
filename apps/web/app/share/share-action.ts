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
import {
  contentShare,
  type ShareInfo,
  type ShareTarget,
  shareInfoOf,
  summaryFromDocument,
} from './share-info';

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
 * Shares `target`: the app's share sheet in the app (issue 28 point 10: unchanged); in a browser
 * the share panel (SharePanel.tsx): the link copied at once and shown, with what happened, a
 * poster and the browser's own sheet; in WeChat the panel with its menu's hint, nothing copied.
 * Returns the toast to show, if any (the app's sheet failing).
 */
export async function runShare(
  target: ShareTarget,
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>,
): Promise<string | null> {
  const info = currentShareInfo(target);
  if (!usesNativeApp()) {
    await openSharePanelOf(info, runtime, announcerOf(target));
    return null;
  }
  try {
    const result = await (await loadPageBridge(runtime)).share(info);
    if (result.shared && target.type === 'content') announceContentShare(target.contentId, result.channel);
    return null;
  } catch (error) {
    if (isBridgeError(error) && error.code === BRIDGE_ERROR.dismissed) return null;
    return FLOATING_BUTTONS_MESSAGES.copyFailure;
  }
}

/** Says a content's share to its page (its share count); other shares count nowhere. */
const announcerOf = (target: ShareTarget) =>
  target.type === 'content'
    ? (channel: number | null) => announceContentShare(target.contentId, channel)
    : undefined;

/**
 * The share panel of `info` in a browser (a content, a user home, an invitation): outside WeChat
 * the link is copied first, and `announce` hears of each share done (a copy, the system sheet).
 */
export async function openSharePanelOf(
  info: ShareInfo,
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>,
  announce?: (channel: number | null) => void,
): Promise<void> {
  const wechat = isWechatBrowser(navigator.userAgent);
  const copy = async () => {
    try {
      await (await loadPageBridge(runtime)).copyText(info.shareUrl);
      announce?.(SHARE_CHANNELS.copyLink);
      return true;
    } catch (error) {
      console.warn('copy link failed', error);
      return false;
    }
  };
  const [panel, copied] = await Promise.all([
    import('./SharePanel'),
    wechat ? null : copy().then((done) => (done ? ('copied' as const) : ('failed' as const))),
  ]);
  const canShare = typeof navigator.share === 'function' && !wechat;
  panel.openSharePanel({
    info,
    copied,
    wechat,
    copy,
    systemShare: canShare ? () => systemShare(info, announce) : undefined,
  });
}

/** The browser's own share sheet (from the panel's 更多方式); a cancel is no failure. */
async function systemShare(info: ShareInfo, announce?: (channel: number | null) => void): Promise<void> {
  try {
    await navigator.share({ title: info.shareTitle, text: info.shareContent, url: info.shareUrl });
    announce?.(null);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== 'AbortError') console.warn('web share failed', error);
  }
}
