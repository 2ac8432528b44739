// Issue 12 point 4: the 3000 ms prefetch rule (spec §4) covers every server-side wait of a page
// request: the root loader's client-conf and session calls and every route loader, a user home
// by hashId (two calls in a row) included. With every in-process call held 8 s (the
// `x-debug-prefetch-delay-ms` test hook), the first byte must still come within 3000 ms and a
// margin, and the page must show its content after fetching it in the browser.
import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, slowPrefetch, waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

/** Every in-process call of the page request waits this long: far past the limit. */
const DEPENDENCY_DELAY_MS = 8000;
/** The limit of spec §4 (3000 ms) and a margin for rendering on this shared 2-core machine. */
const TTFB_LIMIT_MS = 3000 + 1500;

/** Opens `path` with a slow dependency; answers the time to first byte the browser measured and the HTML. */
async function openSlow(page: Page, baseURL: string, path: string) {
  await slowPrefetch(page, DEPENDENCY_DELAY_MS);
  const started = Date.now();
  const response = await page.goto(`${baseURL}${path}`, { waitUntil: 'commit' });
  const committedAfter = Date.now() - started;
  const html = (await response?.text()) ?? '';
  const nav = await page.evaluate(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { requestStart: entry.requestStart, responseStart: entry.responseStart };
  });
  const ttfb = nav.responseStart - nav.requestStart;
  return { status: response?.status(), html, ttfb, committedAfter };
}

function expectInTime(result: { ttfb: number; committedAfter: number }, path: string) {
  expect(result.ttfb, `${path}: time to first byte`).toBeLessThan(TTFB_LIMIT_MS);
  expect(result.committedAfter, `${path}: navigation committed`).toBeLessThan(TTFB_LIMIT_MS);
}

describe('every server-side wait is bounded by the 3000 ms prefetch rule', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the feed: first byte in time, skeleton in the HTML, cards after the browser fetch', async () => {
    const page = await phone.newPage();
    const result = await openSlow(page, baseURL, '/');
    expectInTime(result, '/');
    expect(result.status).toBe(200);
    expect(result.html).toContain('data-testid="feed-skeleton"');
    await expect.poll(() => page.locator(FEED_CARD).count(), { timeout: 15_000 }).toBe(20);
    await page.context().close();
  });

  it('a logged-in reader: the root’s session call is bounded too, and the avatar comes after', async () => {
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    const result = await openSlow(page, baseURL, '/');
    expectInTime(result, '/ (logged in)');
    expect(result.html).not.toContain('data-testid="viewer"');
    await page.getByTestId('viewer').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('login-entry').count()).toBe(0);
    await page.context().close();
  });

  it('a content detail', async () => {
    const detail = await e2eApi(baseURL)(contract.content.contentDetail, { contentId: 1 });
    const page = await phone.newPage();
    const result = await openSlow(page, baseURL, '/community/content/1');
    expectInTime(result, 'content detail');
    expect(result.html).toContain('data-testid="detail-skeleton"');
    await page.getByTestId('detail-title').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('detail-title').textContent()).toBe(detail.title);
    await page.context().close();
  });

  it('a user home, by userId and by hashId', async () => {
    const api = e2eApi(baseURL);
    const author = (await api(contract.content.moreRecommend, { limit: 1 })).list[0]?.author;
    const userId = author?.userId ?? 0;
    const { hashId } = await api(contract.community.hashId, { userId });
    for (const path of [`/community/user?userId=${userId}`, `/user-home/share?hashId=${hashId}`]) {
      const page = await phone.newPage();
      const result = await openSlow(page, baseURL, path);
      expectInTime(result, path);
      expect(result.html).not.toContain('data-testid="not-found"');
      await waitForHydration(page);
      await page.getByTestId('user-name').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('user-name').textContent()).toBe(author?.userName);
      await page.locator(FEED_CARD).first().waitFor({ timeout: 15_000 });
      await page.context().close();
    }
  });

  it('a topic and the hot videos', async () => {
    for (const [path, screen] of [
      ['/community/topic?tagId=0', 'topic'],
      ['/community/hot-video', 'hot-video'],
    ] as const) {
      const page = await phone.newPage();
      const result = await openSlow(page, baseURL, path);
      expectInTime(result, path);
      await page.getByTestId(screen).waitFor({ timeout: 15_000 });
      await page.locator(FEED_CARD).first().waitFor({ timeout: 15_000 });
      await page.context().close();
    }
  });

  it('my followings and the report form (logged in)', async () => {
    const tokens = await apiLogin(baseURL);
    const author = (await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 1 })).list[0]?.author;
    await e2eApi(baseURL, tokens)(contract.community.followAdd, { userId: author?.userId ?? 0 });

    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    const following = await openSlow(page, baseURL, '/community/following');
    expectInTime(following, '/community/following');
    await page
      .getByTestId('following-user')
      .filter({ hasText: author?.userName ?? '?' })
      .waitFor({ timeout: 15_000 });

    const accusePath = '/feedback/accuse?targetType=content&targetId=1';
    const accuse = await openSlow(page, baseURL, accusePath);
    expectInTime(accuse, accusePath);
    expect(accuse.html).toContain('data-testid="feedback-skeleton"');
    await page.getByTestId('accuse-form').waitFor({ timeout: 15_000 });
    await page.context().close();
  });
});
