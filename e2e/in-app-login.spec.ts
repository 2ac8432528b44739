import type { NativeTokens } from '@h5/bridge';
import { LOGIN_GATED_ACTIONS, TOKEN_EXPIRED, TOURIST } from '@h5/core';
import { describe, expect, inject, it } from 'vitest';
import { revokeSession } from './support/api';
import { expectReload, openBridgeConsole, runConsoleAction, useAppSimulator } from './support/app';
import { dismissLoginSheet, loginThroughSheet } from './support/native-login';

const CONSOLE = '/internal/bridge';
const gated = [...LOGIN_GATED_ACTIONS.map((name) => `action-${name}`), 'jump-28'];

const openLoginCodes = (calls: { kind: string; payload: unknown }[]) =>
  calls.filter((c) => c.kind === 'openLogin').map((c) => (c.payload as { code: number }).code);

describe('login gating in the app (spec §4, §6)', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('every gated action opens the native login for a visitor, and runs natively after logging in', async () => {
    const sim = await app.launch();
    await openBridgeConsole(sim.page, `${baseURL}${CONSOLE}`);
    for (const id of gated) {
      const entry = await runConsoleAction(sim.page, id);
      expect(entry.ok, `${id} must not run for a visitor`).toBe(false);
      await sim.sheet('login').waitFor();
      await dismissLoginSheet(sim);
    }
    expect(openLoginCodes(sim.calls)).toEqual(gated.map(() => TOURIST));
    expect(sim.calls.filter((c) => c.kind === 'action')).toEqual([]);

    // Log in from the console's login button: cookies are written and the page reloads.
    await expectReload(sim.page, async () => {
      await sim.page.locator('button[data-action="login"]').click();
      await loginThroughSheet(sim);
    });
    const names = (await sim.context.cookies(baseURL)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['duToken', 'x-auth-token']));
    await sim.page.locator('[data-testid="bridge-console"][data-ready="true"]').waitFor();
    expect(await sim.page.getByTestId('bridge-session').textContent()).toBe('已登录');

    for (const name of LOGIN_GATED_ACTIONS) {
      const entry = await runConsoleAction(sim.page, `action-${name}`);
      expect(entry.ok, `${name} after login: ${entry.text}`).toBe(true);
    }
    const actions = sim.calls
      .filter((c) => c.kind === 'action')
      .map((c) => (c.payload as { name: string }).name);
    expect(actions).toEqual([...LOGIN_GATED_ACTIONS]);
    expect((await runConsoleAction(sim.page, 'jump-28')).ok).toBe(true);
    expect(sim.calls.some((c) => c.kind === 'redirect' && (c.payload as { key: number }).key === 28)).toBe(
      true,
    );
  });

  it('on an exempt h5-sociality path the page does not reload after login; platform info is asked again', async () => {
    const sim = await app.launch();
    await openBridgeConsole(sim.page, `${baseURL}${CONSOLE}`);
    // The bridge console stands on the exempt path (the real pages: e2e/h5-sociality.spec.ts).
    await sim.page.evaluate(() => {
      history.replaceState(history.state, '', '/h5-sociality/520');
      Object.assign(window, { beforeLogin: true });
    });
    const infoCalls = () => sim.calls.filter((c) => c.kind === 'getPlatformInfo').length;
    const before = infoCalls();
    await sim.page.locator('button[data-action="login"]').click();
    await loginThroughSheet(sim);
    await expect
      .poll(async () => (await sim.context.cookies(baseURL)).some((c) => c.name === 'duToken'))
      .toBe(true);
    await expect.poll(infoCalls).toBeGreaterThan(before);
    await sim.page.waitForTimeout(500);
    expect(await sim.page.evaluate(() => (window as { beforeLogin?: boolean }).beforeLogin)).toBe(true);
    expect(new URL(sim.page.url()).pathname).toBe('/h5-sociality/520');
  });

  it('an expired token (700) opens the native login again, with code 700', async () => {
    const sim = await app.launch();
    await sim.login();
    await openBridgeConsole(sim.page, `${baseURL}${CONSOLE}`);
    expect((await runConsoleAction(sim.page, 'who-am-i')).ok).toBe(true);
    await revokeSession(sim.session as NativeTokens);
    const entry = await runConsoleAction(sim.page, 'who-am-i');
    expect(entry.ok).toBe(false);
    await sim.sheet('login').waitFor();
    expect(openLoginCodes(sim.calls).at(-1)).toBe(TOKEN_EXPIRED);
    await expectReload(sim.page, () => loginThroughSheet(sim));
    await sim.page.locator('[data-testid="bridge-console"][data-ready="true"]').waitFor();
    expect((await runConsoleAction(sim.page, 'who-am-i')).ok).toBe(true);
  });
});
