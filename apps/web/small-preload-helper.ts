import type { Plugin } from 'vite';

// Vite wraps every dynamic import() in its preload helper. With `modulePreload: false` the helper
// only loads the CSS of the imported chunk, yet it still ships the whole module-preload machinery
// (about 0.7 KB gzip of first-load JS: decision record 012). This plugin loads a smaller helper of
// the same contract instead: the chunk's stylesheets (once per page; the CSP's style-src allows
// our own, page-csp.ts), then the chunk; a failed chunk still raises `vite:preloadError` (platform/page-health.ts reports it).
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

const HELPER = `
const seen = new Set();
// No listener of ours cancels it: the failure always goes on to the caller.
const fail = (error) => {
  dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: error }));
  throw error;
};
// With modulePreload off, Vite lists only the chunk's stylesheets as its deps. A stylesheet is
// added once per page; the import waits for it, so the chunk never paints unstyled.
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || []).map((dep) => {
      const href = BASE + dep;
      if (seen.has(href)) return;
      seen.add(href);
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      return new Promise((done) => {
        link.onload = link.onerror = done;
        document.head.appendChild(link);
      });
    }),
  ).then(() => load().catch(fail));
`;

/** Replaces Vite's preload helper with the smaller one above (client build only). */
export function smallPreloadHelper(base = '/'): Plugin {
  return {
    name: 'h5:small-preload-helper',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER_ID ? id : null),
    load: (id) => (id === PRELOAD_HELPER_ID ? HELPER.replace('BASE', JSON.stringify(base)) : null),
  };
}
