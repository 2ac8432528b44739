// A second native app, written from docs/bridge-protocol.md alone (issue 12, "Done when": an app
// of your own that speaks only the documented protocol). It imports nothing of the project on
// purpose: every name, shape and code below is copied from the document. If this app needs
// something the document does not say, the document is what gets fixed.
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The version in the user agent's app marker (`… CommunityApp/<major.minor.patch>`, "Detection"). */
export const MINIMAL_APP_VERSION = '5.26.1';
const USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  `Mobile/15E148 CommunityApp/${MINIMAL_APP_VERSION}`;
/** Where the app reports each page → native message to the test (Node side). */
const RECORD_BINDING = '__minimalNativeRecord';
/** Where its captcha screen runs (Node side: the app's own HTTP client, "Native verify"). */
const VERIFY_BINDING = '__minimalNativeVerify';
/** What this app tells the page about itself ("Platform info: what the page uses"). */
export const MINIMAL_PLATFORM_INFO = { deviceId: 'minimal-app-device', statusBarHeight: 20 };
/** The app's answer to `getTrackSource` ("Track source"). */
export const MINIMAL_TRACK_SOURCE = 'minimal-push';

/** A page → native message as the document's "Messages" section writes it. */
export interface PageMessage {
  v: number;
  type: 'request' | 'cancel';
  id: string;
  kind?: string;
  payload?: Record<string, unknown>;
}

interface NativeConfig {
  appVersion: string;
  /** The `redirect` keys this app has screens for, as text ("Redirect keys"). */
  screens: string[];
  binding: string;
  verifyBinding: string;
  platformInfo: Record<string, unknown>;
  trackSource: string;
}

/**
 * The native half, run in every document before the page's scripts ("The two objects"): it
 * injects `window.__CommunityNative__`, answers through `window.__CommunityBridge__.receive`,
 * and signals with the `h5:bridge-ready` event. Serialised into the page: self-contained.
 */
function installNativeHalf(config: NativeConfig): void {
  type Receiver = { receive(message: string): void };
  const page = window as unknown as Record<string, unknown>;
  const answer = (message: object) =>
    // Like an app's evaluateJavaScript: a moment later, into the page's receiver.
    setTimeout(() => (page.__CommunityBridge__ as Receiver | undefined)?.receive(JSON.stringify(message)), 0);
  const ok = (id: string, result: unknown) => answer({ type: 'response', id, ok: true, result });
  // Codes of the "Answering" table: 3 unsupported, 5 failed.
  const fail = (id: string, code: number, message: string) =>
    answer({ type: 'response', id, ok: false, error: { code, message } });

  page.__CommunityNative__ = {
    postMessage(json: string) {
      (page[config.binding] as ((json: string) => void) | undefined)?.(json);
      let message: { type?: string; id?: string; kind?: string; payload?: Record<string, unknown> };
      try {
        message = JSON.parse(json);
      } catch {
        return;
      }
      // A cancel: this app opens no sheets, so there is nothing to close.
      if (message.type !== 'request' || typeof message.id !== 'string') return;
      const { id, kind, payload = {} } = message;
      switch (kind) {
        case 'getPlatformInfo':
          return ok(id, {
            appVersion: config.appVersion,
            platform: 'ios',
            ua: navigator.userAgent,
            ...config.platformInfo,
          });
        case 'getTrackSource':
          return ok(id, { source: config.trackSource });
        case 'riskVerify': {
          // "Native verify": the app passes the captcha with the server itself, then answers
          // {status: 200, code: 1} alone (no sessionId).
          const verify = page[config.verifyBinding] as (() => Promise<boolean>) | undefined;
          if (!verify) return fail(id, 3, 'no captcha screen in this app');
          void verify().then(
            (passed) => (passed ? ok(id, { status: 200, code: 1 }) : fail(id, 5, 'captcha not passed')),
            () => fail(id, 5, 'captcha not passed'),
          );
          return;
        }
        case 'finishedPage':
          return ok(id, { done: true });
        case 'redirect': {
          const key = String(payload.key);
          if (!config.screens.includes(key)) return fail(id, 3, `no ${key} screen in this app`);
          return ok(id, { opened: true });
        }
        default:
          return fail(id, 3, `${String(kind)} is not in this app`);
      }
    },
  };
  window.dispatchEvent(new Event('h5:bridge-ready'));
}

/** Every screen of the document's redirect table. */
export const ALL_SCREENS = [
  '8',
  '3',
  '29',
  '4',
  '31',
  '5',
  '28',
  'userDetail',
  'productDetail',
  'feedDetail',
  'videoDetail',
];

export interface MinimalNativeApp {
  context: BrowserContext;
  page: Page;
  /** Every request the page sent, in order. */
  requests: PageMessage[];
  /** The next `kind` request from `since` (an index into `requests`) on. */
  waitForRequest(kind: string, since: number): Promise<PageMessage>;
}

/** The sign of docs/api.md "Sign": md5 over the sorted keys and values, then the secret. */
function signOf(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .sort()
    .map((key) => `${key}${params[key]}`)
    .join('');
  return createHash('md5')
    .update(text + secret)
    .digest('hex');
}

/**
 * The app's captcha screen, solved by its test build: a challenge, the non-production answer and
 * the verify, with the webview's cookies (docs/api.md "Risk check and captcha", steps 1–2).
 */
async function passCaptcha(context: BrowserContext, baseURL: string, signSecret: string): Promise<boolean> {
  const cookie = (await context.cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join('; ');
  const call = async (method: 'GET' | 'POST', path: string, params: Record<string, string>) => {
    const sign = signOf(params, signSecret);
    const query = new URLSearchParams(method === 'GET' ? { ...params, sign } : { sign });
    const response = await fetch(`${baseURL}${path}?${query}`, {
      method,
      headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body: JSON.stringify(params) } : {}),
    });
    const envelope = (await response.json()) as { code: number; data: Record<string, unknown> };
    if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  const challenge = await call('POST', '/sns-auth/v1/common/h5/captcha/challenge', {});
  const challengeId = String(challenge.challengeId);
  const { answer } = await call('GET', '/sns-auth/v1/common/h5/captcha/dev-answer', { challengeId });
  await call('POST', '/sns-auth/v1/common/h5/captcha/verify', { challengeId, answer: String(answer) });
  return true;
}

/** A phone webview with the app's user agent and the minimal native half in every document. */
export async function launchMinimalNative(
  browser: Browser,
  screens: readonly string[] = ALL_SCREENS,
  captcha?: { baseURL: string; signSecret: string },
): Promise<MinimalNativeApp> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: USER_AGENT,
    // As support/browser.ts: the offline worker would hide the page's fetches from `page.route`.
    serviceWorkers: 'block',
  });
  const requests: PageMessage[] = [];
  await context.exposeBinding(RECORD_BINDING, (_source, json: string) => {
    const message = JSON.parse(String(json)) as PageMessage;
    if (message.type === 'request') requests.push(message);
  });
  if (captcha)
    await context.exposeBinding(VERIFY_BINDING, () =>
      passCaptcha(context, captcha.baseURL, captcha.signSecret),
    );
  const config: NativeConfig = {
    appVersion: MINIMAL_APP_VERSION,
    screens: [...screens],
    binding: RECORD_BINDING,
    verifyBinding: VERIFY_BINDING,
    platformInfo: MINIMAL_PLATFORM_INFO,
    trackSource: MINIMAL_TRACK_SOURCE,
  };
  await context.addInitScript(installNativeHalf, config);
  const page = await context.newPage();
  return {
    context,
    page,
    requests,
    async waitForRequest(kind, since) {
      const found = () => requests.slice(since).find((m) => m.kind === kind);
      for (let waited = 0; waited < 10_000; waited += 50) {
        const message = found();
        if (message) return message;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`minimal app: no ${kind} request`);
    },
  };
}
