import type { Bridge } from '@h5/bridge';
import type { PublicRuntimeConfig } from '@h5/contract';
import {
  CLIENT_MESSAGES,
  DU_TOKEN_COOKIE,
  isInApp,
  NATIVE_VERIFY_PASS_CODE,
  readCookie,
  TELEMETRY_MESSAGES,
  X_AUTH_TOKEN,
} from '@h5/core';
import type { ClientOptions } from '@h5/request';
import { readFlowType } from '../lib/flow-type';
import { raiseErrorPage, showPageToast } from '../shell/page-signals';
import { passBrowserCaptcha } from './captcha';
import { goToWebLogin } from './web-login';

/** What the hooks report to telemetry (the contract's kinds). */
export type Report = (report: {
  kind: 'timeout' | 'captcha-sdk' | 'missing-cookie';
  message: string;
  detail?: string;
}) => void;

/** A native verify passes when status is 200 and code is 1 (spec §4). */
export function nativeVerifySession(result: { status: number; code: number; sessionId?: string }): string {
  if (result.status === 200 && result.code === NATIVE_VERIFY_PASS_CODE && result.sessionId) {
    return result.sessionId;
  }
  throw new Error(`captcha not passed (status ${result.status}, code ${result.code})`);
}

/**
 * The request client's hooks for this page (spec §6–§8): stored auth values and the colouring
 * value as headers; error toasts, login, cookie self-healing and the risk check through the
 * native side in the app, through the page (toast, /login, captcha SDK) in a browser.
 */
export function createRequestHooks(
  runtime: PublicRuntimeConfig,
  report: Report,
  bridge: () => Promise<Bridge>,
): Omit<ClientOptions, 'baseUrl' | 'signSecret'> {
  const inApp = isInApp(navigator.userAgent);
  return {
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
    onErrorToast: (message) => {
      if (!inApp) return showPageToast(message);
      void bridge()
        .then((b) => b.showToast(message))
        .catch(() => showPageToast(message));
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
