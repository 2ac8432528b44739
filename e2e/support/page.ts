import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';

export const FEED_CARD = '[data-testid="feed-card"]';
export const FEED_API = '/sns-rec/v1/common/h5/feed/more-recommend';

/**
 * Resolves when the page sends its page view to the analytics collector: the platform boot has
 * finished by then (in the app: after platform info and finishedPage). Start it before the
 * navigation it waits for.
 */
export function pageViewSent(page: Page) {
  return page.waitForRequest(
    (r) =>
      new URL(r.url()).pathname === '/sns-analytics/v1/common/h5/collect' &&
      (r.postData() ?? '').includes('"event":"pageView"'),
  );
}

/** Waits until React has hydrated the page (root.tsx's Layout marks it). */
export function waitForHydration(page: Page) {
  return page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Waits until an in-app page takes jump-link taps (the platform boot installed its listener). */
export function waitForNativeJumps(page: Page) {
  return page.waitForFunction(() => document.documentElement.dataset.nativeJumps === 'on');
}

/**
 * Makes the server's SSR prefetch slow by `delayMs` (the non-production test hook honoured on
 * the page request only), so the page falls back to client rendering.
 */
export async function slowPrefetch(page: Page, delayMs: number) {
  await page.route('**/*', (route: Route) => {
    const request = route.request();
    if (request.resourceType() !== 'document') return route.continue();
    return route.continue({
      headers: { ...request.headers(), 'x-debug-prefetch-delay-ms': String(delayMs) },
    });
  });
}

/** The content ids of the feed cards on the page, in order. */
export function cardIds(page: Page) {
  return page.locator(FEED_CARD).evaluateAll((els) => els.map((el) => el.getAttribute('data-content-id')));
}

/**
 * Taps a non-production floating button the way a user does: at rest it is tucked at its edge,
 * so the first tap brings it out and the second acts (issue 14 point 7).
 */
export async function pressFloatingButton(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name });
  if ((await button.getAttribute('data-out')) !== 'true') await button.click();
  await expect.poll(() => button.getAttribute('data-out')).toBe('true');
  await button.click();
}

/** A finger dragging down from the top of the page past the pull-to-refresh threshold (64 px). */
export async function pullToRefresh(page: Page): Promise<void> {
  const client = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    client.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: 180, y, id: 1 }],
    });
  await touch('touchStart', 150);
  for (let y = 160; y <= 400; y += 20) await touch('touchMove', y);
  await touch('touchEnd', 400);
  await client.detach();
}
