import { contract } from '@h5/contract';
import { formatCount } from '@h5/core';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { cardIds, FEED_API, FEED_CARD, pullToRefresh, waitForHydration } from './support/page';

describe('recommend feed', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('is server-rendered: page 1 is in the HTML with JavaScript off, counts in the display rule', async () => {
    const page = await phone.newPage({ javaScriptEnabled: false });
    await page.goto(`${baseURL}/`);
    const firstPage = await e2eApi()(contract.content.moreRecommend, { limit: 20 });
    // The waterfall lays cards out column by column, so compare by id, not by DOM order.
    const shown = await page
      .locator(FEED_CARD)
      .evaluateAll((els) =>
        els.map((el) => [
          el.getAttribute('data-content-id'),
          el.querySelector('[data-testid="light-count"]')?.textContent?.trim(),
        ]),
      );
    expect(Object.fromEntries(shown)).toEqual(
      Object.fromEntries(
        firstPage.list.map((card) => [String(card.contentId), formatCount(card.lightCount)]),
      ),
    );
    const withCover = firstPage.list.findIndex((card) => card.cover);
    expect(await page.locator(FEED_CARD).nth(withCover).locator('img').first().getAttribute('src')).toContain(
      '/cdn/',
    );
    await page.context().close();
  });

  it('hydrates without refetching, then loads page 2 by cursor when scrolled to the end', async () => {
    const page = await phone.newPage();
    const feedCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(FEED_API)) feedCalls.push(request.url());
    });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    expect(feedCalls).toHaveLength(0);
    const firstIds = await cardIds(page);
    expect(firstIds).toHaveLength(20);
    for (let i = 0; i < 10 && (await page.locator(FEED_CARD).count()) < 40; i++) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
    }
    // Page 2 at least (a sentinel still in view after it may fetch page 3 at once).
    await expect.poll(() => page.locator(FEED_CARD).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(40);
    expect(feedCalls[0]).toContain('lastId=');
    expect(feedCalls[0]).toContain('sign=');
    const allIds = await cardIds(page);
    expect(allIds.length % 20).toBe(0);
    expect(new Set(allIds).size).toBe(allIds.length);
    expect(allIds).toEqual(expect.arrayContaining(firstIds));
    await page.context().close();
  });

  it('the refresh button reloads page 1 in place', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const refreshed = page.waitForResponse((r) => r.url().includes(FEED_API) && !r.url().includes('lastId='));
    await page.getByTestId('feed-refresh').click();
    expect((await refreshed).status()).toBe(200);
    await expect.poll(() => page.locator(FEED_CARD).count()).toBe(20);
    await page.context().close();
  });

  it('pull-to-refresh at the top reloads page 1', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const refreshed = page.waitForRequest((r) => r.url().includes(FEED_API) && !r.url().includes('lastId='));
    await pullToRefresh(page);
    await refreshed;
    await expect.poll(() => page.locator(FEED_CARD).count()).toBe(20);
    await page.context().close();
  });
});
