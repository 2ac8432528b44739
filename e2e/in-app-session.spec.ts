import { contract } from '@h5/contract';
import { TELEMETRY_MESSAGES } from '@h5/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { apiLogin, e2eApi } from './support/api';
import { openBridgeConsole, runConsoleAction, useAppSimulator } from './support/app';
import { E2E_SIGN_SECRET } from './support/constants';

const CONSOLE = '/internal/bridge';

describe('session self-healing in the app webview (spec §4, DESIGN.md §9)', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('a missing auth cookie is reported, resynced from the native side, and the call retried once', async () => {
    const tokens = await apiLogin(baseURL);
    // The app is logged in but does not put its cookies into the webview (the WKWebView problem).
    const sim = await app.launch({ loggedIn: tokens, cookieSync: false });
    await openBridgeConsole(sim.page, `${baseURL}${CONSOLE}`);
    expect((await sim.context.cookies(baseURL)).some((c) => c.name === 'duToken')).toBe(false);

    const entry = await runConsoleAction(sim.page, 'who-am-i');
    expect(entry.ok, entry.text).toBe(true);
    expect(sim.calls.filter((c) => c.kind === 'syncCookies')).toHaveLength(1);
    expect(sim.calls.some((c) => c.kind === 'openLogin')).toBe(false);
    const cookie = (await sim.context.cookies(baseURL)).find((c) => c.name === 'duToken');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe(tokens.duToken);

    const api = e2eApi(baseURL);
    await expect
      .poll(async () => (await api(contract.analytics.listTelemetry, { kind: 'missing-cookie' })).list.length)
      .toBeGreaterThan(0);
    const { list } = await api(contract.analytics.listTelemetry, { kind: 'missing-cookie' });
    expect(list[0]?.message).toBe(TELEMETRY_MESSAGES.webviewCookieMissing);
  });
});

describe('bridge readiness in the app', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('calls made before the native host exists are queued and answered once it appears', async () => {
    // The app injects its bridge object 800 ms after each page starts; the page asks at once.
    const sim = await app.launch({ injectHostLate: 800 });
    await openBridgeConsole(sim.page, `${baseURL}${CONSOLE}`);
    const info = await sim.waitForCall('getPlatformInfo');
    await expect.poll(() => sim.answers.find((a) => a.response.id === info.id)?.delivered).toBe('delivered');
    expect(sim.answers.find((a) => a.response.id === info.id)?.response.ok).toBe(true);
    await sim.waitForCall('finishedPage');
    const entry = await runConsoleAction(sim.page, 'platform-info');
    expect(entry.ok, entry.text).toBe(true);
    expect(entry.text).toContain('"statusBarHeight"');
  });
});

describe('risk check in the app: the native captcha verify', () => {
  const app = useAppSimulator();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SIGN_SECRET: E2E_SIGN_SECRET, RISK_LOGIN_CODE_LIMIT: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a 485 opens the native verify; a pass (status 200, code 1) lets the refused call through', async () => {
    // The simulated app answers its captcha sheet itself (from the non-production answer hook).
    const sim = await app.launch({ baseURL: server.baseURL, autoSolveCaptcha: true });
    await openBridgeConsole(sim.page, `${server.baseURL}${CONSOLE}`);
    expect((await runConsoleAction(sim.page, 'risk-send-code')).ok).toBe(true);

    const entry = await runConsoleAction(sim.page, 'risk-send-code');
    expect(entry.ok, entry.text).toBe(true);
    const verify = sim.calls.filter((c) => c.kind === 'riskVerify');
    expect(verify).toHaveLength(1);
    expect(verify[0]?.payload).toMatchObject({ scene: 'auth.sendLoginCode' });
    const answer = sim.answers.find((a) => a.response.id === verify[0]?.id)?.response;
    expect(answer).toMatchObject({ ok: true, result: { status: 200, code: 1 } });
  });
});
