import type { Endpoint, RequestOf, ResponseOf } from './endpoint';

/**
 * Issue 28 point 12: how a page in a browser opens the app (`scheme://open?url=<the page>`) and
 * where to get it when that does nothing (the App Store on iOS, the download elsewhere).
 */
export interface AppLinks {
  scheme: string;
  iosStoreUrl: string;
  androidStoreUrl: string;
}

/** Configuration the browser may see, rendered into the page by the server. */
export interface PublicRuntimeConfig {
  /** t0, t1, pre, pro, perf, xdw or local (DESIGN.md §4). 'pro' is production. */
  appEnv: string;
  /** API origin for browser calls; '' is the page's own origin. */
  apiBaseUrl: string;
  /** The sign secret of spec §5 (the browser signs too, so it is public by nature). */
  signSecret: string;
  /** The shared parent domain of the login cookies (`.example.com`); host-only when absent. */
  cookieDomain?: string;
  /**
   * The app's links (issue 28 point 12): the server always says; a page hands them to the browser
   * only outside the app's webview, where 打开 App means something.
   */
  app?: AppLinks;
}

/**
 * What the server hands React Router loaders (the AppLoadContext): in-process calls of the
 * contract for SSR prefetch, with the incoming request's cookies and headers, and the
 * public configuration.
 */
export interface ServerLoadContext {
  /**
   * In-process call. Sends the headers the contract names for the call (as the browser client
   * does) plus `options.headers`.
   */
  api: <E extends Endpoint>(
    endpoint: E,
    input: RequestOf<E>,
    options?: { headers?: Record<string, string> },
  ) => Promise<ResponseOf<E>>;
  runtime: PublicRuntimeConfig;
  /**
   * This response's Content-Security-Policy nonce (fresh per page request): every inline and
   * module script the page renders carries it (apps/web/app/entry.server.tsx, root.tsx).
   */
  nonce: string;
}
