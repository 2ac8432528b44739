import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, slowPrefetch, waitForHydration } from './support/page';

// Issue 14 point 3: on a slow network a tap shows at once: a pressed state, then a top progress
// bar while the next page's data is on its way.
const DATA_DELAY_MS = 1500;
const PROGRESS = '.h5-nav-progress';

describe('feedback on a slow network', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a pressed tab and a pressed button dim', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    for (const testId of ['tab-hot-video', 'feed-refresh']) {
      const target = page.getByTestId(testId);
      expect(await target.evaluate((el) => getComputedStyle(el).opacity), testId).toBe('1');
      const box = await target.boundingBox();
      if (!box) throw new Error(`${testId} has no box`);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      expect(Number(await target.evaluate((el) => getComputedStyle(el).opacity)), testId).toBeLessThan(1);
      // Released away from it: no tap.
      await page.mouse.move(box.x + box.width / 2, box.y + 400);
      await page.mouse.up();
    }
    await page.context().close();
  });

  it('a pressed card dims, and a top progress bar shows until the next page is there', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const card = page.locator(FEED_CARD).first();
    const link = card.locator('a').first();
    expect(await link.evaluate((a) => getComputedStyle(a).opacity)).toBe('1');
    const box = await link.boundingBox();
    if (!box) throw new Error('the card has no box');
    // Held down (:active), before any answer: the card is visibly pressed.
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await page.mouse.down();
    expect(Number(await link.evaluate((a) => getComputedStyle(a).opacity))).toBeLessThan(1);
    expect(await page.locator(PROGRESS).isVisible()).toBe(false);

    await page.route('**/*.data*', async (route) => {
      await new Promise((r) => setTimeout(r, DATA_DELAY_MS));
      await route.continue();
    });
    await page.mouse.up();
    // The data is still on its way: the feed is on screen, with the bar at the top.
    await page.locator(PROGRESS).waitFor({ state: 'visible', timeout: 1000 });
    expect(new URL(page.url()).pathname).toBe('/');
    const bar = await page.locator(PROGRESS).boundingBox();
    expect(bar?.y).toBe(0);
    expect(bar?.height).toBeGreaterThanOrEqual(2);
    await page.getByTestId('content-detail').waitFor();
    await page.locator(PROGRESS).waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('a card list whose first page is pending shows skeleton cards, not a spinner', async () => {
    const page = await phone.newPage();
    await slowPrefetch(page, 3500); // past the 3000 ms prefetch time-out: the browser loads the list
    await page.route('**/h5/tag/contents*', async (route) => {
      await new Promise((r) => setTimeout(r, DATA_DELAY_MS));
      await route.continue();
    });
    await page.goto(`${baseURL}/community/topic?tagId=0`);
    await page.getByTestId('topic').waitFor();
    await page.getByTestId('feed-skeleton').waitFor();
    expect(await page.getByTestId('placeholder-loading').count()).toBe(0);
    await page.locator(FEED_CARD).first().waitFor();
    expect(await page.getByTestId('feed-skeleton').count()).toBe(0);
    await page.context().close();
  });
});
