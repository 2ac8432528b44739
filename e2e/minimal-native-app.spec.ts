// Issue 12 "Done when": the jumps also work with an app of our own that knows only
// docs/bridge-protocol.md (support/minimal-native.ts), so the document is enough to build one.
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoCspViolations, launchBrowser } from './support/browser';
import { richTextFacts, SEEDED_RICH_TEXT, userIdOfHref } from './support/content-facts';
import { watchCsp } from './support/csp';
import { ALL_SCREENS, launchMinimalNative, type MinimalNativeApp } from './support/minimal-native';
import { FEED_CARD, waitForHydration, waitForNativeJumps } from './support/page';

// This app has no video-detail or news screen: the page must fall back to its web pages.
const SCREENS = ALL_SCREENS.filter((key) => key !== 'videoDetail' && key !== '4');

describe('an app of our own, built from the protocol document alone', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expectNoCspViolations();
  });
  const baseURL = inject('baseURL');

  async function tap(app: MinimalNativeApp, target: Locator) {
    await waitForNativeJumps(app.page);
    const since = app.requests.length;
    const before = app.page.url();
    await target.click();
    const request = await app.waitForRequest('redirect', since);
    return { payload: request.payload, before };
  }

  it('feed, detail and share links open its screens; what it lacks opens the web page', async () => {
    if (!browser) throw new Error('no browser');
    const facts = await richTextFacts(baseURL);
    const app = await launchMinimalNative(browser, SCREENS);
    await watchCsp(app.context);
    const { page } = app;

    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    // Platform info as the document describes it reached the page.
    await page.waitForFunction(
      () => (window as { __H5_PLATFORM_INFO__?: { appVersion?: string } }).__H5_PLATFORM_INFO__?.appVersion,
    );
    expect(
      await page.evaluate(() => (window as { __H5_PLATFORM_INFO__?: unknown }).__H5_PLATFORM_INFO__),
    ).toMatchObject({
      appVersion: '5.26.1',
      platform: 'ios',
    });
    const author = page.locator(FEED_CARD).first().getByTestId('card-author');
    const authorId = userIdOfHref(await author.getAttribute('href'));
    const fromFeed = await tap(app, author);
    expect(fromFeed.payload).toEqual({
      key: 'userDetail',
      params: { userId: String(authorId), userIdNumber: authorId },
    });
    expect(page.url()).toBe(fromFeed.before);

    await page.goto(`${baseURL}/community/content/${SEEDED_RICH_TEXT}`);
    await waitForHydration(page);
    expect((await tap(app, page.getByTestId('topic-chip'))).payload).toEqual({
      key: 29,
      params: { tagId: String(facts.category) },
    });
    expect((await tap(app, page.getByTestId('product-card').first())).payload).toEqual({
      key: 'productDetail',
      params: { spuId: String(facts.spuId) },
    });
    expect(
      (await tap(app, page.getByTestId('article').locator('a[href^="/community/posts"]'))).payload,
    ).toEqual({
      key: 8,
      params: { postsId: facts.postsId },
    });
    expect(page.url()).toBe(`${baseURL}/community/content/${SEEDED_RICH_TEXT}`);
    // No news screen in this app: the refusal (code 3) sends the page to the web page.
    expect(
      (await tap(app, page.getByTestId('article').locator('a[href^="/community/news"]'))).payload,
    ).toEqual({
      key: 4,
      params: { newsId: facts.newsId },
    });
    await page.waitForURL(`${baseURL}/community/content/${facts.newsId}`);

    let since = app.requests.length;
    await page.goto(`${baseURL}/note/details?id=${SEEDED_RICH_TEXT}`);
    expect((await app.waitForRequest('redirect', since)).payload).toEqual({
      key: 'feedDetail',
      params: { id: String(SEEDED_RICH_TEXT) },
    });
    const landing = page.getByTestId('share-landing');
    await expect.poll(() => landing.getAttribute('data-state')).toBe('opened');
    expect(await page.getByTestId('share-landing-status').textContent()).toBe('已在 App 中打开');

    // A video share this app cannot open: the landing says so and offers the web page.
    since = app.requests.length;
    await page.goto(`${baseURL}/community-share?trendId=5`);
    expect((await app.waitForRequest('redirect', since)).payload).toEqual({
      key: 'videoDetail',
      params: { id: '5', source: 'videoTrend' },
    });
    await expect.poll(() => landing.getAttribute('data-state')).toBe('failed');
    expect(await page.getByTestId('share-landing-status').textContent()).toBe('未能在 App 中打开');
    await page.getByTestId('share-landing-web').click();
    await page.waitForURL(`${baseURL}/community/content/5`);
    await page.getByTestId('detail-title').waitFor();
    await app.context.close();
  });
});
