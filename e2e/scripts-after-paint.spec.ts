import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';

// Issue 33 point 4: the server's page paints before it asks for a script. The modules' preloads
// and React Router's module script are added by a small inline script after the first paint
// (lib/scripts-after-paint.server.ts); the page still hydrates under the page CSP, and a tap
// still navigates in the browser.

/** When the page first painted, and when it asked for its first built script (ms since navigation). */
const firstPaintAndScript = (page: Page) =>
  page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => entry.startTime);
    return { paint, firstScript: scripts.length > 0 ? Math.min(...scripts) : null };
  });

describe('scripts after the first paint', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  for (const path of ['/', '/community/content/1']) {
    it(`${path}: paints before its first script request, then hydrates with no error or CSP refusal`, async () => {
      const page = await phone.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      const html = await (await page.goto(`${baseURL}${path}`))?.text();
      // The page as sent: no module preload, no module script; the loader carries both.
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      await waitForHydration(page);
      const { paint, firstScript } = await firstPaintAndScript(page);
      expect(paint).not.toBeNull();
      expect(firstScript).not.toBeNull();
      expect(firstScript as number).toBeGreaterThanOrEqual(paint as number);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  it('a card tap after hydration is a client navigation (no new document)', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.locator(FEED_CARD).first().locator('a').first().click();
    await page.waitForURL('**/community/content/*');
    expect(documents).toEqual([]);
    await page.context().close();
  });
});
