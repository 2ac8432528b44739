import type { PlatformInfo } from '@h5/bridge';
import type { PublicRuntimeConfig } from '@h5/contract';
import { isInApp, wantsDebugConsole } from '@h5/core';
import type { LazyApi } from '../lib/api-client';
import { readStorage } from '../lib/browser-storage';
import { AFTER_LOGIN_KEY } from '../lib/data-layer/after-login';
import { importWhenOnline } from '../lib/import-when-online';
import type { LateRootPart } from '../lib/root-data';
import { reportTelemetry } from '../lib/telemetry';
import { startAnalytics } from './analytics';
import { isDowngraded } from './app-mode';
import { applyDevice } from './device';
import { watchJumpLinks } from './jump-links';
import { loadPageBridge } from './page-bridge';
import { watchPageHealth } from './page-health';
import { PLATFORM_INFO_EVENT } from './use-platform-info-hold';

/** What the page tells the started platform. */
export interface Platform {
  /** A page view (first load and every client navigation). */
  pageView(pathname: string): void;
}

function publishPlatformInfo(info: PlatformInfo | null, downgraded: boolean): void {
  window.__H5_PLATFORM_INFO__ = info;
  applyDevice(info, downgraded);
  window.dispatchEvent(new CustomEvent(PLATFORM_INFO_EVENT, { detail: info }));
}

/**
 * What every page starts after hydration (its own chunk): the root data the server did not read
 * within the prefetch limit (spec §4; a further chunk, only then), the debug console when the URL
 * asks for it (debug=1 or openTestHelper; vConsole is a further chunk), page-health telemetry, the
 * device judgement (low-device mode); in the app, platform info (which releases the page
 * wrapper's hold, pads the top bars and judges the device again), jump links that open native
 * screens and finishedPage; analytics.
 * In downgrade mode the app is not asked anything: the hold is released at once.
 */
export async function startPlatform(
  api: LazyApi,
  runtime: PublicRuntimeConfig,
  late?: readonly LateRootPart[],
  viewerId?: number,
): Promise<Platform> {
  if (late) {
    import('../lib/late-root-data')
      .then(({ loadLateRootData }) => loadLateRootData(api, runtime, late))
      .catch((error: unknown) => console.error('late root data failed to load', error));
  }
  if (wantsDebugConsole(location.search)) {
    import('./debug/debug-console')
      .then(({ openDebugConsole }) => openDebugConsole(api))
      .catch((error: unknown) => console.error('debug console failed to load', error));
  }
  // A light or follow a visitor tapped before logging in (the login ends in a page load).
  if (readStorage('session', AFTER_LOGIN_KEY) !== null)
    import('./after-login')
      .then(({ applyAfterLogin }) => applyAfterLogin(api))
      .catch((error: unknown) => console.error('the tap before login was not applied', error));
  const report = (r: Parameters<typeof reportTelemetry>[1]) => void reportTelemetry(api, r);
  watchPageHealth(report);
  const inApp = isInApp(navigator.userAgent);
  const downgraded = isDowngraded();
  // In the app the landing page view asks the app where the user came from (spec §9: 3000 ms);
  // downgrade mode asks the app nothing.
  const nativeSource =
    inApp && !downgraded ? () => loadPageBridge(runtime).then((b) => b.getTrackSource()) : undefined;
  const analytics = startAnalytics(api, runtime, nativeSource);
  // Offline reading (its own chunk): whose copies they are is known unless the reader is late. A
  // page that went offline before the chunk arrived starts it once the network is back.
  const owner = late?.includes('viewer') ? null : String(viewerId ?? '');
  const offline = importWhenOnline(() => import('./offline/offline')).then(({ startOffline }) =>
    startOffline(api, owner, downgraded),
  );
  offline.catch((error: unknown) => console.error('offline reading failed to start', error));
  const platform: Platform = {
    pageView: (pathname) => {
      analytics.pageView(pathname);
      void offline.then((o) => o.pageShown()).catch(() => undefined);
    },
  };
  applyDevice(null, downgraded);
  if (!inApp) return platform;
  if (downgraded) {
    publishPlatformInfo(null, downgraded);
    return platform;
  }
  watchJumpLinks(runtime);
  const bridge = await loadPageBridge(runtime);
  bridge.on('platformInfo', (info) => publishPlatformInfo(info, downgraded));
  // Platform info rejects after 2 s (spec §8); the page then shows without it.
  publishPlatformInfo(await bridge.getPlatformInfo().catch(() => null), downgraded);
  await bridge.finishedPage().catch((error: unknown) => console.warn('finishedPage failed', error));
  return platform;
}
