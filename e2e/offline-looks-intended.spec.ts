import { PLACEHOLDER_MESSAGES } from '@h5/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 28 point 7: offline looks intended. Images that fail show the card's placeholder art (no
// broken-image icon, no alt text over the card); a page that failed keeps its own title (内容详情
// for a content) and its retry opens that same content; every network failure speaks with one
// voice (a failed light says 网络不给力，请检查网络设置后重试, as the placeholder does, not 网络错误).

/** The feed, hydrated, with the route modules and the fallbacks' chunk fetched ahead of need. */
async function openFeed(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  await page.waitForFunction(() => document.documentElement.dataset.routesWarm === 'true');
}

/** How each of the first cards' cover images shows: failed or not, visible or not, what is under it. */
const covers = (page: Page) =>
  page.locator(FEED_CARD).evaluateAll((cards) =>
    cards.slice(0, 6).flatMap((card) => {
      // The cover (named by the title); a text card has none, and its author's avatar is alt="".
      const img = card.querySelector('a img:not([alt=""])');
      if (!(img instanceof HTMLImageElement)) return [];
      const under = img.parentElement ? getComputedStyle(img.parentElement).backgroundImage : '';
      return [
        {
          broken: img.complete && img.naturalWidth === 0,
          marked: img.hasAttribute('data-failed'),
          visibility: getComputedStyle(img).visibility,
          art: under.includes('data:image/svg+xml'),
        },
      ];
    }),
  );

describe('offline looks intended (issue 28 point 7)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it("covers that cannot load show the card's placeholder art, not a broken image with its alt text", async () => {
    const page = await phone.newPage();
    // The image CDN is unreachable (offline, a dead link): every picture fails.
    await page.route('**/cdn/**', (route) => route.abort('internetdisconnected'));
    await openFeed(page, baseURL);
    await expect.poll(async () => (await covers(page)).filter((c) => c.broken).length).toBeGreaterThan(0);
    const shown = await covers(page);
    for (const cover of shown.filter((c) => c.broken)) {
      expect(cover).toEqual({ broken: true, marked: true, visibility: 'hidden', art: true });
    }
    // Back online, a picture that loads again shows (the mark goes with the next load).
    await page.unroute('**/cdn/**');
    await page.reload();
    await waitForHydration(page);
    await expect
      .poll(async () => (await covers(page)).filter((c) => !c.broken && !c.marked).length)
      .toBeGreaterThan(0);
    expect((await covers(page)).filter((c) => c.marked)).toEqual([]);
    await page.context().close();
  });

  it('a content tapped offline keeps its title (内容详情), and its retry opens the same content', async () => {
    const page = await phone.newPage();
    await openFeed(page, baseURL);
    const card = page.locator(FEED_CARD).nth(2);
    const contentId = await card.getAttribute('data-content-id');
    await page.context().setOffline(true);
    await card.click();
    const failure = page.getByTestId('network-failure');
    await failure.waitFor();
    expect(await failure.getByRole('heading', { level: 1 }).textContent()).toBe('内容详情');
    expect(new URL(page.url()).pathname).toBe(`/community/content/${contentId}`);
    expect(await page.title()).not.toBe('');

    await page.context().setOffline(false);
    // Back online, the page may already be recovering by itself (the online event retries: the
    // button is then detached under the click); either way the same content opens.
    await page
      .getByTestId('placeholder-network-error')
      .getByRole('button')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await page.getByTestId('content-detail').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/community/content/${contentId}`);
    expect(await page.getByTestId('network-failure').count()).toBe(0);
    await page.context().close();
  });

  it('a light offline is kept for later (issue 33); an unlight offline says what every network failure says', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await page.goto(`${baseURL}/community/content/3`);
    await waitForHydration(page);
    // The page has settled: the API client's chunk is here (as it would be for a reader).
    await page.waitForFunction(() => document.documentElement.dataset.routesWarm === 'true');
    const light = page.getByTestId('light-button');
    await light.waitFor();
    expect(await light.getAttribute('aria-pressed')).toBe('false');
    const toast = page.getByTestId('page-toast');
    await page.context().setOffline(true);
    await light.click();
    await expect.poll(() => toast.textContent()).toBe('已离线点亮，联网后自动同步');
    expect(await light.getAttribute('aria-pressed')).toBe('true');

    // Online, the kept light is sent; offline again, taking it back fails as any call does.
    const lit = page.waitForResponse((r) => r.url().includes('/sns-light/v1/h5/light/add-content-light'));
    await page.context().setOffline(false);
    await lit;
    await page.context().setOffline(true);
    await light.click();
    await expect.poll(() => toast.textContent()).toBe(PLACEHOLDER_MESSAGES.networkError);
    expect(await toast.textContent()).toBe('网络不给力，请检查网络设置后重试');
    // Rolled back: the light is as the server last said.
    await expect.poll(() => light.getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });

  it('a page that went offline before offline reading arrived still sends its light once back online', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    // Offline reading's chunk (not offline-lights, which the page fetched ahead) is held until the
    // page is offline, then fails as offline it would.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let chunkRequests = 0;
    await page.route(/\/assets\/offline-[\w-]{8}\.js$/, async (route) => {
      chunkRequests += 1;
      if (chunkRequests > 1) return route.continue();
      await held;
      await route.abort('internetdisconnected');
    });
    await page.goto(`${baseURL}/community/content/4`);
    await waitForHydration(page);
    await page.waitForFunction(() => document.documentElement.dataset.routesWarm === 'true');
    await expect.poll(() => chunkRequests).toBe(1);
    const light = page.getByTestId('light-button');
    expect(await light.getAttribute('aria-pressed')).toBe('false');
    await page.context().setOffline(true);
    release?.();
    await light.click();
    await expect.poll(() => page.getByTestId('page-toast').textContent()).toBe('已离线点亮，联网后自动同步');

    const lit = page.waitForResponse((r) => r.url().includes('/sns-light/v1/h5/light/add-content-light'));
    await page.context().setOffline(false);
    expect((await lit).ok()).toBe(true);
    expect(chunkRequests).toBe(2);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('h5.offline-lights'))).toBeNull();
    await page.context().close();
  });
});
