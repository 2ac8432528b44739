import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi, nextPhone } from './support/api';
import { expectReload, useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { richTextFacts } from './support/content-facts';
import { loginThroughSheet } from './support/native-login';
import { waitForHydration } from './support/page';
import { loginOnWebPage, sessionFromCookies, setSessionCookies } from './support/web-login';

// Issue 14 point 5: prices, the product header, follow by the author, a light kept across login.
describe('shopping basics', () => {
  const phone = usePhoneBrowser();
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('a product card shows its price and leads to its contents, headed by the product', async () => {
    const facts = await richTextFacts(baseURL);
    const detail = await e2eApi(baseURL)(contract.content.contentDetail, { contentId: facts.contentId });
    const product = detail.products.find((p) => p.spuId === facts.spuId);
    if (!product) throw new Error('no product card');
    const yuan = `¥${product.price / 100}`;
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/content/${facts.contentId}`);
    await waitForHydration(page);
    const card = page.getByTestId('product-card').first();
    expect(await card.getByTestId('product-price').textContent()).toBe(yuan);
    await card.click();
    await page.waitForURL((url) => url.pathname === '/community/new-commodity');
    expect(new URL(page.url()).searchParams.get('spuId')).toBe(String(facts.spuId));
    const header = page.getByTestId('product-header');
    await header.waitFor();
    expect(await header.getByTestId('product-header-name').textContent()).toBe(product.title);
    expect(await header.getByTestId('product-header-brand').textContent()).toBe(product.brand);
    expect(await header.getByTestId('product-price').textContent()).toBe(yuan);
    expect(await header.locator('img').getAttribute('alt')).toBe(product.title);
    expect(await page.getByTestId('product-chip').first().getByTestId('product-price').textContent()).toBe(
      yuan,
    );
    await page.context().close();
  });

  it('the content page follows its author, and the server says so', async () => {
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/community/content/1`);
    await waitForHydration(page);
    const follow = page.getByTestId('detail-follow');
    await page.locator('[data-testid="detail-follow"][data-ready="true"]').waitFor();
    expect(await follow.getAttribute('aria-pressed')).toBe('false');
    expect(await follow.textContent()).toBe('关注');
    await follow.click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="detail-follow"]')?.getAttribute('aria-pressed') === 'true',
    );
    expect(await follow.textContent()).toBe('已关注');
    await expect
      .poll(
        async () => (await e2eApi(baseURL, tokens)(contract.content.contentDetail, { contentId: 1 })).author,
      )
      .toMatchObject({ isFollowing: true });
    await page.context().close();
  });

  it('a visitor who taps light is sent to log in, and comes back to the content lit', async () => {
    const contentId = 2;
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    expect(await page.getByTestId('light-button').getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('light-button').click();
    await page.waitForURL((url) => url.pathname === '/login');
    const number = nextPhone();
    await loginOnWebPage(page, number);
    await page.waitForURL((url) => url.pathname === `/community/content/${contentId}`);
    await waitForHydration(page);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="light-button"]')?.getAttribute('aria-pressed') === 'true',
    );
    // The same user, as the server sees them.
    const tokens = await sessionFromCookies(page, baseURL);
    await expect
      .poll(
        async () => (await e2eApi(baseURL, tokens)(contract.content.contentDetail, { contentId })).isLight,
      )
      .toBe(true);
    // Applied once: a reload keeps it lit and does not toggle it off.
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('light-button').getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('in the app, a light tapped by a visitor opens the native login, and the reloaded content is lit', async () => {
    const contentId = 5;
    const sim = await app.launch();
    await sim.page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(sim.page);
    expect(await sim.page.getByTestId('light-button').getAttribute('aria-pressed')).toBe('false');
    await expectReload(sim.page, async () => {
      await sim.page.getByTestId('light-button').click();
      await loginThroughSheet(sim);
    });
    await waitForHydration(sim.page);
    await sim.page.waitForFunction(
      () => document.querySelector('[data-testid="light-button"]')?.getAttribute('aria-pressed') === 'true',
    );
    const tokens = await sessionFromCookies(sim.page, baseURL);
    expect((await e2eApi(baseURL, tokens)(contract.content.contentDetail, { contentId })).isLight).toBe(true);
  });
});
