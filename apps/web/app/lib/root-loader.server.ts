import { contract } from '@h5/contract';
import { DU_TOKEN_COOKIE, isInApp, readCookie } from '@h5/core';
import type { AppLoadContext } from 'react-router';
import { isDowngradeRequest } from '../shell/downgrade';
import { lowDeviceHint, statusBarHeightHint } from './device-hints';
import type { RootData, ViewerBrief } from './root-data';

const CLIENT_CONF_FALLBACK: RootData['clientConf'] = { errorPageSwitch: false };

async function loadClientConf(context: AppLoadContext): Promise<RootData['clientConf']> {
  try {
    const conf = await context.api(contract.config.clientConf, {});
    return { errorPageSwitch: conf.errorPageSwitch };
  } catch (error) {
    // Failing soft: without client-conf the page shows its content (switch off).
    console.warn('client-conf unavailable, error page switch off', error);
    return CLIENT_CONF_FALLBACK;
  }
}

async function loadViewer(request: Request, context: AppLoadContext): Promise<ViewerBrief | null> {
  // The duToken cookie alone counts as logged in (spec §3); the profile is for the top bar.
  if (!readCookie(request.headers.get('cookie'), DU_TOKEN_COOKIE)) return null;
  try {
    const me = await context.api(contract.auth.me, {});
    return { userId: me.userId, userName: me.userName, avatar: me.avatar };
  } catch (error) {
    console.warn('viewer profile unavailable, showing the login entry', error);
    return null;
  }
}

/** The root loader: public runtime config, client-conf's switch, in-app flag, device hints and the viewer. */
export async function loadRootData(request: Request, context: AppLoadContext): Promise<RootData> {
  const [clientConf, viewer] = await Promise.all([loadClientConf(context), loadViewer(request, context)]);
  const { appEnv, apiBaseUrl, signSecret, cookieDomain } = context.runtime;
  const userAgent = request.headers.get('user-agent');
  const cookies = request.headers.get('cookie');
  const appWebview = isInApp(userAgent);
  // Downgrade mode renders the web path: no platform-info hold, the web login (docs/bridge-protocol.md).
  const inApp = appWebview && !isDowngradeRequest(request.url, cookies);
  return {
    runtime: cookieDomain
      ? { appEnv, apiBaseUrl, signSecret, cookieDomain }
      : { appEnv, apiBaseUrl, signSecret },
    clientConf,
    inApp,
    lowDevice: lowDeviceHint(userAgent, cookies),
    // The webview's geometry, downgrade mode or not: its top bars stay clear of the status bar.
    statusBarHeight: appWebview ? statusBarHeightHint(cookies) : null,
    viewer,
  };
}
