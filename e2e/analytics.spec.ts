import { contract } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { E2E_SIGN_SECRET } from './support/constants';
import { FEED_CARD, waitForHydration } from './support/page';

const QUEUE_PREFIX = 'h5:analytics:';

/**
 * Issue 4 journeys on a server of their own, so the counts are this test's alone: page views with
 * the spec's page ids, feed exposures once per page view, clicks, and a queue that outlives an
 * offline spell and a reload.
 */
describe('analytics, end to end', () => {
  const phone = usePhoneBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SIGN_SECRET: E2E_SIGN_SECRET });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const counts = async () => {
    const { series } = await e2eApi(server.baseURL)(contract.analytics.eventCounts, {
      bucket: 'hour',
      span: 2,
    });
    return Object.fromEntries(series.map((s) => [s.event, s.counts.reduce((a, b) => a + b, 0)]));
  };
  const queued = (page: import('playwright-core').Page) =>
    page.evaluate(
      (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).length,
      QUEUE_PREFIX,
    );

  it('a page view, each visible card exposed once, and a click arrive at the collector', async () => {
    const page = await phone.newPage();
    await page.goto(`${server.baseURL}/`);
    await waitForHydration(page);
    await expect.poll(async () => (await counts()).pageView, { timeout: 10_000 }).toBe(1);
    // The exposure re-checks run 6 × 500 ms; after them the count is settled.
    await page.waitForTimeout(3500);
    const exposed = (await counts()).feedExposure ?? 0;
    expect(exposed).toBeGreaterThanOrEqual(2);
    // Scrolling a little brings new cards into view: they count once too…
    await page.evaluate(() => window.scrollBy(0, 300));
    await page.waitForTimeout(1000);
    await expect.poll(async () => (await counts()).feedExposure ?? 0).toBeGreaterThan(exposed);
    const settled = (await counts()).feedExposure;
    // …and going back over cards already seen counts nothing new in this page view.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(600);
    await page.evaluate(() => window.scrollBy(0, 300));
    await page.waitForTimeout(1500);
    expect(await counts()).toMatchObject({ feedExposure: settled, pageView: 1 });

    await page.locator(FEED_CARD).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/community/content/'));
    await expect.poll(async () => counts(), { timeout: 10_000 }).toMatchObject({ feedClick: 1, pageView: 2 });
    await expect.poll(() => queued(page)).toBe(0);
    await page.context().close();
  });

  it('events queued while offline survive a reload and arrive once online', async () => {
    const page = await phone.newPage();
    const start = await counts();
    await page.goto(`${server.baseURL}/`);
    await waitForHydration(page);
    await expect
      .poll(async () => (await counts()).pageView, { timeout: 10_000 })
      .toBe((start.pageView ?? 0) + 1);
    await page.waitForTimeout(3500);
    await expect.poll(() => queued(page), { timeout: 10_000 }).toBe(0);
    const before = await counts();

    await page.context().setOffline(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await page.waitForTimeout(3500);
    const waiting = await queued(page);
    expect(waiting).toBeGreaterThan(0);

    await page.context().setOffline(false);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => queued(page), { timeout: 15_000 }).toBe(0);
    const after = await counts();
    // The offline exposures, the reload's page view and its own exposures: nothing lost.
    expect((after.feedExposure ?? 0) - (before.feedExposure ?? 0)).toBeGreaterThanOrEqual(waiting);
    expect((after.pageView ?? 0) - (before.pageView ?? 0)).toBe(1);
    await page.context().close();
  });
});
