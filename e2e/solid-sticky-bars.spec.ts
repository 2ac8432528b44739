import { contract } from '@h5/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';

// Issue 28 point 1: the feed's tab bar and the detail's 内容详情 bar are opaque, so nothing that
// scrolls under them shows through, and every scroll target lands below the top bar (and above
// the detail's bottom bar), never under it.
describe('solid sticky bars (phone browser)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  /** The alpha of the element's own background (1: opaque). */
  const groundAlpha = (bar: Locator) =>
    bar.evaluate((el) => {
      const colour = getComputedStyle(el).backgroundColor;
      const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [];
      if (colour === 'transparent' || parts.length < 3) return 0;
      return parts.length >= 4 ? (parts[3] as number) : 1;
    });

  /** Whether the top bar is still drawn at the top after a scroll, and what the viewport's top pixel row hit-tests to. */
  const barOnTop = (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector('header');
      const box = header?.getBoundingClientRect();
      const hit = document.elementFromPoint(window.innerWidth / 2, (box?.bottom ?? 0) - 2);
      return { top: Math.round(box?.top ?? -1), hitsBar: !!(header && hit && header.contains(hit)) };
    });

  it("the feed's tab bar is opaque while the cards scroll under it", async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.getByTestId('feed-card').nth(3).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForTimeout(200);
    expect(await barOnTop(page)).toEqual({ top: 0, hitsBar: true });
    expect(await groundAlpha(page.locator('header').first())).toBe(1);
    await page.context().close();
  });

  it('the detail bar is opaque, and the comment heading and the last comment scroll into view between the bars', async () => {
    const api = e2eApi(baseURL);
    const feed = await api(contract.content.moreRecommend, { limit: 20 });
    let contentId = 0;
    for (const card of feed.list) {
      const replies = await api(contract.community.replyList, { contentId: card.contentId, limit: 20 });
      if (replies.list.length >= 5) {
        contentId = card.contentId;
        break;
      }
    }
    expect(contentId).toBeGreaterThan(0);
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const section = page.getByTestId('comment-section');
    await section.getByTestId('comment').first().waitFor();
    const header = page.locator('header').first();
    expect(await header.textContent()).toContain('内容详情');

    await section.locator('h2').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(200);
    expect(await barOnTop(page)).toEqual({ top: 0, hitsBar: true });
    expect(await groundAlpha(header)).toBe(1);
    const barBottom = (await header.boundingBox())?.height ?? 0;
    const heading = await section.locator('h2').boundingBox();
    expect(heading?.y).toBeGreaterThanOrEqual(barBottom);

    // Scrolled into view from above, the last comment's 回复 stops above the bottom bar.
    const last = section.getByTestId('comment').last();
    await page.evaluate(() => window.scrollTo(0, 0));
    await last.getByRole('button', { name: /^回复/ }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.waitForTimeout(200);
    const bottomBar = await page.getByTestId('detail-bottom-bar').boundingBox();
    const reply = await last.getByRole('button', { name: /^回复/ }).boundingBox();
    expect((reply?.y ?? 0) + (reply?.height ?? 0)).toBeLessThanOrEqual(bottomBar?.y ?? 0);
    await page.context().close();
  });

  it('the hot-video tabs under the bar are opaque too', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/hot-video`);
    await waitForHydration(page);
    expect(await groundAlpha(page.locator('header').first())).toBe(1);
    const tabs = page.getByRole('navigation').first();
    if ((await tabs.count()) > 0 && (await tabs.evaluate((el) => getComputedStyle(el).position)) === 'sticky')
      expect(await groundAlpha(tabs)).toBe(1);
    await page.context().close();
  });
});
