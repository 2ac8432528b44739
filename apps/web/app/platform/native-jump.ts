// Issue 12 point 1: screens open native screens. In the platform boot's chunk and the share
// landing's: never in the first-load JS.
import { BRIDGE_ERROR, isBridgeError } from '@h5/bridge';
import type { PublicRuntimeConfig } from '@h5/contract';
import { nativeRouteOfUrl } from '@h5/core';
import { loadPageBridge } from './page-bridge';

/**
 * In the app: opens the native screen of a link of ours (`nativeRouteOfUrl`: a share link, or a
 * jump-table page such as `/community/user?userId=`) through the bridge's `redirect`. True when
 * the app opened it (or its login instead, for a login-only jump); false when the link has no
 * native screen or the app did not open it (no such screen, too old, failed, timed out): the
 * caller shows the web page then.
 */
export async function openInApp(
  runtime: Pick<PublicRuntimeConfig, 'cookieDomain'>,
  url: string,
): Promise<boolean> {
  // Only a link with a native screen: the bridge would navigate the webview for any other.
  if (!nativeRouteOfUrl(url, location.origin)) return false;
  try {
    return await (await loadPageBridge(runtime)).openUrl(url);
  } catch (error) {
    if (isBridgeError(error) && error.code === BRIDGE_ERROR.loginRequired) return true;
    console.warn('native jump failed, showing the web page', error);
    return false;
  }
}
