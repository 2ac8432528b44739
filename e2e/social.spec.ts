import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { SHARE_PANEL_TEXT } from '../apps/web/app/lib/ui-text/share-panel';
import { apiLogin, e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

describe('follow, user home, topic and share (phone browser)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('follows the author of a feed card from their home; the count survives a reload', async () => {
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.locator(FEED_CARD).first().waitFor();
    // The first card's author, by the user-detail jump's web fallback.
    const contentId = Number(await page.locator(FEED_CARD).first().getAttribute('data-content-id'));
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 20 });
    const author = feed.list.find((card) => card.contentId === contentId)?.author;
    expect(author).toBeDefined();
    const userId = author?.userId ?? 0;

    await page.goto(`${baseURL}/community/user?userId=${userId}`);
    await waitForHydration(page);
    expect(await page.getByTestId('user-name').textContent()).toBe(author?.userName);
    await page.getByTestId('feed-card').first().waitFor();
    const before = Number(await page.getByTestId('follower-count').textContent());
    const button = page.getByTestId('follow-button');
    expect(await button.getAttribute('aria-pressed')).toBe('false');

    const saved = page.waitForResponse((r) => r.url().includes(contract.community.followAdd.path));
    await button.click();
    // Optimistic: pressed at once; the server confirms the same count.
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await saved;
    await expect.poll(() => page.getByTestId('follower-count').textContent()).toBe(String(before + 1));

    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId('follow-button').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('follower-count').textContent()).toBe(String(before + 1));
    await page.context().close();
  });

  it('my followings: server-rendered for a logged-in user, the login for a visitor', async () => {
    const tokens = await apiLogin(baseURL);
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 1 });
    const author = feed.list[0]?.author;
    await e2eApi(baseURL, tokens)(contract.community.followAdd, { userId: author?.userId ?? 0 });
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    // In the HTML itself, before any script runs.
    const html = await (await page.request.get(`${baseURL}/community/following`)).text();
    expect(html).toContain(author?.userName);
    await page.goto(`${baseURL}/community/following`);
    await page
      .getByTestId('following-user')
      .filter({ hasText: author?.userName ?? '?' })
      .waitFor();
    await page.context().close();

    const visitor = await phone.newPage();
    await visitor.goto(`${baseURL}/community/following`);
    await visitor.waitForURL((url) => url.pathname === '/login');
    await visitor.context().close();
  });

  it('opens a user home by its public hash id (hashId), and refuses an unknown one', async () => {
    const api = e2eApi(baseURL);
    const feed = await api(contract.content.moreRecommend, { limit: 1 });
    const author = feed.list[0]?.author;
    const { hashId } = await api(contract.community.hashId, { userId: author?.userId ?? 0 });
    const page = await phone.newPage();
    await page.goto(`${baseURL}/user-home/share?hashId=${hashId}`);
    await waitForHydration(page);
    expect(await page.getByTestId('user-name').textContent()).toBe(author?.userName);
    // An unknown user answers HTTP 404 with the one not-found screen (issue 13).
    for (const path of ['/user-home/share?hashId=Zz0000000Z', '/community/user?userId=2000000000']) {
      expect((await page.goto(`${baseURL}${path}`))?.status()).toBe(404);
      await page.getByTestId('not-found').waitFor();
    }
    await page.context().close();
  });

  it('opens a topic page (jump fallback and the dongtai share path) with its contents', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/topic?tagId=0`);
    await waitForHydration(page);
    await page.getByTestId('topic').waitFor();
    await page.getByTestId('feed-card').first().waitFor();
    await page.goto(`${baseURL}/dongtai?tagId=0`);
    await page.getByTestId('topic').waitFor();
    for (const tagId of ['abc', '99']) {
      expect((await page.goto(`${baseURL}/community/topic?tagId=${tagId}`))?.status()).toBe(404);
      await page.getByTestId('not-found').waitFor();
    }
    await page.context().close();
  });

  it('sends a trend jump and a note share link to the content detail', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/trend?trendId=3`);
    expect(new URL(page.url()).pathname).toBe('/community/content/3');
    await page.goto(`${baseURL}/note/details?id=4`);
    expect(new URL(page.url()).pathname).toBe('/community/content/4');
    await page.context().close();
  });

  it('the share button copies the share link and its panel says so (issue 28 point 10)', async () => {
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 1 });
    const userId = feed.list[0]?.author.userId ?? 0;
    const page = await phone.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    // A plain browser without the web share sheet: the link is copied.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined });
    });
    await page.goto(`${baseURL}/community/user?userId=${userId}`);
    await waitForHydration(page);
    await page.getByTestId('share-button').click();
    await expect
      .poll(() => page.getByTestId('share-panel-status').textContent())
      .toBe(SHARE_PANEL_TEXT.linkCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/user-home/share?userId=${userId}`,
    );
    await page.context().close();
  });
});

describe('share in the app (simulator)', () => {
  const apps = useAppSimulator();
  const baseURL = inject('baseURL');

  it('sends the user home share info through the bridge share message', async () => {
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 1 });
    const author = feed.list[0]?.author;
    const sim = await apps.launch();
    await sim.goto(`/community/user?userId=${author?.userId}`);
    await waitForHydration(sim.page);
    await sim.page.getByTestId('user-profile').waitFor();
    const since = Date.now();
    await sim.page.getByTestId('share-button').click();
    const call = await sim.waitForCall('share', { since });
    expect(call.payload).toMatchObject({
      shareTitle: expect.stringContaining(author?.userName ?? '?'),
      shareUrl: `${baseURL}/user-home/share?userId=${author?.userId}`,
    });
  });
});
