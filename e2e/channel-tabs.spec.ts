import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';

// Issue 28 point 11: 推荐 / 关注 / 热门视频 / 新品 are real tabs. One channel header on the three lists
// (no back arrow, no other title), the current channel underlined and aria-current, a tab replaces
// the history entry, and each list comes back where the reader left it.
const CHANNELS = [
  ['tab-feed', '/', '推荐'],
  // Issue 32 point 4: the 关注 feed (a visitor sees its login prompt under the same header).
  ['tab-following', '/community/feed/following', '关注'],
  ['tab-hot-video', '/community/hot-video', '热门视频'],
  ['tab-new-commodity', '/community/new-commodity', '新品'],
] as const;

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBe(y);
};

/** What the header shows: each tab's label, whether it is current, whether it is underlined. */
const header = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((bar) => {
      const tabs = [...bar.querySelectorAll('nav a')].map((a) => [
        a.textContent,
        a.getAttribute('aria-current'),
        getComputedStyle(a, '::after').content !== 'none',
      ]);
      return {
        tabs,
        h1: document.querySelector('h1')?.textContent,
        back: document.querySelectorAll('[aria-label="返回"]').length,
      };
    });

const expectChannel = async (page: Page, current: (typeof CHANNELS)[number]) => {
  await page.waitForURL((url) => url.pathname === current[1] && url.search === '');
  expect(await header(page)).toEqual({
    tabs: CHANNELS.map(([, , label]) => [label, label === current[2] ? 'page' : null, label === current[2]]),
    h1: current[2],
    back: 0,
  });
};

describe('the channel tabs', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('one header on the three channels; switching replaces history and keeps each list’s place', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.locator(FEED_CARD).first().waitFor();
    const [feed, , hot, fresh] = CHANNELS;
    await expectChannel(page, feed);
    const entries = await page.evaluate(() => history.length);

    await scrollTo(page, 1500);
    await page.getByTestId('tab-hot-video').click();
    await page.getByTestId('hot-video').locator(FEED_CARD).first().waitFor();
    await expectChannel(page, hot);
    // The hot screen's own 热门 / 排行榜 stay, under the channel header.
    expect(await page.getByTestId('hot-tab').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('rank-tab').count()).toBe(1);
    // A channel first opened starts at its top.
    expect(await scrollY(page)).toBe(0);
    await scrollTo(page, 900);

    await page.getByTestId('tab-feed').click();
    await page.getByTestId('feed').waitFor();
    await expectChannel(page, feed);
    await expect.poll(() => scrollY(page)).toBe(1500);

    await page.getByTestId('tab-new-commodity').click();
    await page.getByTestId('new-commodity').locator(FEED_CARD).first().waitFor();
    await expectChannel(page, fresh);
    expect(await scrollY(page)).toBe(0);
    await scrollTo(page, 400);

    await page.getByTestId('tab-hot-video').click();
    await page.getByTestId('hot-video').waitFor();
    await expectChannel(page, hot);
    await expect.poll(() => scrollY(page)).toBe(900);

    await page.getByTestId('tab-new-commodity').click();
    await page.getByTestId('new-commodity').waitFor();
    await expect.poll(() => scrollY(page)).toBe(400);

    // Tabs do not stack: five switches later, the tab's history is as long as at the start.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.context().close();
  });

  it('a channel opened by its address has the same header; one product’s list keeps its back arrow', async () => {
    const page = await phone.newPage();
    for (const channel of CHANNELS) {
      await page.goto(`${baseURL}${channel[1]}`);
      await waitForHydration(page);
      await expectChannel(page, channel);
    }
    // The feed's alias path is the feed's channel.
    await page.goto(`${baseURL}/community/feed`);
    await waitForHydration(page);
    expect((await header(page)).tabs[0]).toEqual(['推荐', 'page', true]);
    // A product chip leads to one product's contents: a page of its own, with back.
    await page.goto(`${baseURL}/community/new-commodity`);
    await waitForHydration(page);
    await page.getByTestId('product-chip').first().click();
    await page.getByTestId('product-header').waitFor();
    expect(await page.locator('[aria-label="返回"]').count()).toBe(1);
    expect(await page.getByTestId('tab-feed').count()).toBe(0);
    await page.context().close();
  });
});
