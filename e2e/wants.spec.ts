import type { NativeTokens } from '@h5/bridge';
import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { richTextFacts } from './support/content-facts';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 17 point 4: a want toggled from a product card is the viewer's, shown on every card of it.

describe('product wants', () => {
  const phone = usePhoneBrowser();
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('in a phone browser: want from the article card; the server, a reload and the product list agree; un-want', async () => {
    const facts = await richTextFacts(baseURL);
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/community/content/${facts.contentId}`);
    await waitForHydration(page);
    const row = page.locator(`[data-testid="product-row"]:has([data-spu-id="${facts.spuId}"])`).first();
    await row.locator('[data-testid="product-want"][data-ready="true"]').waitFor();
    expect(await row.getByTestId('product-want').textContent()).toBe('想要');
    await row.getByTestId('product-want').click();
    await expect.poll(() => row.getByTestId('product-want').getAttribute('aria-pressed')).toBe('true');
    expect(await row.getByTestId('product-want').textContent()).toBe('已想要');
    await expect
      .poll(async () => {
        const detail = await e2eApi(baseURL, tokens)(contract.content.contentDetail, {
          contentId: facts.contentId,
        });
        return detail.products.find((p) => p.spuId === facts.spuId)?.isCollection;
      })
      .toBe(1);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => row.getByTestId('product-want').getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${baseURL}/community/new-commodity?spuId=${facts.spuId}`);
    await waitForHydration(page);
    await page.getByTestId('product-chip-wanted').first().waitFor();
    await page.goBack();
    await waitForHydration(page);
    await row.locator('[data-testid="product-want"][data-ready="true"]').click();
    await expect.poll(() => row.getByTestId('product-want').getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(async () => {
        const detail = await e2eApi(baseURL, tokens)(contract.content.contentDetail, {
          contentId: facts.contentId,
        });
        return detail.products.find((p) => p.spuId === facts.spuId)?.isCollection;
      })
      .toBe(0);
    await page.context().close();
  });

  it('every card of a product shows the want: the shoe evaluation list, its product page, the AR list (browser)', async () => {
    const tokens = await apiLogin(baseURL);
    const api = e2eApi(baseURL, tokens);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/shoe-eval`);
    await waitForHydration(page);
    const button = page.locator('[data-testid="product-want"][data-ready="true"]').first();
    await button.waitFor();
    const spuId = Number(await button.getAttribute('data-spu-id'));
    expect(await button.textContent()).toBe('想要');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await api(contract.shoeEval.shoeEvalInfo, { spuId })).product.isCollection)
      .toBe(1);
    // Its product page, by the list's link: the same want, pressed from the server's answer.
    await page.locator(`[data-testid="shoe-eval-item"][data-spu-id="${spuId}"]`).click();
    await page.waitForURL((url) => url.pathname === '/shoe-eval/spu');
    const onPage = page.locator(`[data-testid="product-want"][data-spu-id="${spuId}"]`);
    await expect.poll(() => onPage.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await waitForHydration(page);
    expect(await onPage.getAttribute('aria-pressed')).toBe('true');

    // An AR product wanted (through our call): its card on the AR page says 已想要.
    const { list } = await api(contract.activity.arSpuList, {});
    const ar = list[0];
    if (!ar) throw new Error('no AR products');
    await api(contract.commerce.productWant, { spuId: ar.spuId, want: true });
    await page.goto(`${baseURL}/activity/new-year-ar`);
    await waitForHydration(page);
    const arWant = page
      .getByTestId('ar-products')
      .locator(`[data-testid="product-want"][data-spu-id="${ar.spuId}"]`);
    expect(await arWant.getAttribute('aria-pressed')).toBe('true');
    expect(await arWant.textContent()).toBe('已想要');
    await page.context().close();
  });

  it('a visitor who taps 想要 is sent to log in', async () => {
    const facts = await richTextFacts(baseURL);
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/content/${facts.contentId}`);
    await waitForHydration(page);
    await page.locator('[data-testid="product-want"][data-ready="true"]').first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });

  it('in the app: the want runs the native fav action, and the server records it', async () => {
    const facts = await richTextFacts(baseURL);
    const sim = await app.launch();
    await sim.login();
    await sim.goto(`/community/content/${facts.contentId}`);
    await waitForHydration(sim.page);
    const row = sim.page.locator(`[data-testid="product-row"]:has([data-spu-id="${facts.spuId}"])`).first();
    await row.locator('[data-testid="product-want"][data-ready="true"]').click();
    await expect.poll(() => row.getByTestId('product-want').getAttribute('aria-pressed')).toBe('true');
    const favParams = () =>
      sim.calls
        .filter((c) => c.kind === 'action' && (c.payload as { name: string }).name === 'fav')
        .map((c) => (c.payload as { params: unknown }).params);
    await expect.poll(favParams).toEqual([{ spuId: facts.spuId, want: true }]);
    await expect
      .poll(async () => {
        const detail = await e2eApi(baseURL, sim.session as NativeTokens)(contract.content.contentDetail, {
          contentId: facts.contentId,
        });
        return detail.products.find((p) => p.spuId === facts.spuId)?.isCollection;
      })
      .toBe(1);

    // The shoe evaluation list in the app: the same native fav action, and the product page agrees.
    await sim.goto('/shoe-eval');
    await waitForHydration(sim.page);
    const button = sim.page
      .locator('[data-testid="product-want"][data-ready="true"][aria-pressed="false"]')
      .first();
    const spuId = Number(await button.getAttribute('data-spu-id'));
    await button.click();
    await expect.poll(favParams).toContainEqual({ spuId, want: true });
    // Recorded by our call after the native action (a navigation before it lands would cut it off).
    await expect
      .poll(async () => {
        const info = await e2eApi(baseURL, sim.session as NativeTokens)(contract.shoeEval.shoeEvalInfo, {
          spuId,
        });
        return info.product.isCollection;
      })
      .toBe(1);
    await sim.goto(`/shoe-eval/spu?spuId=${spuId}`);
    await waitForHydration(sim.page);
    await expect
      .poll(() =>
        sim.page.locator(`[data-testid="product-want"][data-spu-id="${spuId}"]`).getAttribute('aria-pressed'),
      )
      .toBe('true');
  });
});
