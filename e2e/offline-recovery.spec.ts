import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';

// Issue 14 point 2: a navigation that fails on the network shows the network-error placeholder in
// place (not the dead-end error page), back and the tabs still work, and its retry recovers once
// the network is back.

/** The feed, hydrated, with the route modules and the fallbacks' chunk fetched ahead of need. */
async function openFeed(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  await page.waitForFunction(() => document.documentElement.dataset.routesWarm === 'true');
}

describe('failure states that recover (offline)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('offline tap on a card → placeholder in place → back works; a failed data request → placeholder → its retry opens the content', async () => {
    const page = await phone.newPage();
    await openFeed(page, baseURL);
    const firstCard = page.locator(FEED_CARD).first();
    const href = `/community/content/${await firstCard.getAttribute('data-content-id')}`;

    await page.context().setOffline(true);
    await firstCard.click();
    const placeholder = page.getByTestId('placeholder-network-error');
    await placeholder.waitFor();
    expect(await page.getByTestId('error-page').count()).toBe(0);
    // The placeholder stands where the page would be: the document was not reloaded.
    expect(new URL(page.url()).pathname).toBe(href);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');

    // Back (the page header's) returns to the feed, still offline: its cards are in the cache.
    await page.getByTestId('back-link').click();
    await expect.poll(() => page.locator(FEED_CARD).count()).toBe(20);
    expect(new URL(page.url()).pathname).toBe('/');

    // Online, but the page's data request fails (a failing network): the placeholder again; once
    // the requests get through, its retry button loads the content in place.
    await page.context().setOffline(false);
    await page.route('**/*.data*', (route) => route.abort('internetdisconnected'));
    await page.locator(FEED_CARD).first().click();
    await placeholder.waitFor();
    expect(await page.getByTestId('error-page').count()).toBe(0);
    await page.unroute('**/*.data*');
    await placeholder.getByRole('button').click();
    await page.getByTestId('content-detail').waitFor();
    expect(await placeholder.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(href);
    await page.context().close();
  });

  it('offline tap on a tab → placeholder → back online → the page recovers (the online event retries)', async () => {
    const page = await phone.newPage();
    await openFeed(page, baseURL);
    await page.context().setOffline(true);
    await page.getByTestId('tab-hot-video').click();
    const placeholder = page.getByTestId('placeholder-network-error');
    await placeholder.waitFor();
    expect(await page.getByTestId('error-page').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/community/hot-video');

    // The browser's `online` event retries: no tap needed.
    await page.context().setOffline(false);
    await page.getByTestId('hot-video').waitFor();
    await expect.poll(() => page.locator(FEED_CARD).count()).toBeGreaterThan(0);
    expect(await placeholder.count()).toBe(0);
    await page.context().close();
  });
});
