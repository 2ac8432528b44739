import {
  JUMP_KEY,
  type JumpParams,
  type JumpTarget,
  jumpFallback,
  jumpRequiresLogin,
  nativeJumpRoute,
  nativeRouteOfUrl,
} from '@h5/core';
import type { BridgeContext } from './context';
import type { SessionApi } from './session';

/** Jumps, links and navigation (spec §2, §7). */
export interface NavigationApi {
  /** Native jump by key: in the app the native screen, else the same-origin fallback; false when nothing opened. Key 28 needs login. */
  redirect(key: JumpTarget, params?: JumpParams): Promise<boolean>;
  /**
   * Opens a link: in the app a link of ours with a native screen (a share link, or a jump-table
   * page such as `/community/topic?tagId=`) opens that screen; anything else navigates (http(s) or same-origin only).
   */
  openUrl(url: string): Promise<boolean>;
  /** Navigation: push a URL in a new webview, go back, or close the webview; outside the app location.assign / history.back. */
  navigate(action: 'push' | 'back' | 'close', url?: string): Promise<void>;
}

/** Builds the navigation helpers. */
export function createNavigation(ctx: BridgeContext, session: SessionApi): NavigationApi {
  const { env } = ctx;

  // Only http(s) or a same-origin path may be opened: the external-link rule of the jump table.
  const safeUrl = (url: string | undefined) => (url ? jumpFallback(JUMP_KEY.externalLink, { url }) : null);

  function assign(url: string | undefined): boolean {
    const target = safeUrl(url);
    if (!target || !env.location) return false;
    env.location.assign(target);
    return true;
  }

  return {
    async redirect(key, params = {}) {
      if (jumpRequiresLogin(key) && !session.isLoggedIn())
        throw session.requireLogin('redirect', `redirect ${key}`);
      if (!ctx.inApp) {
        const path = jumpFallback(key, params);
        return path !== null && assign(path);
      }
      const route = nativeJumpRoute(key, params);
      if (!route) return false;
      const { opened } = await ctx.call('redirect', { key: route.key, params: { ...route.params } });
      return opened;
    },

    async openUrl(url) {
      const route = ctx.inApp ? nativeRouteOfUrl(url, env.location?.origin) : null;
      if (!route) return assign(url);
      const { opened } = await ctx.call('redirect', { key: route.key, params: { ...route.params } });
      return opened;
    },

    async navigate(action, url) {
      if (ctx.inApp) {
        await ctx.call('navigate', url === undefined ? { action } : { action, url });
        return;
      }
      if (action === 'push') assign(url);
      else env.history?.back(); // a browser tab cannot close itself: back is the nearest
    },
  };
}
