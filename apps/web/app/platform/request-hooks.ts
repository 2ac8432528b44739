import { type Bridge, deviceIdOf, type PlatformInfo } from '@h5/bridge';
import type { PublicRuntimeConfig } from '@h5/contract';
import {
  CLIENT_MESSAGES,
  DEVICE_ID_HEADER,
  DU_TOKEN_COOKIE,
  NATIVE_VERIFY_PASS_CODE,
  readCookie,
  TELEMETRY_MESSAGES,
  X_AUTH_TOKEN,
} from '@h5/core';
import type { ClientOptions } from '@h5/request';
import { recordFailedCall } from '../lib/diagnostics';
import { failureMessage } from '../lib/failure';
import { readFlowType } from '../lib/flow-type';
import { raiseErrorPage, showPageToast } from '../lib/page-signals';
import { usesNativeApp } from './app-mode';
import { passBrowserCaptcha } from './captcha';
import { goToWebLogin } from './web-login';

/** What the hooks report to telemetry (the contract's kinds). */
export type Report = (report: {
  kind: 'timeout' | 'captcha-sdk' | 'missing-cookie';
  message: string;
  detail?: string;
}) => void;

/**
 * A native verify passes when status is 200 and code is 1 (spec §4), with or without a session
 * id: the session id when the app gave one (the replay carries it), else null (the app's verify
 * told the server itself; docs/api.md "Native verify").
 */
export function nativeVerifySession(result: {
  status: number;
  code: number;
  sessionId?: string;
}): string | null {
  if (result.status === 200 && result.code === NATIVE_VERIFY_PASS_CODE) return result.sessionId || null;
  throw new Error(`captcha not passed (status ${result.status}, code ${result.code})`);
}

/** The app's device id header (spec §3: deviceId or duid over uuid), once platform info has arrived. */
function deviceHeaders(): Record<string, string> {
  const id = deviceIdOf(window.__H5_PLATFORM_INFO__ as PlatformInfo | null | undefined);
  return id ? { [DEVICE_ID_HEADER]: id } : {};
}

/**
 * The request client's hooks for this page (spec §6–§8): stored auth values, the colouring value
 * and the app's device id as headers; error toasts, login, cookie self-healing and the risk check through the
 * native side in the app, through the page (toast, /login, captcha SDK) in a browser.
 */
export function createRequestHooks(
  runtime: PublicRuntimeConfig,
  report: Report,
  bridge: () => Promise<Bridge>,
): Omit<ClientOptions, 'baseUrl' | 'signSecret'> {
  // Downgrade mode takes the browser's paths for all of these (docs/bridge-protocol.md).
  const inApp = usesNativeApp();
  return {
    headers: deviceHeaders,
    authTokens: () => ({
      duToken: readCookie(document.cookie, DU_TOKEN_COOKIE),
      xAuthToken: readCookie(document.cookie, X_AUTH_TOKEN),
    }),
    flowType: readFlowType,
    onTimeout: (info) =>
      report({
        kind: 'timeout',
        message: CLIENT_MESSAGES.timeout(info.timeoutMs),
        detail: `${info.method} ${info.path}`,
      }),
    // The toast says what failureMessage says (issue 28 point 7): the network in one voice.
    onErrorToast: (_message, error) => {
      const message = failureMessage(error);
      if (!inApp) return showPageToast(message);
      void bridge()
        .then((b) => b.showToast(message))
        .catch(() => showPageToast(message));
    },
    // The code and the server's own text stay here, for the console and the debug console's
    // 平台 tab; users read the error's message (issue 26 point 8).
    onFailure: (error, call) => {
      const detail = error.serverMessage ?? error.message;
      recordFailedCall({ at: Date.now(), ...call, httpStatus: error.httpStatus, code: error.code, detail });
      if (error.kind !== 'aborted')
        console.warn(`${call.method} ${call.path}: ${error.httpStatus} ${error.code} ${detail}`);
    },
    onAuthRequired: (code) => {
      if (!inApp) return goToWebLogin();
      void bridge().then((b) => b.handleAuthCode(code));
    },
    ensureCookies: async () => (inApp ? (await bridge()).ensureCookies() : false),
    onRiskCheck: async (info) => {
      if (inApp) return nativeVerifySession(await (await bridge()).riskVerify({ scene: info.scene }));
      return passBrowserCaptcha({
        apiBaseUrl: runtime.apiBaseUrl,
        signSecret: runtime.signSecret,
        scene: info.scene,
        onSdkFailure: () => {
          report({ kind: 'captcha-sdk', message: TELEMETRY_MESSAGES.captchaSdkLoadFailed });
          raiseErrorPage();
        },
      });
    },
    onHookError: (error) => console.error('request hook failed', error),
  };
}
