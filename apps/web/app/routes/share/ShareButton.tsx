// Issue 6 (sharing). The detail page's bottom bar and the user home render it.
import { BRIDGE_ERROR } from '@h5/bridge/protocol';
import { FLOATING_BUTTONS_MESSAGES, isInApp, isWechatBrowser, SHARE_CHANNELS } from '@h5/core';
import { useCallback, useEffect } from 'react';
import { useRootData } from '../../lib/root-data';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useApi } from '../../lib/use-api';
import { loadPageBridge } from '../../platform/page-bridge';
import { Toast, useToast } from '../../shell/Toast';
import styles from './ShareButton.module.css';
import { type ShareTarget, shareInfoOf, summaryFromDocument } from './share-info';

export interface ShareButtonProps {
  /** What is shared: a content, a user home. */
  target: { type: 'content'; contentId: number } | { type: 'user'; userId: number };
}

const currentShareInfo = (target: ShareTarget) =>
  shareInfoOf(target, summaryFromDocument(document, SOCIAL_TEXT.shareContent), location.origin);

/** Share: the app's share sheet through the bridge, WeChat's JS-SDK, or the web share / copy link. */
export function ShareButton({ target }: ShareButtonProps) {
  const [toast, showToast] = useToast();
  const api = useApi();
  const runtime = useRootData()?.runtime;
  const targetKey = target.type === 'content' ? `c${target.contentId}` : `u${target.userId}`;

  // In WeChat's browser its own menu shares: configure the JS-SDK with this page's share info.
  // biome-ignore lint/correctness/useExhaustiveDependencies: targetKey stands for target
  useEffect(() => {
    if (!isWechatBrowser(navigator.userAgent)) return;
    const info = currentShareInfo(target);
    void api((c) => c.config.wechatShareConfig, { shareUrl: location.href })
      .then(async (config) => (await import('./wechat-sdk')).configureWechatShare(config, info))
      .catch((error: unknown) => console.error('wechat share', error));
  }, [api, targetKey]);

  const share = useCallback(async () => {
    const info = currentShareInfo(target);
    if (isWechatBrowser(navigator.userAgent)) {
      showToast(SOCIAL_TEXT.wechatHint);
      return;
    }
    try {
      // In the app: its share sheet. Elsewhere the bridge uses navigator.share, else copies the link.
      const result = await (await loadPageBridge(runtime ?? {})).share(info);
      if (!isInApp(navigator.userAgent) && result.channel === SHARE_CHANNELS.copyLink) {
        showToast(FLOATING_BUTTONS_MESSAGES.copySuccess);
      }
    } catch (error) {
      if ((error as { code?: unknown }).code === BRIDGE_ERROR.dismissed) return;
      showToast(FLOATING_BUTTONS_MESSAGES.copyFailure);
    }
  }, [target, runtime, showToast]);

  return (
    <>
      <button type="button" className={styles.button} onClick={share} data-testid="share-button">
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path
            d="M11 3l6 6-6 6v-3.6C6.5 11.4 4 13 2.5 16c.5-5 3.5-8 8.5-8.6V3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">{SOCIAL_TEXT.share}</span>
      </button>
      <Toast message={toast} testId="share-toast" />
    </>
  );
}
