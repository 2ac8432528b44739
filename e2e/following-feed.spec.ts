import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { cardIds, FEED_CARD, waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 32 point 4: a 关注 tab beside 推荐, the contents of the people one follows, newest first,
// keyset-paged, the place kept on back; a visitor gets a login prompt, a reader following nobody
// an empty state pointing at 推荐.

const FOLLOWING_API = contract.content.followingFeed.path;

/** Requests for the 关注 feed's page 1 (no cursor) or a route's loader data. */
function watchPageOneLoads(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes(FOLLOWING_API) && !url.searchParams.has('lastId')) seen.push(request.url());
    if (url.pathname.endsWith('.data')) seen.push(request.url());
  });
  return seen;
}

describe('the 关注 feed', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a visitor gets a login prompt; a reader following nobody is pointed at 推荐', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.getByTestId('tab-following').click();
    await page.waitForURL('**/community/feed/following');
    expect(await page.getByTestId('following-login').textContent()).toContain(
      '登录后查看你关注的人发布的内容',
    );
    expect(await page.getByTestId('following-login-link').getAttribute('href')).toBe(
      '/login?redirect=%2Fcommunity%2Ffeed%2Ffollowing',
    );

    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await page.goto(`${baseURL}/community/feed/following`);
    await waitForHydration(page);
    const empty = page.getByTestId('placeholder-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('你还没有关注任何人，去推荐里看看感兴趣的作者吧');
    await page.getByTestId('following-to-recommend').click();
    await page.getByTestId('feed').locator(FEED_CARD).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('the followed authors’ contents newest first, paged; back from a content keeps the place', async () => {
    const tokens = await apiLogin(baseURL);
    const api = e2eApi(baseURL, tokens);
    // Follow the authors of the recommend feed's first cards: seeded authors with many contents.
    const recommend = await api(contract.content.moreRecommend, { limit: 40 });
    const authors = [...new Set(recommend.list.map((card) => card.author.userId))].slice(0, 6);
    for (const userId of authors) await api(contract.community.followAdd, { userId, follow: true });
    const expected: number[] = [];
    let lastId: string | undefined;
    for (let i = 0; i < 2; i++) {
      const feed = await api(contract.content.followingFeed, { limit: 20, lastId });
      expected.push(...feed.list.map((card) => card.contentId));
      lastId = feed.lastId ?? undefined;
    }
    expect(expected.length).toBe(40);

    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.getByTestId('tab-following').click();
    await page.waitForURL('**/community/feed/following');
    const list = page.getByTestId('following-feed').locator(FEED_CARD);
    await list.first().waitFor();
    expect(await page.getByTestId('tab-following').getAttribute('aria-current')).toBe('page');
    // Page 2 arrives by scrolling; the waterfall splits cards into columns, so compare as sets.
    for (let i = 0; i < 40 && (await list.count()) < 40; i++) {
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(250);
    }
    const shown = (await cardIds(page)).map(Number);
    expect(shown.slice(0, 40).sort()).toEqual([...expected].sort());
    // Every card is a followed author's.
    const authorsShown = await list.evaluateAll((cards) =>
      cards.map((card) => card.querySelector('[data-testid="card-author"]')?.textContent ?? ''),
    );
    const names = new Set(
      recommend.list
        .filter((card) => authors.includes(card.author.userId))
        .map((card) => card.author.userName),
    );
    expect(authorsShown.filter((name) => !names.has(name))).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, 1400));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1400);
    const before = await cardIds(page);
    const target = page.locator(`${FEED_CARD}[data-content-id="${before[6]}"]`);
    await target.locator('a').first().click();
    await page.waitForURL(`**/community/content/${before[6]}`);
    await page.getByTestId('light-button').waitFor();
    const loads = watchPageOneLoads(page);
    await page.goBack();
    await page.waitForURL('**/community/feed/following');
    await list.first().waitFor();
    expect(await cardIds(page)).toEqual(before);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1400);
    expect(loads).toEqual([]);
    await page.context().close();
  });
});
