import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';

// Issue 32 point 2: one search box in the feed header, suggestions while typing, results by tab
// with the match marked, a content opens and back comes to the same results, and a search that
// finds nothing offers the 搜索反馈 page with its keyword.
describe('search', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('from the feed header: suggestions, results, a content, and back to the same results', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    // The magnifier fits the channel header at 375 px: 登录 stays on one line.
    const lines = await page.getByTestId('login-entry').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length;
    });
    expect(lines).toBe(1);
    await page.getByTestId('search-entry').click();
    await page.waitForURL((url) => url.pathname === '/search');
    const input = page.getByRole('searchbox', { name: '搜索内容、用户、话题和商品' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('search').count()).toBe(1);

    await input.fill('复古');
    const suggestions = page.getByTestId('search-suggestion');
    await suggestions.first().waitFor();
    const texts = await suggestions.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThanOrEqual(8);
    expect(texts.every((text) => text.includes('复古'))).toBe(true);

    await input.press('Enter');
    await page.waitForURL(
      (url) => url.searchParams.get('q') === '复古' && url.searchParams.get('tab') === 'content',
    );
    const cards = page.getByTestId('search').locator(FEED_CARD);
    await cards.first().waitFor();
    expect(await page.getByTestId('search-tab-content').getAttribute('aria-current')).toBe('page');
    // Every card holds the word (title or text), and the titles that hold it mark it.
    const marks = await page.locator(`${FEED_CARD} mark`).allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks)).toEqual(new Set(['复古']));
    await expect.poll(() => page.getByTestId('search-count').textContent()).toMatch(/^(已找到|找到) \d+ 条/);

    const first = cards.first();
    const id = await first.getAttribute('data-content-id');
    await first.locator('a').first().click();
    await page.waitForURL((url) => url.pathname === `/community/content/${id}`);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === '复古');
    await cards.first().waitFor();
    expect(await cards.first().getAttribute('data-content-id')).toBe(id);
    expect(await input.inputValue()).toBe('复古');

    // Another tab replaces the history entry and keeps the keyword.
    await page.getByTestId('search-tab-topic').click();
    await page.waitForURL(
      (url) => url.searchParams.get('tab') === 'topic' && url.searchParams.get('q') === '复古',
    );
  });

  it('a visitor’s recent searches are kept in the browser: tap to search again, clear', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/search`);
    await waitForHydration(page);
    const input = page.getByTestId('search-input');
    for (const keyword of ['跑鞋', '复古', '跑鞋']) {
      await input.fill(keyword);
      await input.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === keyword);
    }
    await page.goto(`${baseURL}/search`);
    await waitForHydration(page);
    await page.getByTestId('search-recent').first().waitFor();
    expect(await page.getByTestId('search-recent').allTextContents()).toEqual(['跑鞋', '复古']);
    await page.getByTestId('search-recent').nth(1).click();
    await page.waitForURL((url) => url.searchParams.get('q') === '复古');
    await page.goto(`${baseURL}/search`);
    await waitForHydration(page);
    await page.getByTestId('search-recents-clear').click();
    expect(await page.getByTestId('search-recent').count()).toBe(0);
    expect(await page.getByTestId('search-recents').textContent()).toContain('还没有搜索记录');
  });

  it('a search that finds nothing says so and offers 搜索反馈 with the keyword', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/search?q=${encodeURIComponent('无此词汇龘')}&tab=content`);
    await waitForHydration(page);
    const feedback = page.getByTestId('search-feedback');
    await feedback.waitFor();
    expect(await feedback.textContent()).toBe('搜索反馈');
    const href = new URL((await feedback.getAttribute('href')) ?? '', baseURL);
    expect([href.pathname, href.searchParams.get('keyword')]).toEqual([
      '/feedback/search-idea',
      '无此词汇龘',
    ]);
    await expect
      .poll(() => page.getByTestId('search-count').textContent())
      .toBe('没有找到与“无此词汇龘”相关的结果');
  });
});
