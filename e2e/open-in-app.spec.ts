import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { WECHAT_USER_AGENT } from './support/wechat';

// Issue 28 point 12: in a browser, a product and a content lead to the app. The feed and a
// content detail show a 打开 App banner (dismissible, and the dismissal remembered); a product's
// page shows its price with 打开 App and App 内购买. 打开 App tries the app's link (its scheme,
// the page as `url`), then the store of the reader's system when the app did not take over.
// Inside the app none of it shows. The test server's links: scripts/start-server.mjs.

const SCHEME = 'communityapp';
// Outside production the stores are our own stand-in page (env.ts DEV_APP_LINKS).
const IOS_STORE = '/internal/stand-in/app-download?system=ios';
const ANDROID_STORE = '/internal/stand-in/app-download?system=android';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const banner = (page: Page) => page.getByTestId('open-app-banner');
const triedLink = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-open-app-link'));

/** Resolves with the store path the page goes to, once that page (the stand-in) shows. */
async function catchStore(page: Page): Promise<string> {
  await page.waitForEvent('framenavigated', {
    predicate: (frame) =>
      frame === page.mainFrame() && frame.url().includes('/internal/stand-in/app-download'),
    timeout: 20_000,
  });
  await page.getByTestId('stand-in').waitFor();
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

describe('打开 App in a browser (issue 28 point 12)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the feed shows the banner; 打开 App tries the app link of the page, then the store', async () => {
    const page = await phone.newPage();
    const store = catchStore(page);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    expect(await banner(page).isVisible()).toBe(true);
    expect(await banner(page).getByRole('button', { name: '打开 App' }).isVisible()).toBe(true);
    // In the flow above the page: the feed's tab bar starts below it, nothing is covered.
    const bannerBox = await banner(page).boundingBox();
    const feedBox = await page.getByTestId('feed').boundingBox();
    expect(bannerBox?.y).toBe(0);
    expect(feedBox?.y ?? 0).toBeGreaterThanOrEqual((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0));

    await page.getByTestId('open-app').click();
    expect(await triedLink(page)).toBe(`${SCHEME}://open?url=${encodeURIComponent(`${baseURL}/`)}`);
    // The app did not take over (none here): the page sends the reader to the store (Android's).
    expect(await store).toBe(ANDROID_STORE);
    await page.context().close();
  });

  it('a content detail shows it too; a dismissal hides it everywhere, and a reload keeps it hidden', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/content/1`);
    await waitForHydration(page);
    await page.getByTestId('content-detail').waitFor();
    expect(await banner(page).isVisible()).toBe(true);
    await page.getByTestId('open-app-close').click();
    expect(await banner(page).isVisible()).toBe(false);

    await page.reload();
    await waitForHydration(page);
    expect(await banner(page).isVisible()).toBe(false);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    expect(await banner(page).isVisible()).toBe(false);
    await page.context().close();
  });

  it('other pages do not show the banner (the login)', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    expect(await banner(page).isVisible()).toBe(false);
    await page.context().close();
  });

  it("a product's page shows its price, 打开 App and App 内购买: the product's app link, then the App Store on an iPhone", async () => {
    const list = await e2eApi(baseURL)(contract.content.newCommodityContents, { limit: 1 });
    const product = list.list[0]?.product;
    expect(product).toBeDefined();
    const spuId = product?.spuId ?? 0;
    const page = await phone.newPage({ userAgent: IPHONE_SAFARI });
    const store = catchStore(page);
    await page.goto(`${baseURL}/community/new-commodity?spuId=${spuId}`);
    await waitForHydration(page);
    const bar = page.getByTestId('product-buy-bar');
    await bar.waitFor();
    expect(await bar.getByTestId('buy-bar-price').textContent()).toBe(
      `¥${((product?.price ?? 0) / 100).toFixed((product?.price ?? 0) % 100 === 0 ? 0 : 2)}`,
    );
    expect(await bar.getByRole('button', { name: '打开 App' }).isVisible()).toBe(true);
    // Nothing of the page hides behind the bar: the list ends above it.
    const barBox = await bar.boundingBox();
    expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBe(812);

    await bar.getByRole('button', { name: 'App 内购买' }).click();
    expect(await triedLink(page)).toBe(
      `${SCHEME}://open?url=${encodeURIComponent(`${baseURL}/community/new-commodity?spuId=${spuId}`)}`,
    );
    expect(await store).toBe(IOS_STORE);
    await page.context().close();
  });

  it("in WeChat's browser 打开 App explains its menu's 在浏览器打开 instead", async () => {
    const page = await phone.newPage({ userAgent: WECHAT_USER_AGENT });
    await page.route('https://res.wx.qq.com/**', (route) => route.fulfill({ body: '' }));
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.getByTestId('open-app').click();
    const hint = page.getByTestId('open-app-wechat-hint');
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toContain('在浏览器打开');
    expect(await triedLink(page)).toBeNull();
    await hint.getByRole('button', { name: '知道了' }).click();
    expect(await hint.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('打开 App is not in the app (simulator)', () => {
  const apps = useAppSimulator();

  it('neither the banner nor the buy bar shows in the webview', async () => {
    const list = await e2eApi(inject('baseURL'))(contract.content.newCommodityContents, { limit: 1 });
    const sim = await apps.launch();
    await sim.goto('/');
    await waitForHydration(sim.page);
    expect(await banner(sim.page).count()).toBe(0);
    await sim.goto(`/community/new-commodity?spuId=${list.list[0]?.product.spuId}`);
    await waitForHydration(sim.page);
    await sim.page.getByTestId('new-commodity').waitFor();
    expect(await sim.page.getByTestId('product-buy-bar').count()).toBe(0);
  });
});
