import type { PlatformInfo } from '@h5/bridge';
import type { PublicRuntimeConfig } from '@h5/contract';
import { isInApp, wantsDebugConsole } from '@h5/core';
import type { LazyApi } from '../lib/api-client';
import { reportTelemetry } from '../lib/telemetry';
import { PLATFORM_INFO_EVENT } from '../shell/use-platform-info-hold';
import { startAnalytics } from './analytics';
import { watchJumpLinks } from './jump-links';
import { loadPageBridge } from './page-bridge';
import { watchPageHealth } from './page-health';

/** What the page tells the started platform. */
export interface Platform {
  /** A page view (first load and every client navigation). */
  pageView(pathname: string): void;
}

function publishPlatformInfo(info: PlatformInfo | null): void {
  window.__H5_PLATFORM_INFO__ = info;
  window.dispatchEvent(new CustomEvent(PLATFORM_INFO_EVENT, { detail: info }));
}

/**
 * What every page starts after hydration (its own chunk): the debug console when the URL asks
 * for it (debug=1 or openTestHelper; vConsole is a further chunk), page-health telemetry; in the
 * app, jump links that open native screens, platform info (which releases the page wrapper's
 * hold) and finishedPage; analytics.
 */
export async function startPlatform(api: LazyApi, runtime: PublicRuntimeConfig): Promise<Platform> {
  if (wantsDebugConsole(location.search)) {
    import('../shell/debug/debug-console')
      .then(({ openDebugConsole }) => openDebugConsole(api))
      .catch((error: unknown) => console.error('debug console failed to load', error));
  }
  const report = (r: Parameters<typeof reportTelemetry>[1]) => void reportTelemetry(api, r);
  watchPageHealth(report);
  const analytics = startAnalytics(api, runtime);
  const platform: Platform = { pageView: analytics.pageView };
  if (!isInApp(navigator.userAgent)) return platform;
  watchJumpLinks(runtime);
  const bridge = await loadPageBridge(runtime);
  bridge.on('platformInfo', publishPlatformInfo);
  // Platform info rejects after 2 s (spec §8); the page then shows without it.
  publishPlatformInfo(await bridge.getPlatformInfo().catch(() => null));
  await bridge.finishedPage().catch((error: unknown) => console.warn('finishedPage failed', error));
  return platform;
}
