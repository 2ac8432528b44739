// Issue 12 point 1: real screens open native screens in the app (spec §2), and their web pages
// outside it. Every redirect payload below is written out as docs/bridge-protocol.md gives it.
import { randomUUID } from 'node:crypto';
import type { AppSimulator } from '@h5/app-simulator';
import { contract } from '@h5/contract';
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { expectReload, useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { richTextFacts, SEEDED_RICH_TEXT, userIdOfHref } from './support/content-facts';
import { FEED_CARD, waitForHydration, waitForNativeJumps } from './support/page';

/** Taps `target` in the app and returns the redirect the native side received; the webview stays put. */
async function nativeJump(sim: AppSimulator, target: Locator) {
  await waitForNativeJumps(sim.page);
  const before = sim.page.url();
  const since = Date.now();
  await target.click();
  const call = await sim.waitForCall('redirect', { since });
  await expect.poll(() => sim.answers.some((a) => a.response.id === call.id && a.response.ok)).toBe(true);
  expect(sim.page.url()).toBe(before);
  return call.payload;
}

const userJump = (userId: number) => ({
  key: 'userDetail',
  params: { userId: String(userId), userIdNumber: userId },
});

describe('native screens from real screens (app simulator)', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('an author on the feed, a user home and my followings opens the native user screen', async () => {
    const sim = await app.launch();
    await sim.goto('/');
    await waitForHydration(sim.page);
    const author = sim.page.locator(FEED_CARD).first().getByTestId('card-author');
    const authorId = userIdOfHref(await author.getAttribute('href'));
    expect(await nativeJump(sim, author)).toEqual(userJump(authorId));
    // The app draws what it opened (the simulator's native toast).
    expect(sim.toasts).toContain(`native: user ${authorId} ${authorId}`);

    await sim.goto(`/community/user?userId=${authorId}`);
    await waitForHydration(sim.page);
    const onHome = sim.page.locator(FEED_CARD).first().getByTestId('card-author');
    expect(await nativeJump(sim, onHome)).toEqual(userJump(authorId));

    // The native login reloads the page (spec §2): let it finish before going on.
    let tokens: Awaited<ReturnType<typeof sim.login>> | undefined;
    await expectReload(sim.page, async () => {
      tokens = await sim.login();
    });
    await e2eApi(baseURL, tokens)(contract.community.followAdd, { userId: authorId });
    await sim.goto('/community/following');
    await waitForHydration(sim.page);
    const row = sim.page.getByTestId('following-user').first();
    expect(userIdOfHref(await row.getAttribute('href'))).toBe(authorId);
    expect(await nativeJump(sim, row)).toEqual(userJump(authorId));
  });

  it('the content detail: author, topic, product card, column / trend / news links, a comment author', async () => {
    const facts = await richTextFacts(baseURL);
    const commenter = await apiLogin(baseURL);
    await e2eApi(baseURL, commenter)(contract.community.replyAdd, {
      contentId: SEEDED_RICH_TEXT,
      content: '想看更多这样的内容',
      requestId: randomUUID(),
    });
    const sim = await app.launch();
    await sim.goto(`/community/content/${SEEDED_RICH_TEXT}`);
    await waitForHydration(sim.page);
    const page = sim.page;

    expect(await nativeJump(sim, page.getByTestId('detail-author'))).toEqual(userJump(facts.authorId));
    expect(await nativeJump(sim, page.getByTestId('topic-chip'))).toEqual({
      key: 29,
      params: { tagId: String(facts.category) },
    });
    expect(await nativeJump(sim, page.getByTestId('product-card').first())).toEqual({
      key: 'productDetail',
      params: { spuId: String(facts.spuId) },
    });
    expect(sim.toasts).toContain(`native: product ${facts.spuId}`);
    const article = page.getByTestId('article');
    expect(await nativeJump(sim, article.locator('a[href^="/community/posts"]'))).toEqual({
      key: 8,
      params: { postsId: facts.postsId },
    });
    expect(await nativeJump(sim, article.locator('a[href^="/community/trend"]'))).toEqual({
      key: 3,
      params: { trendId: facts.trendId },
    });
    expect(await nativeJump(sim, article.locator('a[href^="/community/news"]'))).toEqual({
      key: 4,
      params: { newsId: facts.newsId },
    });
    const commentAuthor = page.getByTestId('comment-author').first();
    const commenterId = userIdOfHref(await commentAuthor.getAttribute('href'));
    expect(await nativeJump(sim, commentAuthor)).toEqual(userJump(commenterId));
  });

  it('a new-commodity product chip is the product jump', async () => {
    const sim = await app.launch();
    await sim.goto('/community/new-commodity');
    await waitForHydration(sim.page);
    const chip = sim.page.getByTestId('product-chip').first();
    const spuId = await chip.getAttribute('data-spu-id');
    expect(await nativeJump(sim, chip)).toEqual({ key: 'productDetail', params: { spuId } });
  });

  it('each share path sends its native page and offers the web page and the home meanwhile', async () => {
    const sim = await app.launch();
    const authorId = (await richTextFacts(baseURL)).authorId;
    const cases: [string, unknown][] = [
      ['/note/details?id=3', { key: 'feedDetail', params: { id: '3' } }],
      ['/community-share?id=4', { key: 'feedDetail', params: { id: '4', source: 'videoTrend' } }],
      ['/community-share?trendId=5', { key: 'videoDetail', params: { id: '5', source: 'videoTrend' } }],
      ['/column?postsId=3', { key: 8, params: { postsId: '3' } }],
      ['/dongtai?tagId=6', { key: 29, params: { tagId: '6' } }],
      [`/user-home/share?userId=${authorId}`, userJump(authorId)],
    ];
    for (const [path, payload] of cases) {
      const since = Date.now();
      await sim.goto(path);
      const call = await sim.waitForCall('redirect', { since });
      expect(call.payload, path).toEqual(payload);
      const landing = sim.page.getByTestId('share-landing');
      await expect.poll(() => landing.getAttribute('data-state'), { message: path }).toBe('opened');
      expect(new URL(sim.page.url()).pathname + new URL(sim.page.url()).search).toBe(path);
    }
    // The way on, should the app not navigate: the web page, and the home.
    await sim.goto('/note/details?id=3');
    await sim.page.getByTestId('share-landing').waitFor();
    expect(await sim.page.getByTestId('share-landing-home').getAttribute('href')).toBe('/');
    await sim.page.getByTestId('share-landing-web').click();
    await sim.page.waitForURL(`${baseURL}/community/content/3`);
    await sim.page.getByTestId('detail-title').waitFor();
  });
});

describe('the same screens outside the app open the web pages', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('authors, topic, product, article links and a product chip link to their web pages', async () => {
    const facts = await richTextFacts(baseURL);
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const author = page.locator(FEED_CARD).first().getByTestId('card-author');
    const authorId = userIdOfHref(await author.getAttribute('href'));
    await author.click();
    await page.waitForURL(`${baseURL}/community/user?userId=${authorId}`);
    await page.getByTestId('user-name').waitFor();

    const detail = `${baseURL}/community/content/${SEEDED_RICH_TEXT}`;
    const opens = async (target: () => Locator, url: string, shows: string) => {
      await page.goto(detail);
      await waitForHydration(page);
      await target().click();
      await page.waitForURL(url);
      await page.getByTestId(shows).first().waitFor();
    };
    await opens(
      () => page.getByTestId('topic-chip'),
      `${baseURL}/community/topic?tagId=${facts.category}`,
      'topic',
    );
    await opens(
      () => page.getByTestId('product-card').first(),
      `${baseURL}/community/new-commodity?spuId=${facts.spuId}`,
      'product-chip',
    );
    expect(await page.getByTestId('product-chip').first().getAttribute('data-spu-id')).toBe(
      String(facts.spuId),
    );
    // Columns, trends and news are contents here: their pages lead to the content detail.
    await opens(
      () => page.getByTestId('article').locator('a[href^="/community/posts"]'),
      `${baseURL}/community/content/${facts.postsId}`,
      'detail-title',
    );
    await opens(
      () => page.getByTestId('detail-author'),
      `${baseURL}/community/user?userId=${facts.authorId}`,
      'user-name',
    );

    await page.goto(`${baseURL}/community/new-commodity`);
    await waitForHydration(page);
    const chip = page.getByTestId('product-chip').first();
    const spuId = await chip.getAttribute('data-spu-id');
    await chip.click();
    await page.waitForURL(`${baseURL}/community/new-commodity?spuId=${spuId}`);
    await page.context().close();
  });

  it('share paths keep their web behaviour: a redirect to the content, the topic and user home in place', async () => {
    const facts = await richTextFacts(baseURL);
    const page = await phone.newPage();
    await page.goto(`${baseURL}/note/details?id=3`);
    expect(page.url()).toBe(`${baseURL}/community/content/3`);
    await page.goto(`${baseURL}/dongtai?tagId=6`);
    await page.getByTestId('topic').waitFor();
    await page.goto(`${baseURL}/user-home/share?userId=${facts.authorId}`);
    await page.getByTestId('user-name').waitFor();
    expect(await page.getByTestId('share-landing').count()).toBe(0);
    await page.context().close();
  });
});
