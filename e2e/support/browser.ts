import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';
import { remainingCspViolations, watchCsp } from './csp';

export { chromiumPath };

/** Debian's Chromium with the flags of DESIGN.md §7. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * A phone-sized page (375×812), as DESIGN.md §6 checks every screen, without service workers
 * unless `options` allow them. Its CSP violations are
 * recorded (support/csp.ts); {@link usePhoneBrowser} fails its describe on any left over.
 */
export async function newPhonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    // The offline reading worker (issue 33 point 5) answers a controlled page's fetches, which
    // `page.route` then no longer sees: journeys that stub requests keep the page's own network;
    // the offline journey allows it.
    serviceWorkers: 'block',
    ...options,
  });
  await watchCsp(context);
  return context.newPage();
}

/** Fails on CSP violations no test took (issue 11 point 12: every screen works under the pages' CSP). */
export function expectNoCspViolations(): void {
  expect(remainingCspViolations(), 'Content-Security-Policy violations').toEqual([]);
}

/**
 * One Chromium for the calling `describe` (launched before its tests, closed after) and a
 * factory of phone-sized pages on it.
 */
export function usePhoneBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    expectNoCspViolations();
  });
  return {
    newPage(options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser)
        throw new Error('usePhoneBrowser: the browser is not launched yet (call newPage inside a test)');
      return newPhonePage(browser, options);
    },
  };
}
