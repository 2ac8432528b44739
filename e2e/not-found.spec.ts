import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { loginOnWebPage } from './support/web-login';

// Issue 14 point 2: one styled not-found state per screen, with the page header (back) and a way
// home; the same for every kind of missing page.
const MISSING = [
  '/no/such/page',
  '/community/content/999999999',
  '/community/user?userId=2000000000',
  '/community/topic?tagId=99',
  '/community/trend',
];

describe('not-found: one state per screen, with back and a way home', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('every missing page shows the header with back, one empty block and a link home', async () => {
    const page = await phone.newPage();
    for (const path of MISSING) {
      await page.goto(`${baseURL}${path}`);
      await waitForHydration(page);
      const notFound = page.getByTestId('not-found');
      await notFound.waitFor();
      expect(await page.getByTestId('not-found').count(), path).toBe(1);
      expect(await page.getByTestId('placeholder-empty').count(), path).toBe(1);
      expect(await page.locator('h1').count(), path).toBe(1);
      expect(await page.locator('header button[data-testid="not-found-back"]').count(), path).toBe(1);
      const home = notFound.locator('a[href="/"]');
      expect(await home.count(), path).toBe(1);
      // Styled: a pill as tall as a touch target, not a bare inline link.
      expect(await home.evaluate((a) => getComputedStyle(a).minHeight), path).toBe('44px');
    }
    // Opened directly (no page of ours before it in the tab), back goes home.
    await page.getByTestId('not-found-back').click();
    await page.waitForURL(`${baseURL}/`);
    await page.context().close();
  });

  it('the empty following list is one block with its text and a way home', async () => {
    const page = await phone.newPage();
    // A visitor goes to the login first; a new user follows nobody.
    await page.goto(`${baseURL}/community/following`);
    await loginOnWebPage(page);
    await page.waitForURL(/\/community\/following$/);
    await waitForHydration(page);
    const empty = page.getByTestId('placeholder-empty');
    await empty.first().waitFor();
    expect(await empty.count()).toBe(1);
    expect(await empty.locator('a[href="/"]').count()).toBe(1);
    await page.context().close();
  });
});

// Issue 26 point 9: against the real build (React Router present), a POST to a page path is the
// 404 envelope, never the framework's "no action" error page with a 500.
describe('a POST to a page path', () => {
  const baseURL = inject('baseURL');

  it.each(['/hacking-task/v1/common/task/list', '/no-such-page', '/community/following', '/'])(
    'POST %s: the 404 envelope',
    async (path) => {
      const response = await fetch(`${baseURL}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1',
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 404, data: null });
    },
  );
});
