import { contract } from '@h5/contract';
import { MESSAGES } from '@h5/core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';

const setErrorPageSwitch = (on: boolean) =>
  e2eApi()(contract.config.setClientConf, { key: 'errorPageSwitch', value: on });

describe('page wrapper: the error page', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');
  afterAll(async () => {
    await setErrorPageSwitch(false);
  });

  it('shows when the global switch is on, and its button reloads the page', async () => {
    await setErrorPageSwitch(true);
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const errorPage = page.getByTestId('error-page');
    await errorPage.waitFor();
    expect(await errorPage.getByRole('heading').textContent()).toBe(MESSAGES.errorPage.title);
    expect(await page.locator(FEED_CARD).count()).toBe(0);

    // Switch off, then the button's reload brings the feed back: proof it really reloaded.
    await setErrorPageSwitch(false);
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    const reloaded = page.waitForEvent('load');
    await errorPage.getByRole('button', { name: MESSAGES.errorPage.refresh }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    await expect.poll(() => page.locator(FEED_CARD).count()).toBe(20);
    await page.context().close();
  });

  it('a render failure shows the error page and reports 渲染错误 to telemetry', async () => {
    const page = await phone.newPage();
    const report = page.waitForRequest((r) => r.url().includes(contract.analytics.reportTelemetry.path));
    await page.goto(`${baseURL}/__debug/render-error`);
    await page.getByTestId('error-page').waitFor();
    const request = await report;
    expect(request.postDataJSON()).toMatchObject({
      kind: 'render-error',
      message: MESSAGES.telemetry.renderError,
    });
    const response = await request.response();
    expect(await response?.json()).toMatchObject({ code: 200, data: { id: expect.any(Number) } });
    await page.context().close();
  });
});
