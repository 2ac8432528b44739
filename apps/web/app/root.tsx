import './load-context';
import './shell/styles/tokens.css';
import './shell/styles/floating.css';
import { type CSSProperties, type ReactNode, Suspense, useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useNavigation,
} from 'react-router';
import type { Route } from './+types/root';
import { provideApiRuntime } from './lib/api-client';
import { PRODUCTION_APP_ENV } from './lib/app-env';
import { LOW_DEVICE_CLASS } from './lib/device-hints';
import { useNonce } from './lib/nonce';
import { useRootData } from './lib/root-data';
import { loadRootData } from './lib/root-loader.server';
import { SHELL_TEXT } from './lib/ui-text/shell';
import {
  EARLY_IMAGE_FAILURES,
  EARLY_RELOAD_BUTTONS,
  EARLY_SCRIPT_ERROR_COLLECTOR,
} from './platform/early-errors';
import { PlatformBoot } from './platform/PlatformBoot';
import { openAppBannerHtml, openAppScript } from './share/open-app-banner';
import { FloatingButtonsLoader } from './shell/FloatingButtonsLoader';
import { LazyRootErrorBoundary, preloadFallbacks } from './shell/lazy-fallbacks';
import { PageToast } from './shell/PageToast';
import { PageWrapper } from './shell/PageWrapper';

// The API client's heavy half (HTTP client, contract table, request hooks) loads on the first call.
provideApiRuntime((runtime, api) =>
  import('./platform/api-runtime').then((m) => m.createBrowserClient(runtime, api)),
);

export function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context);
}

// The root data (config, switch, viewer) changes only with a full page load or an explicit
// revalidate (after login), not on every in-app navigation.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: SHELL_TEXT.siteTitle }];

/**
 * `<html>`'s device attributes from the root data, so they hold from the first paint (tokens.css).
 * Server render only, like the script below: the platform boot keeps them up to date in the
 * browser (platform/device.ts), and the client build drops this code (first-load JS).
 */
function deviceAttributes(root: ReturnType<typeof useRootData>) {
  if (!import.meta.env.SSR) return {};
  return {
    className: root?.lowDevice ? LOW_DEVICE_CLASS : undefined,
    // The app's status bar pads the top bars (tokens.css --safe-top); platform boot updates it.
    style:
      root?.statusBarHeight != null
        ? ({ '--status-bar-height': `${root.statusBarHeight}px` } as CSSProperties)
        : undefined,
  };
}

export function Layout({ children }: { children: ReactNode }) {
  // The page's CSP nonce (server render only): without it the browser runs none of these scripts.
  const nonce = useNonce();
  const root = useRootData();
  // 打开 App (issue 28 point 12): in a browser, outside the app's webview (the links are absent there).
  const app = import.meta.env.SSR ? root?.runtime.app : undefined;
  // Once React has hydrated the page: `<html data-hydrated="true">`, so browser tests and the
  // white-screen check tell a server-rendered page from a live one, and the fallbacks' chunk is
  // fetched ahead of need (shell/lazy-fallbacks.tsx).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    preloadFallbacks();
  }, []);
  return (
    <html lang="zh-CN" {...deviceAttributes(root)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#f5f5f7" />
        <meta name="format-detection" content="telephone=no" />
        {/* Without it browsers fetch /favicon.ico, a 404 on every page (apps/web/public). */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Vite's preload helper gives the modulepreload links it adds this nonce. */}
        <meta property="csp-nonce" nonce={nonce} />
        {/* The server renders it and it has run by hydration, so the client build drops the
            string (import.meta.env.SSR is false there) and keeps the server's markup. */}
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no user data.
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR
              ? EARLY_SCRIPT_ERROR_COLLECTOR +
                EARLY_RELOAD_BUTTONS +
                EARLY_IMAGE_FAILURES +
                (app ? openAppScript(app) : '')
              : '',
          }}
          suppressHydrationWarning
        />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The 打开 App banner (share/open-app-banner.ts): the server's markup, kept like the script
            above; it shows over the feed and a content detail (floating.css). */}
        <div
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no user data.
          dangerouslySetInnerHTML={{ __html: app ? openAppBannerHtml() : '' }}
          suppressHydrationWarning
        />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* While a navigation loads (issue 14 point 3): floating.css draws and animates it. */}
      <div className="h5-nav-progress" hidden={useNavigation().state === 'idle'} />
      <PageWrapper inApp={loaderData.inApp}>
        <Outlet />
      </PageWrapper>
      <FloatingButtonsLoader floating={loaderData.runtime.appEnv !== PRODUCTION_APP_ENV} />
      <PlatformBoot />
      <PageToast />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  return (
    <Suspense fallback={null}>
      <LazyRootErrorBoundary error={error} root={root} />
    </Suspense>
  );
}
