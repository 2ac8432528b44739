import { existsSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's chromium, or CHROMIUM_PATH: Playwright's own browser download does not work here. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  return path;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A phone-sized page (375×812), as DESIGN.md §6 checks every screen. */
export async function newPhonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  return context.newPage();
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
  });
  return {
    newPage(options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser)
        throw new Error('usePhoneBrowser: the browser is not launched yet (call newPage inside a test)');
      return newPhonePage(browser, options);
    },
  };
}
