// Issue 14 point 2: React Router loads a route's module on the first visit, and when that import
// fails (offline, a dropped connection) it reloads the whole document, which offline is the
// browser's own error page. So once the page has settled, the modules of the pages a user can
// reach are fetched ahead (the browser keeps an imported module for the document's life): a later
// navigation that fails does so on its data, which the root error boundary shows in place.

interface ManifestRoute {
  id: string;
  module: string;
  path?: string;
}

/** The network-failure screen's chunk (NetworkFailure.tsx, with the page header). */
export const loadNetworkFailure = () => import('./NetworkFailure');
/** What a light tapped offline needs (use-light.ts imports it then, when no chunk can arrive). */
const loadOfflineLights = () => import('../lib/data-layer/offline-lights');

// Operators' pages (internal-access.ts, the backstage's desktop tree) and test hooks: no user
// taps their way there. The backstage's layout has no path of its own: it goes by its id.
const NOT_WARMED = /^\/?(internal|analytics|__debug|backstage)\b/;
const isBackstage = (route: ManifestRoute) => route.id.startsWith('routes/backstage/');

/**
 * Modules imported together; the next ones wait for the browser's next idle moment. All at once,
 * their evaluation was one task of 184 ms at 4× CPU right after hydration (a Chromium trace of
 * `/`), inside the window where Lighthouse counts blocking time; a few at a time, each task is short.
 */
const WARM_GROUP = 4;
/** How long after the page's load the warm-up starts. */
const WARM_AFTER_LOAD_MS = 3000;

/** Imports the route modules of the user-facing pages when the browser is idle; marks `<html data-routes-warm>` when done. */
export function warmRoutes(): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const manifest = (window as { __reactRouterManifest?: { routes: Record<string, ManifestRoute> } })
    .__reactRouterManifest;
  const routes = Object.values(manifest?.routes ?? {}).filter(
    (r) => !NOT_WARMED.test(r.path ?? '') && !isBackstage(r),
  );
  // What a page needs once the network is gone comes first.
  const loads: Array<() => Promise<unknown>> = [
    loadNetworkFailure,
    loadOfflineLights,
    ...routes.map((r) => () => import(/* @vite-ignore */ r.module)),
  ];
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const warmFrom = (start: number) => {
    idle(() => {
      const group = loads.slice(start, start + WARM_GROUP).map((load) => load().catch(() => undefined));
      void Promise.all(group).then(() => {
        if (start + WARM_GROUP < loads.length) warmFrom(start + WARM_GROUP);
        else document.documentElement.dataset.routesWarm = 'true';
      });
    });
  };
  // Background work: after the page's load and a quiet moment (WARM_AFTER_LOAD_MS), never in the
  // first load's way (the offline worker's install waits the same way, platform/offline).
  const start = () => setTimeout(() => warmFrom(0), WARM_AFTER_LOAD_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
