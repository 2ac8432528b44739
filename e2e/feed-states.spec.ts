import { MESSAGES } from '@h5/core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { FEED_API, FEED_CARD, slowPrefetch, waitForHydration } from './support/page';

const PREFETCH_DELAY_MS = 3500; // past the 3000 ms prefetch time-out of spec §4

describe('feed: prefetch fallback, empty and network-error states', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a prefetch slower than 3000 ms falls back to client rendering', async () => {
    const page = await phone.newPage();
    await slowPrefetch(page, PREFETCH_DELAY_MS);
    const clientFetch = page.waitForResponse((r) => r.url().includes(FEED_API));
    const response = await page.goto(`${baseURL}/`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('data-testid="feed-skeleton"');
    expect(html).not.toContain('data-testid="feed-card"');
    expect((await clientFetch).status()).toBe(200);
    await expect.poll(() => page.locator(FEED_CARD).count(), { timeout: 10_000 }).toBe(20);
    await page.context().close();
  });

  it('shows the network-error placeholder when the feed cannot load, and its button retries', async () => {
    const page = await phone.newPage();
    await slowPrefetch(page, PREFETCH_DELAY_MS);
    await page.route(`**${FEED_API}*`, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseURL}/`);
    const placeholder = page.getByTestId('placeholder-network-error');
    await placeholder.waitFor();
    expect(await placeholder.textContent()).toContain(MESSAGES.placeholder.networkError);
    await page.unroute(`**${FEED_API}*`);
    await page.getByRole('button', { name: MESSAGES.placeholder.refreshNetwork }).click();
    await expect.poll(() => page.locator(FEED_CARD).count(), { timeout: 10_000 }).toBe(20);
    await page.context().close();
  });

  it('shows the empty placeholder when the feed has nothing', async () => {
    const page = await phone.newPage();
    await slowPrefetch(page, PREFETCH_DELAY_MS);
    await page.route(`**${FEED_API}*`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, msg: 'ok', data: { list: [], lastId: null, hasMore: false } }),
      }),
    );
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const empty = page.getByTestId('placeholder-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain(MESSAGES.placeholder.empty);
    await page.context().close();
  });
});
