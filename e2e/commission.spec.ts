import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 17 point 2: the commission programme from the upgrade page; an ineligible creator is told
// the unmet rules (joining an eligible creator once is in commission.test.ts, on both databases).
describe('commission programme', () => {
  const phone = usePhoneBrowser();
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('in a phone browser: from the upgrade page, the rules as met, and a refused join naming them', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await page.goto(`${baseURL}/creator/upgrade`);
    await waitForHydration(page);
    await page.getByTestId('commission-entry').click();
    await page.waitForURL((url) => url.pathname === '/commerce/commission');
    await page.getByTestId('commission-rule-followers').waitFor();
    expect(await page.getByTestId('commission-rule-followers').getAttribute('data-met')).toBe('false');
    expect(await page.getByTestId('commission-rule-clean').getAttribute('data-met')).toBe('true');
    expect(await page.getByTestId('commission-rule-contents').textContent()).toContain('发布内容达到 10 篇');
    await page.getByTestId('commission-join').click();
    await page.getByTestId('commission-error').waitFor();
    expect(await page.getByTestId('commission-error').textContent()).toBe(
      '暂不满足加入条件：粉丝数达到 100（当前 0）；发布内容达到 10 篇（当前 0）',
    );
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/creator/upgrade');
    await page.context().close();
  });

  it('in the app: a logged-in user sees the rules and the join button', async () => {
    const sim = await app.launch();
    await sim.login();
    await sim.goto('/commerce/commission');
    await waitForHydration(sim.page);
    await sim.page.getByTestId('commission-rule-followers').waitFor();
    expect(await sim.page.getByTestId('commission-join').isVisible()).toBe(true);
  });

  it('a visitor in a browser is sent to log in', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/commerce/commission`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });
});
