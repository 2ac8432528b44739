import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { SEEDED_RICH_TEXT } from './support/content-facts';
import { slowPrefetch, waitForHydration } from './support/page';

// Issue 28 point 4: product names are readable and no label breaks inside a word, at 375 px.
// Before: chips on /community/new-commodity cut the name to the brand (李宁 …), article product
// cards floated the picture below the title, 2620人评分 wrapped to 人评/分, and 刷新网/络 and
// 重新打/开 broke inside their words.

/**
 * On how many lines `text` (a run inside the element's text) is drawn: the rectangles of its range,
 * counted as one line while they overlap vertically. 0 when the text is not there.
 */
function linesOf(element: Locator, text?: string): Promise<number> {
  return element.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    if (wanted === undefined) range.selectNodeContents(el);
    else {
      let found = false;
      for (let node = walker.nextNode(); node && !found; node = walker.nextNode()) {
        const at = (node as Text).data.indexOf(wanted);
        if (at < 0) continue;
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        found = true;
      }
      if (!found) return 0;
    }
    const rects = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const r of rects) {
      if (r.top >= bottom - 2) lines++;
      bottom = Math.max(bottom, r.bottom);
    }
    return lines;
  }, text);
}

describe('product names and labels at 375 px', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('new-product chips show brand and model in full, their marks and prices on one line', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/new-commodity`);
    await waitForHydration(page);
    const chips = page.getByTestId('product-chip');
    await chips.first().waitFor();
    const count = Math.min(8, await chips.count());
    expect(count).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < count; i++) {
      const chip = chips.nth(i);
      const name = chip.getByTestId('product-chip-name');
      const title = ((await name.textContent()) ?? '').trim();
      const words = title.split(/\s+/);
      // A seeded name is brand, model and colour (李宁 韦德之道 樱花粉): brand + model at least.
      expect(words.length).toBeGreaterThanOrEqual(2);
      // Shown in full: nothing clamped away, and each word on one line (no 樱花/粉).
      const clipped = await name.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      expect(clipped, `${title} is cut`).toBe(false);
      for (const word of words) expect(await linesOf(name, word), `${word} of ${title}`).toBe(1);
      expect(await linesOf(chip.getByTestId('product-price'))).toBe(1);
      // The name is not a brand and an ellipsis: its box is wide enough for brand and model.
      const box = await name.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(90);
    }
    await page.context().close();
  });

  it('an article’s product card has its picture beside the title and its rating on one line', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/content/${SEEDED_RICH_TEXT}`);
    await waitForHydration(page);
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    for (let i = 0; i < Math.min(3, await cards.count()); i++) {
      const card = cards.nth(i);
      await card.scrollIntoViewIfNeeded();
      const logo = await card.locator('.h5-product-logo').boundingBox();
      const title = card.locator('.h5-product-title');
      const titleBox = await title.boundingBox();
      // Top-aligned: the picture starts where the title starts, not below it.
      expect(Math.abs((logo?.y ?? 0) - (titleBox?.y ?? 0))).toBeLessThanOrEqual(4);
      for (const word of ((await title.textContent()) ?? '').trim().split(/\s+/))
        expect(await linesOf(title, word), word).toBe(1);
      const raters = card.locator('.h5-product-raters');
      // The rating is the shoe evaluations' (issue 31): a product nobody evaluated says so.
      expect(await raters.textContent()).toMatch(/人评分$|^暂无评分$/);
      expect(await linesOf(raters)).toBe(1);
      expect(await linesOf(card.getByTestId('product-price'))).toBe(1);
    }
    if (process.env.E2E_SCREENSHOT_DIR) {
      await cards.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/product-cards.png` });
    }
    await page.context().close();
  });

  it('刷新网络 (a list that failed to load) and a dead invitation’s 重新打开 stay whole', async () => {
    const page = await phone.newPage();
    // The server's prefetch times out (3 s), so the page asks for the list, and that fails.
    await slowPrefetch(page, 3500);
    await page.route(`**/sns-rec/v1/new-commodity/contents*`, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseURL}/community/new-commodity`);
    const failed = page.getByTestId('placeholder-network-error');
    await failed.waitFor();
    const retry = failed.getByRole('button', { name: '刷新网络' });
    expect(await linesOf(retry)).toBe(1);
    expect(await linesOf(failed.locator('p'), '网络设置')).toBe(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.goto(`${baseURL}/invite/landing?code=NOSUCHCODE9`);
    await waitForHydration(page);
    const body = page.locator('p', { hasText: '重新打开' });
    await body.waitFor();
    for (const word of ['重新打开', '确认链接', '邀请']) expect(await linesOf(body, word), word).toBe(1);
    await page.context().close();
  });
});
