import { randomUUID } from 'node:crypto';
import {
  BRIDGE_PROTOCOL_VERSION,
  type CalendarEvent,
  NATIVE_HOST_GLOBAL,
  type NativeTokens,
  PAGE_RECEIVER_GLOBAL,
  type RequestMessage,
  type ResponseMessage,
} from '@h5/bridge/protocol';
import { DU_TOKEN_COOKIE, X_AUTH_TOKEN } from '@h5/core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../../scripts/chromium.mjs';
import { handleRequest } from './handle-request';
import type { Handled, NativeState, SheetOpening, SideEffect } from './native-state';
import { createNativeUploader } from './native-uploader';
import {
  DOC_ID_EXPRESSION,
  POST_BINDING,
  runtimeConfig,
  runtimeScript,
  SHEET_BINDING,
  uiCall,
} from './runtime/runtime-script';
import { createServerApi, DEV_SIGN_SECRET } from './server-api';
import { loginThroughServer } from './server-login';
import { SheetHost } from './sheet-host';
import { sheetOutcome } from './sheet-outcomes';
import type { SheetEvent } from './sheet-spec';
import { createCalendarSheet } from './sheets/calendar';
import { createCaptchaSheet } from './sheets/captcha';
import { createImagePreview } from './sheets/image-preview';
import { createLoginSheet } from './sheets/login';
import { createPublishSheet } from './sheets/publish';
import { createRealNameSheet, type RealNameIdentity } from './sheets/real-name';
import { createShareSheet } from './sheets/share';
import type { SheetController } from './sheets/sheet-controller';
import type { AppSimulator, AppSimulatorOptions, RecordedAnswer, RecordedCall } from './types';
import { DEFAULT_SIM_APP_VERSION, inAppUserAgent } from './user-agent';

const PHONE_VIEWPORT = { width: 375, height: 812 };
const DEFAULT_TOAST_MS = 2000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** Debian's Chromium with the flags of DESIGN.md §7 (without --headless when headed). */
function launchChromium(headless: boolean): Promise<Browser> {
  const args = headless ? CHROMIUM_ARGS : CHROMIUM_ARGS.filter((arg) => arg !== '--headless');
  return chromium.launch({ executablePath: chromiumPath(), args, headless });
}

/** The expression that hands `json` to the page's receiver, in document `docId` only. */
function deliveryExpression(json: string, docId: string | null): string {
  const receiver = `window[${JSON.stringify(PAGE_RECEIVER_GLOBAL)}]`;
  const guard = docId === null ? '' : `if (${DOC_ID_EXPRESSION} !== ${JSON.stringify(docId)}) return 'gone';`;
  return `(() => { ${guard} const r = ${receiver}; if (!r || typeof r.receive !== 'function') return 'no-receiver'; r.receive(${JSON.stringify(json)}); return 'delivered'; })()`;
}

/**
 * Opens a phone-sized webview with the app's user agent and a working native side: requests
 * are answered in Node (handleRequest), native sheets are drawn over the page, the login and
 * the captcha talk to the real server at `baseURL`.
 */
export async function launchAppSimulator(options: AppSimulatorOptions): Promise<AppSimulator> {
  const appVersion = options.appVersion ?? DEFAULT_SIM_APP_VERSION;
  const platform = options.platform ?? 'ios';
  const userAgent = inAppUserAgent(options.userAgentVersion ?? appVersion, platform);
  const log = options.log ?? (() => undefined);
  const api = createServerApi(options.baseURL, options.signSecret ?? DEV_SIGN_SECRET);
  const toastMs = options.toastDurationMs ?? DEFAULT_TOAST_MS;

  const state: NativeState = {
    device: { appVersion, platform, userAgent, deviceId: randomUUID(), uuid: randomUUID() },
    session: options.loggedIn ?? null,
    calendar: [],
    platformInfoOverrides: options.platformInfo ?? {},
    cookieSync: options.cookieSync ?? true,
    trackSource: options.trackSource === undefined ? 'native' : options.trackSource,
    captchaSession: options.captchaSession ?? true,
  };
  const calls: RecordedCall[] = [];
  const cancels: string[] = [];
  const answers: RecordedAnswer[] = [];
  const toasts: string[] = [];
  let clipboard = '';
  let realName: RealNameIdentity | null = null;
  let webviewClosed = false;
  const sheetsByRequest = new Map<string, string>();
  const callWaiters = new Set<() => void>();
  const answerWaiters = new Set<() => void>();

  const ownBrowser = !options.browser;
  const browser = options.browser ?? (await launchChromium(options.headless ?? true));
  const context: BrowserContext = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    screen: PHONE_VIEWPORT,
    deviceScaleFactor: options.device?.pixelRatio ?? 3,
    isMobile: true,
    hasTouch: true,
    userAgent,
    ...options.contextOptions,
  });

  const reportError = (error: unknown) =>
    log(`error: ${error instanceof Error ? error.message : String(error)}`);
  const showToast = async (page: Page, message: string) => {
    toasts.push(message);
    log(`toast: ${message}`);
    if (!page.isClosed()) await page.evaluate(uiCall('toast', [message, toastMs])).catch(reportError);
  };
  const host = new SheetHost(showToast, reportError);

  async function writeCookies(page: Page | null, tokens: NativeTokens) {
    const origins = new Set([new URL(options.baseURL).origin]);
    const pageUrl = page?.url();
    if (pageUrl?.startsWith('http')) origins.add(new URL(pageUrl).origin);
    await context.addCookies(
      [...origins].flatMap((origin) => [
        { name: DU_TOKEN_COOKIE, value: tokens.duToken, url: `${origin}/`, sameSite: 'Lax' as const },
        { name: X_AUTH_TOKEN, value: tokens.xAuthToken, url: `${origin}/`, sameSite: 'Lax' as const },
      ]),
    );
    log(`cookies written for ${[...origins].join(', ')}`);
  }

  /** The page's own login (its cookies), so a captcha pass goes to the same risk subject as its calls. */
  async function pageTokens(page: Page): Promise<NativeTokens | null> {
    const url = page.url().startsWith('http') ? page.url() : options.baseURL;
    const cookies = await context.cookies(url);
    const duToken = cookies.find((c) => c.name === DU_TOKEN_COOKIE)?.value;
    const xAuthToken = cookies.find((c) => c.name === X_AUTH_TOKEN)?.value;
    return duToken && xAuthToken ? { duToken, xAuthToken } : state.session;
  }

  async function deliver(page: Page, docId: string | null, message: ResponseMessage | object) {
    const json = JSON.stringify(message);
    let delivered: RecordedAnswer['delivered'] = 'failed';
    if (!page.isClosed()) {
      delivered = await page
        .evaluate(deliveryExpression(json, docId))
        .then((r) => r as RecordedAnswer['delivered'])
        .catch(() => 'failed' as const);
    }
    return delivered;
  }

  async function answer(page: Page, docId: string | null, response: ResponseMessage) {
    const delivered = await deliver(page, docId, response);
    answers.push({ response, at: Date.now(), delivered });
    for (const wake of answerWaiters) wake();
    const outcome = response.ok ? 'ok' : `error ${response.error.code} ${response.error.message}`;
    log(`answer ${response.id}: ${outcome}${delivered === 'delivered' ? '' : ` (${delivered})`}`);
  }

  function controllerFor(page: Page, opening: SheetOpening): SheetController<unknown> {
    switch (opening.kind) {
      case 'login':
        return createLoginSheet({
          api,
          reason: opening.code,
          autoSolveCaptcha: options.autoSolveCaptcha === true,
        });
      case 'share':
        return createShareSheet(opening.payload);
      case 'captcha':
        return createCaptchaSheet({
          api,
          ...(opening.scene ? { scene: opening.scene } : {}),
          autoSolve: options.autoSolveCaptcha === true,
          tokens: () => pageTokens(page),
        });
      case 'imagePreview':
        return createImagePreview(opening.urls, opening.index);
      case 'calendarAdd':
        return createCalendarSheet('add', opening.event, options.contextOptions?.timezoneId);
      case 'calendarDelete':
        return createCalendarSheet('delete', opening.event, options.contextOptions?.timezoneId);
      case 'realName':
        return createRealNameSheet(opening.mode);
      case 'publish':
        return createPublishSheet({
          api,
          tokens: () => pageTokens(page),
          upload: createNativeUploader(api, options.baseURL),
          ...(opening.tagId !== undefined ? { tagId: opening.tagId } : {}),
          ...(opening.text !== undefined ? { text: opening.text } : {}),
        });
    }
  }

  async function runSheet(page: Page, docId: string, requestId: string, opening: SheetOpening) {
    log(`sheet ${opening.kind} opened for ${requestId}`);
    const sheet = host.open(page, docId, controllerFor(page, opening));
    sheetsByRequest.set(requestId, sheet.id);
    const outcome = await sheet.done;
    sheetsByRequest.delete(requestId);
    if (outcome.abandoned) return log(`sheet ${opening.kind} for ${requestId} abandoned`);
    if (opening.kind === 'realName' && outcome.result) realName = outcome.result as RealNameIdentity;
    await apply(page, docId, sheetOutcome(state, requestId, opening, outcome.result as never));
  }

  async function applyEffect(page: Page, docId: string, effect: SideEffect) {
    switch (effect.type) {
      case 'toast':
        return showToast(page, effect.message);
      case 'clipboard':
        clipboard = effect.text;
        return log(`clipboard: ${effect.text}`);
      case 'openSheet':
        return void runSheet(page, docId, effect.requestId, effect.sheet).catch(reportError);
      case 'writeCookies':
        return writeCookies(page, effect.tokens);
      case 'session':
        state.session = effect.tokens;
        return log(effect.tokens ? 'session: logged in' : 'session: logged out');
      case 'calendarPut':
        state.calendar = [...state.calendar.filter((e) => e.id !== effect.event.id), effect.event];
        return;
      case 'calendarRemove':
        state.calendar = state.calendar.filter((e) => e.id !== effect.id);
        return;
      case 'navigate':
        return navigate(page, effect);
    }
  }

  function navigate(page: Page, effect: Extract<SideEffect, { type: 'navigate' }>) {
    if (effect.action === 'close') {
      webviewClosed = true;
      return log('webview closed');
    }
    // After the answer: the new document starts while this call returns.
    const go =
      effect.action === 'push'
        ? page.goto(
            new URL(effect.url ?? '/', page.url().startsWith('http') ? page.url() : options.baseURL).href,
          )
        : page.goBack();
    void go.catch(reportError);
    log(`navigate ${effect.action}${effect.url ? ` ${effect.url}` : ''}`);
  }

  /** Side effects first (cookies before the answer that says they are there), navigation last. */
  async function apply(page: Page, docId: string, handled: Handled) {
    const later = handled.sideEffects.filter((e) => e.type === 'navigate');
    for (const effect of handled.sideEffects)
      if (effect.type !== 'navigate') await applyEffect(page, docId, effect);
    if (handled.answer) await answer(page, docId, handled.answer);
    for (const effect of later) await applyEffect(page, docId, effect);
  }

  async function onPost(page: Page, json: string, docId: string) {
    let message: { type?: unknown; id?: unknown; kind?: unknown; payload?: unknown };
    try {
      message = JSON.parse(json);
    } catch {
      return log(`ignored a message that is not JSON: ${json.slice(0, 80)}`);
    }
    if (message.type === 'cancel' && typeof message.id === 'string') {
      cancels.push(message.id);
      log(`cancel ${message.id}`);
      const sheetId = sheetsByRequest.get(message.id);
      if (sheetId) await host.abandon(sheetId);
      return;
    }
    if (message.type !== 'request' || typeof message.id !== 'string')
      return log(`ignored message ${json.slice(0, 80)}`);
    calls.push({ id: message.id, kind: String(message.kind), payload: message.payload, at: Date.now() });
    for (const wake of callWaiters) wake();
    log(`request ${message.id}: ${String(message.kind)} ${JSON.stringify(message.payload ?? {})}`);
    // A page restored from the page cache sends its waiting requests again with the same ids.
    if (sheetsByRequest.has(message.id)) return log(`request ${message.id} is still open: no second sheet`);
    await apply(page, docId, handleRequest(state, message as RequestMessage));
  }

  await context.exposeBinding(POST_BINDING, ({ page }, json: string, docId: string) =>
    onPost(page, String(json), String(docId)).catch(reportError),
  );
  await context.exposeBinding(SHEET_BINDING, (_source, json: string, docId: string) => {
    host.dispatch(JSON.parse(String(json)) as SheetEvent, String(docId));
  });
  await context.addInitScript({ content: runtimeScript(runtimeConfig(options.injectHostLate ?? null)) });
  const deviceScript = navigatorOverrides(options.device);
  if (deviceScript) await context.addInitScript({ content: deviceScript });

  const watch = (page: Page) => {
    page.on('domcontentloaded', () => {
      void page
        .evaluate(DOC_ID_EXPRESSION)
        .then((docId) => host.abandonStale(page, docId as string | null))
        .catch(() => undefined);
    });
  };
  context.on('page', watch);

  if (state.session && state.cookieSync) await writeCookies(null, state.session);
  const page = await context.newPage();
  log(`webview ${PHONE_VIEWPORT.width}×${PHONE_VIEWPORT.height} @3x, UA: ${userAgent}`);

  const emit: AppSimulator['emit'] = async (event, data) => {
    const delivered = await deliver(page, null, { type: 'event', event, data });
    log(`event ${event}${delivered === 'delivered' ? '' : ` (${delivered})`}`);
  };

  let requestSeq = 0;
  const simulator: AppSimulator = {
    browser,
    context,
    page,
    userAgent,
    appVersion,
    calls,
    cancels,
    answers,
    toasts,
    get clipboard() {
      return clipboard;
    },
    get calendar(): readonly CalendarEvent[] {
      return state.calendar;
    },
    get session() {
      return state.session;
    },
    get realName() {
      return realName;
    },
    get webviewClosed() {
      return webviewClosed;
    },
    goto: (path) => page.goto(new URL(path, options.baseURL).href),
    emit,
    async login(credentials) {
      const tokens =
        credentials && 'duToken' in credentials
          ? credentials
          : await loginThroughServer(api, credentials?.phone);
      state.session = tokens;
      if (state.cookieSync) await writeCookies(page, tokens);
      await emit('loginSuccess', tokens);
      return tokens;
    },
    async logout() {
      state.session = null;
      await context.clearCookies({ name: DU_TOKEN_COOKIE });
      await context.clearCookies({ name: X_AUTH_TOKEN });
      await emit('logout', {});
    },
    async request(kind, payload, { timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS } = {}) {
      requestSeq += 1;
      const id = `sim:${requestSeq}`;
      const message: RequestMessage = { v: BRIDGE_PROTOCOL_VERSION, type: 'request', id, kind, payload };
      const hostObject = `window[${JSON.stringify(NATIVE_HOST_GLOBAL)}]`;
      await page.waitForFunction(`!!${hostObject}`, undefined, { timeout: timeoutMs });
      await page.evaluate(`${hostObject}.postMessage(${JSON.stringify(JSON.stringify(message))})`);
      return waitFor(
        answerWaiters,
        () => answers.find((a) => a.response.id === id)?.response,
        timeoutMs,
        `answer to ${id}`,
      );
    },
    sheet: (kind) => page.locator(`[data-native-sheet="${kind}"]`),
    waitForCall(kind, { timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS, since = 0 } = {}) {
      return waitFor(
        callWaiters,
        () => calls.find((c) => c.kind === kind && c.at >= since),
        timeoutMs,
        `a ${kind} call`,
      );
    },
    async close() {
      await context.close().catch(() => undefined);
      if (ownBrowser) await browser.close().catch(() => undefined);
    },
  };
  watch(page);
  return simulator;
}

/** An init script that makes navigator report the given memory and cores; null when neither is given. */
function navigatorOverrides(device: AppSimulatorOptions['device']): string | null {
  const props: Record<string, number> = {};
  if (device?.memoryGb !== undefined) props.deviceMemory = device.memoryGb;
  if (device?.cores !== undefined) props.hardwareConcurrency = device.cores;
  if (Object.keys(props).length === 0) return null;
  return `for (const [k, v] of Object.entries(${JSON.stringify(props)})) Object.defineProperty(Navigator.prototype, k, { get: () => v, configurable: true });`;
}

/** Resolves when `find` returns something (checked now and whenever a waiter is woken), or rejects after `timeoutMs`. */
function waitFor<T>(
  waiters: Set<() => void>,
  find: () => T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const found = find();
  if (found !== undefined) return Promise.resolve(found);
  return new Promise<T>((resolve, reject) => {
    const check = () => {
      const value = find();
      if (value === undefined) return;
      cleanup();
      resolve(value);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`app simulator: no ${what} within ${timeoutMs} ms`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      waiters.delete(check);
    };
    waiters.add(check);
  });
}
