import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';

// Issue 19 point 6: a page's first paint waits for no stylesheet request. The server inlines the
// page's CSS in its head; its links stay for print only, so hydration matches them, and a client
// navigation still loads the next route's stylesheets.

const display = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => getComputedStyle(el).display);

describe('stylesheets inlined in the server page', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the feed is styled with every stylesheet request refused, hydrates cleanly, and a content opened from it gets its own', async () => {
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route(/\.css(#.*)?$/, (route) => route.abort());
    const response = await page.goto(`${baseURL}/`);
    // The waterfall's columns come from FeedGrid.module.css, here from the inlined copy.
    expect(await display(page, 'feed-grid')).toBe('flex');
    await waitForHydration(page);
    expect(errors).toEqual([]);
    // The links the server wrote apply to print only: none holds the page's first paint.
    const links = (await response?.text())?.match(/<link [^>]*rel="stylesheet"[^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !link.includes('media="print"'))).toEqual([]);

    await page.unroute(/\.css(#.*)?$/);
    await page.locator(FEED_CARD).first().locator('a').first().click();
    await page.waitForURL('**/community/content/*');
    // DetailBottomBar.module.css, which the feed's page did not hold: loaded by the navigation.
    await expect.poll(() => display(page, 'detail-bottom-bar')).toBe('flex');
    await page.goBack();
    expect(await display(page, 'feed-grid')).toBe('flex');
    expect(errors).toEqual([]);
  });
});
