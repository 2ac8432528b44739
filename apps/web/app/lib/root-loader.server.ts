import { CLIENT_CONF_REF } from '@h5/contract';
import { DOWNGRADE_QUERY_FLAG, DU_TOKEN_COOKIE, isInApp, readCookie } from '@h5/core';
import type { AppLoadContext } from 'react-router';
import { clientConfSettingsOf, configDataMode } from './config/client-conf';
import { serverConfigClient } from './config/config-client.server';
import { lowDeviceHint, statusBarHeightHint } from './device-hints';
import { isDowngradeRequest } from './downgrade';
import { prefetch } from './prefetch.server';
import type { ClientConfSettings, LateRootPart, RootData, ViewerBrief } from './root-data';

/** null: not read within the prefetch limit (the browser reads it). */
async function loadClientConf(request: Request, context: AppLoadContext): Promise<ClientConfSettings | null> {
  // Downgrade mode (query flag or the toggle's cookie) reads the static config CDN.
  const storedFlag = readCookie(request.headers.get('cookie'), DOWNGRADE_QUERY_FLAG);
  const { client, late } = serverConfigClient(context, configDataMode(request.url, storedFlag));
  const data = await client.get(CLIENT_CONF_REF);
  return late() ? null : clientConfSettingsOf(data);
}

/** undefined: not read within the prefetch limit (the browser reads it). */
async function loadViewer(
  request: Request,
  context: AppLoadContext,
): Promise<ViewerBrief | null | undefined> {
  // The duToken cookie alone counts as logged in (spec §3); the profile is for the top bar.
  if (!readCookie(request.headers.get('cookie'), DU_TOKEN_COOKIE)) return null;
  const me = await prefetch(context, 'auth.me', {});
  if (me.ok) return { userId: me.data.userId, userName: me.data.userName, avatar: me.data.avatar };
  if (me.reason === 'timeout') return undefined;
  console.warn('viewer profile unavailable, showing the login entry', me.error);
  return null;
}

/**
 * The root loader: public runtime config, client-conf's settings (through the config client),
 * in-app flag, device hints and the viewer. Both reads are within the page's prefetch limit;
 * what did not come in time is listed in `late` and read by the browser after hydration.
 */
export async function loadRootData(request: Request, context: AppLoadContext): Promise<RootData> {
  const [clientConf, viewer] = await Promise.all([
    loadClientConf(request, context),
    loadViewer(request, context),
  ]);
  const late: LateRootPart[] = [];
  if (clientConf === null) late.push('clientConf');
  if (viewer === undefined) late.push('viewer');
  const { appEnv, apiBaseUrl, signSecret, cookieDomain, app } = context.runtime;
  const userAgent = request.headers.get('user-agent');
  const cookies = request.headers.get('cookie');
  const appWebview = isInApp(userAgent);
  // Downgrade mode renders the web path: no platform-info hold, the web login (docs/bridge-protocol.md).
  const inApp = appWebview && !isDowngradeRequest(request.url, cookies);
  return {
    runtime: {
      appEnv,
      apiBaseUrl,
      signSecret,
      ...(cookieDomain ? { cookieDomain } : {}),
      // 打开 App (issue 28 point 12) only means something outside the app's webview (downgrade too).
      ...(app && !appWebview ? { app } : {}),
    },
    clientConf: clientConf ?? clientConfSettingsOf({}),
    inApp,
    lowDevice: lowDeviceHint(userAgent, cookies),
    // The webview's geometry, downgrade mode or not: its top bars stay clear of the status bar.
    statusBarHeight: appWebview ? statusBarHeightHint(cookies) : null,
    viewer: viewer ?? null,
    // The moment the page was drawn: relative times (lib/use-now.ts) hydrate as the server wrote them.
    now: Date.now(),
    ...(late.length > 0 ? { late } : {}),
  };
}
