import { TELEMETRY_MESSAGES } from '@h5/core';
import type {} from './early-errors';

/** A problem the page noticed about itself, in the telemetry kinds of the contract. */
export interface HealthReport {
  kind: 'script-load' | 'white-screen';
  message: string;
  detail?: string;
}

/** True when the page shows nothing a user could read or look at. */
export function looksBlank(root: Element | null): boolean {
  if (!root) return true;
  const text = (root as HTMLElement).innerText?.trim() ?? root.textContent?.trim() ?? '';
  if (text.length > 0) return false;
  return root.querySelector('img, svg, video, canvas') === null;
}

// Past the platform-info hold (1 s) and a slow first paint.
const WHITE_SCREEN_CHECK_MS = 5000;

/**
 * Spec §8 page telemetry after hydration: script load failures (the early ones, then new ones)
 * as '脚本加载失败，URL：…', and '白屏风险' when the page is still blank some seconds in.
 */
export function watchPageHealth(report: (r: HealthReport) => void): () => void {
  const reportScript = (url: string) =>
    report({ kind: 'script-load', message: TELEMETRY_MESSAGES.scriptLoadFailed(url) });
  for (const url of window.__H5_SCRIPT_ERRORS__ ?? []) reportScript(url);
  window.__H5_SCRIPT_ERRORS__ = undefined;
  const onError = (event: Event) => {
    const target = event.target as HTMLScriptElement | null;
    if (target?.tagName === 'SCRIPT') reportScript(target.src);
  };
  addEventListener('error', onError, true);
  // A lazily imported chunk that fails (Vite's preload helper announces it before rethrowing).
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const text = payload instanceof Error ? payload.message : String(payload);
    reportScript(/https?:\/\/\S+/.exec(text)?.[0] ?? text);
  };
  addEventListener('vite:preloadError', onPreloadError);
  const timer = setTimeout(() => {
    const page = document.querySelector('[data-testid="page"], [data-testid="error-page"]');
    if (looksBlank(page)) {
      report({
        kind: 'white-screen',
        message: TELEMETRY_MESSAGES.whiteScreenRisk,
        detail: location.pathname,
      });
    }
  }, WHITE_SCREEN_CHECK_MS);
  return () => {
    removeEventListener('error', onError, true);
    removeEventListener('vite:preloadError', onPreloadError);
    clearTimeout(timer);
  };
}
