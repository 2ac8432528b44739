import { contract } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { COLLECT_PATH, queuedEvent, seedQueue, watchSent } from './support/analytics-queue';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { E2E_SIGN_SECRET } from './support/constants';
import { FEED_CARD, waitForHydration } from './support/page';

const QUEUE_PREFIX = 'h5:analytics:';

/** How many events the page's stored queue holds. */
const queued = (page: import('playwright-core').Page) =>
  page.evaluate(
    (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).length,
    QUEUE_PREFIX,
  );

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

  it('a page view, each visible card exposed once, and a click arrive at the collector', async () => {
    const page = await phone.newPage();
    // The seed's own history may hold events in the window: this page's are counted on top of it.
    const before = await counts();
    const pageViews = async () => ((await counts()).pageView ?? 0) - (before.pageView ?? 0);
    await page.goto(`${server.baseURL}/`);
    await waitForHydration(page);
    await expect.poll(pageViews, { timeout: 10_000 }).toBe(1);
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
    expect((await counts()).feedExposure).toBe(settled);
    expect(await pageViews()).toBe(1);

    await page.locator(FEED_CARD).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/community/content/'));
    await expect
      .poll(async () => ((await counts()).feedClick ?? 0) - (before.feedClick ?? 0), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(pageViews, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => queued(page)).toBe(0);

    // The internal page charts the same counts.
    await page.goto(`${server.baseURL}/internal/analytics`);
    const chart = page.getByTestId('analytics-chart');
    // The page's window: 24 hours by the hour.
    const { series } = await e2eApi(server.baseURL)(contract.analytics.eventCounts, {
      bucket: 'hour',
      span: 24,
    });
    const now = Object.fromEntries(series.map((x) => [x.event, x.counts.reduce((a, b) => a + b, 0)]));
    expect(Number(await chart.getAttribute('data-total'))).toBe(
      Object.values(now).reduce((a, b) => a + (b ?? 0), 0),
    );
    expect(await chart.locator('li[data-event="pageView"]').getAttribute('data-count')).toBe(
      String(now.pageView),
    );
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
    const waitingUuids = await page.evaluate(
      (prefix) =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith(`${prefix}e:`))
          .map((k) => k.split(':').at(-1)),
      QUEUE_PREFIX,
    );
    const sent = watchSent(page.context());

    await page.context().setOffline(false);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => queued(page), { timeout: 15_000 }).toBe(0);
    // The events queued offline left with the reload's page-hide beacon, or with the new page —
    // never both: the new page sends none of them twice and nothing else twice.
    expect(sent.uuids.length).toBe(new Set(sent.uuids).size);
    const resent = sent.uuids.filter((uuid) => waitingUuids.includes(uuid));
    expect(resent.length).toBeLessThanOrEqual(waitingUuids.length);
    // Exactly once at the collector: the offline exposures plus the new page's own.
    const newExposures = sent.events.filter(
      (event, i) => event === 'feedExposure' && !waitingUuids.includes(sent.uuids[i]),
    ).length;
    await expect
      .poll(async () => ((await counts()).feedExposure ?? 0) - (before.feedExposure ?? 0))
      .toBe(waiting + newExposures);
    // The new page's own page view may still be on its way once the offline queue is empty.
    await expect
      .poll(async () => ((await counts()).pageView ?? 0) - (before.pageView ?? 0), { timeout: 10_000 })
      .toBe(1);
    await page.context().close();
  });

  it('expired events are dropped, not sent', async () => {
    const page = await phone.newPage();
    const { uuids: sent } = watchSent(page);
    const threeHoursAgo = Date.now() - 10_800_000 - 1000;
    const expired = queuedEvent({ occurredAt: threeHoursAgo, expiresAt: threeHoursAgo + 10_800_000 });
    const fresh = queuedEvent();
    await seedQueue(page, [expired, fresh]);
    await page.goto(`${server.baseURL}/`);
    await waitForHydration(page);
    await expect.poll(() => sent.includes(fresh.uuid), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => queued(page), { timeout: 10_000 }).toBe(0);
    expect(sent).not.toContain(expired.uuid);
    await page.context().close();
  });

  it('a bad event gets a clear reason and does not hold back the good ones', async () => {
    const page = await phone.newPage();
    const bad = queuedEvent({ payload: { pageId: 9, contentId: 'not-a-number', position: 0 } });
    const good = [queuedEvent(), queuedEvent()];
    await seedQueue(page, [bad, ...good]);
    const answer = page.waitForResponse(async (r) => {
      if (!r.url().includes(COLLECT_PATH)) return false;
      const body = (await r.json()) as { data: { rejected: { uuid: string | null }[] } };
      return body.data.rejected.some((x) => x.uuid === bad.uuid);
    });
    await page.goto(`${server.baseURL}/`);
    const { data } = (await (await answer).json()) as {
      data: { accepted: string[]; rejected: { uuid: string; reason: string }[] };
    };
    expect(data.rejected.find((x) => x.uuid === bad.uuid)?.reason).toMatch(/^payload\.contentId: /);
    expect(data.accepted).toEqual(expect.arrayContaining(good.map((e) => e.uuid)));
    await expect.poll(() => queued(page), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });

  it('two open tabs share one queue and never send the same event twice', async () => {
    const first = await phone.newPage();
    const context = first.context();
    const { uuids: sent } = watchSent(context);
    const seeded = Array.from({ length: 30 }, () => queuedEvent());
    await seedQueue(context, seeded);
    const second = await context.newPage();
    await Promise.all([first.goto(`${server.baseURL}/`), second.goto(`${server.baseURL}/community/feed`)]);
    await Promise.all([waitForHydration(first), waitForHydration(second)]);
    await expect.poll(() => queued(first), { timeout: 15_000 }).toBe(0);
    await first.waitForTimeout(1000);
    expect(sent).toEqual(expect.arrayContaining(seeded.map((e) => e.uuid)));
    expect(sent.length).toBe(new Set(sent).size);
    await context.close();
  });
  it('our other screens send a screen view, and their cards exposures and clicks, by screen name', async () => {
    const before = await counts();
    const page = await phone.newPage();
    await page.goto(`${server.baseURL}/community/hot-video`);
    await waitForHydration(page);
    await expect
      .poll(async () => (await counts()).screenView ?? 0, { timeout: 10_000 })
      .toBe((before.screenView ?? 0) + 1);
    await expect
      .poll(async () => (await counts()).cardExposure ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual((before.cardExposure ?? 0) + 2);
    // The spec's page ids keep their meaning: the hot videos are not the feed (9).
    expect((await counts()).feedExposure ?? 0).toBe(before.feedExposure ?? 0);
    await page.locator(FEED_CARD).first().click();
    // Issue 28 point 9: a hot video opens the full-screen player (no page view); its caption, the content.
    await page.locator('[data-testid="player-slide"][data-active] [data-testid="player-detail"]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/community/content/'));
    await expect
      .poll(async () => counts(), { timeout: 10_000 })
      .toMatchObject({ cardClick: (before.cardClick ?? 0) + 1, pageView: (before.pageView ?? 0) + 1 });
    await page.context().close();
  });
});

/**
 * Issue 11 point 6: the collector is rate-limited per address (a server of its own with a low
 * limit); a refused batch (HTTP 429) stays in the page's queue and arrives later, none lost.
 */
describe('analytics under the collector’s rate limit', () => {
  const phone = usePhoneBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      SIGN_SECRET: E2E_SIGN_SECRET,
      RATE_COLLECT_PER_IP: '10',
      RATE_COLLECTOR_WINDOW_SECONDS: '3',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a 429 keeps the events in the queue; after the pause they all arrive, once each', async () => {
    const page = await phone.newPage();
    const totalNow = async () =>
      (await e2eApi(server.baseURL)(contract.analytics.eventCounts, { bucket: 'hour', span: 2 })).total;
    // The seed's own history may hold events in the window: this test's are counted on top of it.
    const before = await totalNow();
    const sent = watchSent(page);
    const refused = page.waitForResponse((r) => r.url().includes(COLLECT_PATH) && r.status() === 429, {
      timeout: 20_000,
    });
    // A first batch of 100 passes (the window had room), the rest of the queue meets the limit.
    await seedQueue(
      page,
      Array.from({ length: 120 }, () => queuedEvent()),
    );
    await page.goto(`${server.baseURL}/`);
    await waitForHydration(page);
    const answer = await refused;
    const body = (await answer.json()) as { code: number; msg: string; data: null };
    expect(body).toMatchObject({ code: 429, data: null });
    // The wait left in the 3-second window when the batch arrived.
    expect([
      '上报过于频繁，请 1 秒后再试',
      '上报过于频繁，请 2 秒后再试',
      '上报过于频繁，请 3 秒后再试',
    ]).toContain(body.msg);
    expect(await queued(page)).toBeGreaterThan(0);
    await expect.poll(() => queued(page), { timeout: 40_000, interval: 500 }).toBe(0);
    const unique = new Set(sent.uuids);
    expect((await totalNow()) - before).toBe(unique.size);
    await page.context().close();
  });
});
