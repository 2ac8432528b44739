// A second native app, written from docs/bridge-protocol.md alone (issue 12, "Done when": an app
// of your own that speaks only the documented protocol). It imports nothing of the project on
// purpose: every name, shape and code below is copied from the document. If this app needs
// something the document does not say, the document is what gets fixed.
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The version in the user agent's app marker (`… CommunityApp/<major.minor.patch>`, "Detection"). */
export const MINIMAL_APP_VERSION = '5.26.1';
const USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  `Mobile/15E148 CommunityApp/${MINIMAL_APP_VERSION}`;
/** Where the app reports each page → native message to the test (Node side). */
const RECORD_BINDING = '__minimalNativeRecord';

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
            deviceId: 'minimal-app-device',
            statusBarHeight: 20,
          });
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

/** A phone webview with the app's user agent and the minimal native half in every document. */
export async function launchMinimalNative(
  browser: Browser,
  screens: readonly string[] = ALL_SCREENS,
): Promise<MinimalNativeApp> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: USER_AGENT,
  });
  const requests: PageMessage[] = [];
  await context.exposeBinding(RECORD_BINDING, (_source, json: string) => {
    const message = JSON.parse(String(json)) as PageMessage;
    if (message.type === 'request') requests.push(message);
  });
  const config: NativeConfig = {
    appVersion: MINIMAL_APP_VERSION,
    screens: [...screens],
    binding: RECORD_BINDING,
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
