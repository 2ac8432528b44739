import { BRIDGE_ERROR } from '@h5/bridge';
import { LOGIN_GATED_ACTIONS } from '@h5/core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, revokeSession } from './support/api';
import { openBridgeConsole, runConsoleAction } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { loginOnWebPage, setSessionCookies } from './support/web-login';

const CONSOLE = '/internal/bridge';
const isLoginPage = (url: URL) => url.pathname === '/login' && url.searchParams.get('redirect') === CONSOLE;

describe('login gating in a plain browser (spec §6)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('each gated action sends a visitor to the web login, and no longer asks once logged in', async () => {
    const page = await phone.newPage();
    for (const name of LOGIN_GATED_ACTIONS) {
      await openBridgeConsole(page, `${baseURL}${CONSOLE}`);
      await page.locator(`button[data-action="action-${name}"]`).click();
      await page.waitForURL(isLoginPage);
    }
    await openBridgeConsole(page, `${baseURL}${CONSOLE}`);
    await page.locator('button[data-action="jump-28"]').click();
    await page.waitForURL(isLoginPage);

    await loginOnWebPage(page);
    await page.waitForURL((url) => url.pathname === CONSOLE);
    await page.locator('[data-testid="bridge-console"][data-ready="true"]').waitFor();
    expect(await page.getByTestId('bridge-session').textContent()).toBe('已登录');
    // Logged in, a native action outside the app is refused as needing the app, not as needing login.
    for (const name of LOGIN_GATED_ACTIONS) {
      const entry = await runConsoleAction(page, `action-${name}`);
      expect(entry.ok).toBe(false);
      expect(entry.text).toContain(` ${BRIDGE_ERROR.unsupported} `);
    }
    expect(new URL(page.url()).pathname).toBe(CONSOLE);
    // Key 28 with a same-origin link now jumps.
    await page.locator('button[data-action="jump-28"]').click();
    await page.waitForURL((url) => url.pathname === '/community/feed');
    await page.context().close();
  });

  it('an expired token (700) on a login call sends the user to the web login again', async () => {
    const page = await phone.newPage();
    const tokens = await apiLogin(baseURL);
    await setSessionCookies(page, baseURL, tokens);
    await openBridgeConsole(page, `${baseURL}${CONSOLE}`);
    expect((await runConsoleAction(page, 'who-am-i')).ok).toBe(true);
    await revokeSession(tokens, baseURL);
    await page.locator('button[data-action="who-am-i"]').click();
    await page.waitForURL(isLoginPage);
    await page.context().close();
  });
});
