import { APP_UA_MARKER } from '@h5/core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';

/** Spec §2: content is held until platform info arrives, or one second passes. */
const HOLD_MS = 1000;

const IN_APP_UA = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 ${APP_UA_MARKER}/5.26.1`;

/** Milliseconds from hydration until the page wrapper stopped holding content back. */
async function holdAfterHydration(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const wrapper = document.querySelector('[data-testid="page"]');
        let hydratedAt = 0;
        const check = () => {
          if (!hydratedAt && document.documentElement.dataset.hydrated === 'true')
            hydratedAt = performance.now();
          if (hydratedAt && wrapper && !wrapper.hasAttribute('aria-busy'))
            resolve(performance.now() - hydratedAt);
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

/**
 * Milliseconds from the navigation's start until the wrapper stopped holding: the one-second
 * timer starts at hydration, which is after the navigation started, so a release before one
 * second is a bug however slow the machine (a hydration-relative figure is not: the hydration
 * marker is set by an effect that can run late under load).
 */
async function releasedSinceNavigation(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const check = () => {
          const wrapper = document.querySelector('[data-testid="page"]');
          if (
            document.documentElement.dataset.hydrated === 'true' &&
            wrapper &&
            !wrapper.hasAttribute('aria-busy')
          )
            resolve(performance.now());
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

describe('page wrapper: holding content for platform info (spec §2, §4)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('in the app, holds content until one second passes when no platform info arrives', async () => {
    const page = await phone.newPage({ userAgent: IN_APP_UA });
    const response = await page.goto(`${baseURL}/`, { waitUntil: 'commit' });
    expect(await response?.text()).toContain('aria-busy="true"');
    expect(await releasedSinceNavigation(page)).toBeGreaterThanOrEqual(HOLD_MS);
    await page.context().close();
  });

  it('in the app, releases as soon as platform info is there', async () => {
    const page = await phone.newPage({ userAgent: IN_APP_UA });
    await page.addInitScript(() => {
      (window as unknown as { __H5_PLATFORM_INFO__: unknown }).__H5_PLATFORM_INFO__ = {
        appVersion: '5.26.1',
      };
    });
    await page.goto(`${baseURL}/`, { waitUntil: 'commit' });
    expect(await holdAfterHydration(page)).toBeLessThan(HOLD_MS / 2);
    await page.context().close();
  });

  it('in a plain browser, never holds', async () => {
    const page = await phone.newPage();
    const response = await page.goto(`${baseURL}/`);
    expect(await response?.text()).not.toContain('aria-busy="true"');
    await page.context().close();
  });
});
