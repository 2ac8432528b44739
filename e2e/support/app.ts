import { type AppSimulator, type AppSimulatorOptions, launchAppSimulator } from '@h5/app-simulator';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { expectNoCspViolations, launchBrowser } from './browser';
import { E2E_SIGN_SECRET } from './constants';
import { watchCsp } from './csp';
import { waitForHydration } from './page';

type SimOptions = Omit<AppSimulatorOptions, 'baseURL' | 'browser' | 'signSecret'> & { baseURL?: string };

/**
 * One Chromium for the calling `describe` and a factory of app simulators on it (tools/app-simulator:
 * the in-app user agent and a working native side), each closed after the describe.
 */
export function useAppSimulator() {
  let browser: Browser | undefined;
  const open: AppSimulator[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const sim of open) await sim.close().catch(() => undefined);
    await browser?.close();
    expectNoCspViolations();
  });
  return {
    async launch(options: SimOptions = {}): Promise<AppSimulator> {
      if (!browser) throw new Error('useAppSimulator: launch inside a test');
      const sim = await launchAppSimulator({
        baseURL: inject('baseURL'),
        // As support/browser.ts: no offline worker unless the journey asks (`contextOptions`).
        ...options,
        contextOptions: { serviceWorkers: 'block', ...options.contextOptions },
        browser,
        signSecret: E2E_SIGN_SECRET,
      });
      open.push(sim);
      await watchCsp(sim.context);
      return sim;
    },
  };
}

/** The internal bridge console, hydrated and its bridge loaded. */
export async function openBridgeConsole(page: import('playwright-core').Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await page.locator('[data-testid="bridge-console"][data-ready="true"]').waitFor();
}

/** Runs one console action and returns its log entry (newest first) once it is written. */
export async function runConsoleAction(page: import('playwright-core').Page, id: string) {
  const entries = page.locator(`[data-testid="bridge-log"] li[data-action="${id}"]`);
  const before = await entries.count();
  await page.locator(`button[data-action="${id}"]`).click();
  await page.waitForFunction(
    ([selector, n]) => document.querySelectorAll(selector as string).length > (n as number),
    [`[data-testid="bridge-log"] li[data-action="${id}"]`, before] as const,
  );
  const entry = entries.first();
  return { ok: (await entry.getAttribute('data-ok')) === 'true', text: (await entry.textContent()) ?? '' };
}

/** Runs `trigger` and waits until the page has loaded again (a marker on window is gone) and hydrated. */
export async function expectReload(page: import('playwright-core').Page, trigger: () => Promise<void>) {
  await page.evaluate(() => Object.assign(window, { __beforeReload: true }));
  await trigger();
  await page.waitForFunction(() => !(window as { __beforeReload?: boolean }).__beforeReload);
  await waitForHydration(page);
}
