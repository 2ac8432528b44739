import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { backstageLogin } from './support/operators';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 26 point 8: users read sentences written for them; codes and the server's `field: message`
// texts stay in logs and the debug console. Three screens that showed them.

/** A field message (`lotteryId: …`), an error code (`错误码 202010008`) or a bare spec code. */
const INTERNALS = /\w+: |错误码|\d{9}/;

/** Every text a toast showed on `page` from now on (the page's and the screens' own toasts). */
async function watchToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid$="toast"]')) {
        const text = toast.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

describe('readable errors in a phone browser', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('/live/lottery without an id: the not-found state with a way home, no call and no toast', async () => {
    const page = await phone.newPage();
    const toasts = await watchToasts(page);
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/lottery/info') && calls.push(r.url()));
    await page.goto(`${baseURL}/live/lottery`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const empty = page.getByTestId('placeholder-empty');
    expect(await empty.textContent()).toContain('抽奖不存在或已结束');
    expect(await empty.getByRole('link', { name: '回到首页' }).getAttribute('href')).toBe('/');
    expect(await page.getByTestId('lottery-back').isVisible()).toBe(true);
    expect(calls).toEqual([]);
    expect(await toasts()).toEqual([]);
    expect(await page.locator('body').innerText()).not.toMatch(INTERNALS);
    await page.context().close();
  });

  it('a closed activity says so in a sentence, without its error code', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/h5-sociality/tanabata`);
    await waitForHydration(page);
    const closed = page.getByTestId('activity-closed');
    // The code stays for tests and logs, as an attribute.
    expect(await closed.getAttribute('data-code')).toBe('202010008');
    const text = await closed.innerText();
    expect(text).toContain('活动未开始');
    expect(text).toMatch(/开始，到时再来看看吧/);
    expect(text).not.toMatch(INTERNALS);
    await page.context().close();
  });

  it("a form shows a 400's reason under its input; the debug console keeps the code and the raw text", async () => {
    const page = await phone.newPage();
    // The backstage's form (the lottery console's successor) is a desktop page.
    await page.setViewportSize({ width: 1280, height: 800 });
    await backstageLogin(page, baseURL, 'live_ops', '/backstage/lotteries?debug=1&streamId=1&hostUserId=1');
    await page.getByTestId('lottery-create').locator('input[name=prize]').fill('鞋');
    await page.getByTestId('lottery-create').locator('button[type=submit]').click();
    const reason = page.locator('input[name=prize] + [role=alert]');
    await reason.waitFor();
    expect(await reason.textContent()).toBe('奖品名称须为 2 到 40 个字');
    await page.locator('#__vconsole .vc-switch').click();
    await page.locator('#__vconsole .vc-tab', { hasText: '平台' }).click();
    const failed = page.getByTestId('diag-failed-calls').locator('[data-code="400"]');
    await failed.waitFor();
    expect(await failed.getAttribute('data-path')).toBe('/backstage/v1/lottery/create');
    expect(await failed.textContent()).toContain('400 / 400');
    expect(await failed.textContent()).toContain('prize: 奖品名称须为 2 到 40 个字');
    await page.context().close();
  });

  for (const viewer of ['visitor', 'new user'] as const) {
    it(`a ${viewer} opening the fans group with userRole=1 gets the audience view`, async () => {
      const page = await phone.newPage();
      if (viewer === 'new user') await setSessionCookies(page, baseURL, await apiLogin(baseURL));
      const toasts = await watchToasts(page);
      // Seeded stream 7: its host is a seeded user, not this viewer.
      await page.goto(`${baseURL}/live/fans-group?streamId=7&userRole=1`);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('fans-group').getAttribute('data-view')).toBe('audience');
      await page.getByTestId('fans-hero').waitFor();
      expect(await page.getByText('修改名称').count()).toBe(0);
      expect(await page.getByTestId('open-host-centre').count()).toBe(0);
      expect(await page.getByTestId('placeholder-network-error').count()).toBe(0);
      expect(await page.getByText('网络不给力', { exact: false }).count()).toBe(0);
      expect(await toasts()).toEqual([]);
      await page.context().close();
    });
  }
});
