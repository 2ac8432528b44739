import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFTED_LIMITS } from '../scripts/lifted-limits.mjs';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { apiLogin } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { E2E_SIGN_SECRET } from './support/constants';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 31 point 3: 去签约 opens the provider's sign page (outside pro, our stand-in) with the
// creator's signed state; 签约 there makes the provider's signed callback, and the upgrade page
// the provider returns to shows the signing. A server of its own: the signing is kept.

describe('flexible-staffing signing through the provider callback', () => {
  const phone = usePhoneBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SIGN_SECRET: E2E_SIGN_SECRET, ...LIFTED_LIMITS });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('去签约 → the stand-in sign page → 签约 → back on the upgrade page, signed', async () => {
    const tokens = await apiLogin(server.baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, server.baseURL, tokens);
    await page.goto(`${server.baseURL}/creator/upgrade`);
    await waitForHydration(page);
    const card = page.getByTestId('staffing');
    expect(await card.textContent()).toContain('奖励需签约灵活用工后才能结算');

    await page.getByTestId('staffing-sign').click();
    await page.waitForURL((url) => url.pathname === '/internal/stand-in/flexible-staffing-sign');
    const query = new URL(page.url()).searchParams;
    expect(query.get('notifyUrl')).toBe(`${server.baseURL}/open/staffing/v1/signing`);
    expect(query.get('returnUrl')).toBe(`${server.baseURL}/creator/upgrade`);
    await waitForHydration(page);
    await page.getByTestId('stand-in-sign').click();

    await page.waitForURL((url) => url.pathname === '/creator/upgrade', { timeout: 15_000 });
    await waitForHydration(page);
    await expect
      .poll(() => page.getByTestId('staffing').textContent(), { timeout: 10_000 })
      .toMatch(/已签约（.+），奖励将按月结算到你的账户/);
    expect(await page.getByTestId('staffing-sign').count()).toBe(0);
    await page.context().close();
  });
});
