// Issue 6 (sharing). The detail page's bottom bar and the user home render it; the logic
// (bridge, UA rules, WeChat) is in share-action.ts, loaded on mount / first tap.
import { useCallback, useEffect } from 'react';
import { useRootData } from '../lib/root-data';
import { SHARE_TEXT } from '../lib/ui-text/share';
import { useApi } from '../lib/use-api';
import { Toast } from '../shell/Toast';
import { useToast } from '../shell/use-toast';
import type { ShareTarget } from './share-info';

const loadShareAction = () => import('./share-action');

export interface ShareButtonProps {
  /** What is shared: a content (with its detail once loaded), a user home. */
  target: ShareTarget;
}

/** Share: the app's share sheet through the bridge, WeChat's JS-SDK, or the web share / copy link. */
export function ShareButton({ target }: ShareButtonProps) {
  const [toast, showToast] = useToast();
  const api = useApi();
  const runtime = useRootData()?.runtime;
  const targetKey =
    target.type === 'content' ? `c${target.contentId}${target.detail ? '+' : ''}` : `u${target.userId}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: targetKey stands for target
  useEffect(() => {
    loadShareAction()
      .then((action) => action.configureWechatShare(api, target))
      .catch((error: unknown) => console.error('wechat share', error));
  }, [api, targetKey]);

  const share = useCallback(async () => {
    const message = await loadShareAction().then(
      (action) => action.runShare(target, runtime ?? {}),
      () => SHARE_TEXT.shareUnavailable,
    );
    if (message) showToast(message);
  }, [target, runtime, showToast]);

  return (
    <>
      <button type="button" className="h5-share-button" onClick={share} data-testid="share-button">
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path
            d="M11 3l6 6-6 6v-3.6C6.5 11.4 4 13 2.5 16c.5-5 3.5-8 8.5-8.6V3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">{SHARE_TEXT.share}</span>
      </button>
      <Toast message={toast} testId="share-toast" />
    </>
  );
}
