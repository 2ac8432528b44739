import { contract, type StoredEvent } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { loginOnWebPage } from './support/web-login';

const ANONYMOUS_ID_KEY = 'h5AnonymousId';
// The id is made when analytics starts, from the platform chunk after hydration: on a loaded CI
// machine that chunk was seen arriving past vitest's default 1 s poll.
const ID_WAIT_MS = 15_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The device's anonymous id as the page keeps it (spec §3: local storage). */
const storedId = (page: Page) => page.evaluate((key) => localStorage.getItem(key), ANONYMOUS_ID_KEY);

/** The collector's stored events of one device, newest first (the internal list). */
const eventsOf = async (baseURL: string, anonymousId: string): Promise<StoredEvent[]> =>
  (await e2eApi(baseURL)(contract.analytics.listEvents, { anonymousId, limit: 100 })).list;

/**
 * What the page's analytics did, for a failure's message: each collector call with its status
 * (or failure) and the page's console warnings and errors. The wait below has timed out in about
 * one full CI run in three (the page view after the logout, never alone): this says why next time.
 */
function watchCollector(page: Page): () => string {
  const seen: string[] = [];
  const at = Date.now();
  const stamp = () => `+${Date.now() - at} ms`;
  page.on('response', (response) => {
    if (response.url().includes(contract.analytics.collectEvents.path))
      seen.push(`${stamp()} collect ${response.status()} ${response.request().postData()?.length ?? 0} B`);
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes(contract.analytics.collectEvents.path))
      seen.push(`${stamp()} collect failed: ${request.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      seen.push(`${stamp()} console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(`${stamp()} page ${new URL(frame.url()).pathname}`);
  });
  return () => seen.join('\n');
}

/** Waits until the device has a stored page view of `path` matching `where`, and answers it. */
async function pageViewOf(
  baseURL: string,
  anonymousId: string,
  path: string,
  where: (event: StoredEvent) => boolean = () => true,
  why: () => string = () => '',
): Promise<StoredEvent> {
  let found: StoredEvent | undefined;
  let stored: StoredEvent[] = [];
  try {
    await expect
      .poll(
        async () => {
          stored = await eventsOf(baseURL, anonymousId);
          found = stored.find((e) => e.event === 'pageView' && e.payload.path === path && where(e));
          return found !== undefined;
        },
        // Normally there within 100 ms; a loaded CI machine was seen past 15 s.
        { timeout: 30_000 },
      )
      .toBe(true);
  } catch (error) {
    const events = stored.map((e) => `${e.event} ${JSON.stringify(e.payload)} user ${e.userId}`).join('\n');
    throw new Error(`no page view of ${path} stored in 30 s.\nStored:\n${events}\nThe page:\n${why()}`, {
      cause: error,
    });
  }
  return found as StoredEvent;
}

/** Issue 12 point 3 (anonymous id) and point 7 (client id, release, XSRF, version header, track source). */
describe('who sends: anonymous id, client id and release, from a real screen', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a visitor gets an id in local storage; events carry it before and after a login, after a reload and a logout', async () => {
    const page = await phone.newPage();
    const why = watchCollector(page);
    await page.goto(`${baseURL}/?source=e2e-share`);
    await waitForHydration(page);
    await expect.poll(() => storedId(page), { timeout: ID_WAIT_MS }).toMatch(UUID);
    const anonymousId = (await storedId(page)) as string;

    // The visitor's page view: the id, client 'h5', build 5.79.1 (spec §9), no user, its track source.
    const visitorView = await pageViewOf(baseURL, anonymousId, '/', undefined, why);
    expect(visitorView).toMatchObject({
      anonymousId,
      userId: null,
      clientId: 'h5',
      release: '5.79.1',
      payload: { pageId: 9, source: 'e2e-share' },
    });

    // A web login keeps the id; the events now carry the user too.
    await page.goto(`${baseURL}/login?redirect=${encodeURIComponent('/community/feed')}`);
    await loginOnWebPage(page);
    await page.waitForURL((url) => url.pathname === '/community/feed');
    await waitForHydration(page);
    expect(await storedId(page)).toBe(anonymousId);
    const memberView = await pageViewOf(
      baseURL,
      anonymousId,
      '/community/feed',
      (e) => e.userId !== null,
      why,
    );
    expect(memberView).toMatchObject({ anonymousId, clientId: 'h5', release: '5.79.1' });

    // A reload keeps it.
    await page.reload();
    await waitForHydration(page);
    expect(await storedId(page)).toBe(anonymousId);

    // So does a logout (the session's cookies gone): a visitor again, the same device id.
    await page.context().clearCookies();
    await page.goto(`${baseURL}/community/content/1`);
    await waitForHydration(page);
    expect(await storedId(page)).toBe(anonymousId);
    const afterLogout = await pageViewOf(
      baseURL,
      anonymousId,
      '/community/content/1',
      (e) => e.userId === null,
      why,
    );
    expect(afterLogout.payload).toMatchObject({ pageId: 637 });
    await page.context().close();
  });

  it('a telemetry report carries the id, the client id and the release, and the telemetry page shows them', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await expect.poll(() => storedId(page), { timeout: ID_WAIT_MS }).toMatch(UUID);
    const anonymousId = (await storedId(page)) as string;
    const report = page.waitForRequest((r) => r.url().includes(contract.analytics.reportTelemetry.path));
    await page.goto(`${baseURL}/__debug/render-error`);
    await page.getByTestId('error-page').waitFor();
    expect((await report).postDataJSON()).toMatchObject({
      kind: 'render-error',
      message: '渲染错误',
      anonymousId,
      clientId: 'h5',
      release: '5.79.1',
    });
    // The request is out; the server stores it as it answers, so ask until it is there.
    const stored = async () =>
      (
        await e2eApi(baseURL)(contract.analytics.listTelemetry, { kind: 'render-error', limit: 100 })
      ).list.find((r) => r.anonymousId === anonymousId);
    await expect.poll(stored).toBeDefined();
    expect(await stored()).toMatchObject({
      clientId: 'h5',
      release: '5.79.1',
    });

    await page.goto(`${baseURL}/internal/telemetry?kind=render-error`);
    await waitForHydration(page);
    const card = page.getByTestId('telemetry-report').filter({ hasText: anonymousId });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('telemetry-client').textContent()).toBe('h5 5.79.1');
    await page.context().close();
  });

  it('sends the XSRF-TOKEN cookie as the X-XSRF-TOKEN header on the page’s API calls (spec §9)', async () => {
    const page = await phone.newPage();
    await page.context().addCookies([{ name: 'XSRF-TOKEN', value: 'e2e-xsrf-1', url: baseURL }]);
    const call = page.waitForRequest((r) => r.url().includes('/sns-analytics/v1/common/h5/collect'));
    await page.goto(`${baseURL}/`);
    expect((await call).headers()['x-xsrf-token']).toBe('e2e-xsrf-1');
    await page.context().close();
  });

  it('renders the content detail on the server (its prefetch sends version 4.83.0) and in the browser with the same header', async () => {
    const page = await phone.newPage();
    // Server side: the in-process content-detail call carries the header; without it the handler refuses.
    const html = await (await page.goto(`${baseURL}/community/content/1`))?.text();
    expect(html).toContain('data-testid="content-detail"');
    expect(html).not.toContain('data-testid="detail-skeleton"');
    // Browser side: a slow prefetch leaves the detail to the browser, whose call sends the same header.
    await page.route('**/*', (route) => {
      const request = route.request();
      if (request.resourceType() !== 'document') return route.continue();
      return route.continue({ headers: { ...request.headers(), 'x-debug-prefetch-delay-ms': '3500' } });
    });
    const call = page.waitForRequest((r) => r.url().includes(contract.content.contentDetail.path));
    await page.goto(`${baseURL}/community/content/2`);
    expect((await call).headers().version).toBe('4.83.0');
    await page.getByTestId('content-detail').waitFor();
    await page.context().close();
  });
});

describe('track source inside the app (spec §9: 3000 ms)', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it("the landing page view carries the app's answer", async () => {
    const sim = await app.launch({ trackSource: 'push' });
    await sim.page.goto(`${baseURL}/`);
    await waitForHydration(sim.page);
    await sim.waitForCall('getTrackSource');
    const anonymousId = (await storedId(sim.page)) as string;
    const view = await pageViewOf(baseURL, anonymousId, '/');
    expect(view.payload).toMatchObject({ pageId: 9, source: 'push' });
  });

  it('a silent app holds the page view 3000 ms, then it goes with the web’s source', async () => {
    const sim = await app.launch({ trackSource: null });
    await sim.page.goto(`${baseURL}/`);
    await waitForHydration(sim.page);
    const asked = await sim.waitForCall('getTrackSource');
    const anonymousId = (await storedId(sim.page)) as string;
    const view = await pageViewOf(baseURL, anonymousId, '/');
    expect(view.payload).toMatchObject({ pageId: 9, source: 'direct' });
    // Tracked no sooner than the time-out after the question (occurredAt is the track() call).
    expect(view.occurredAt - asked.at).toBeGreaterThanOrEqual(2900);
    expect(sim.cancels).toContain(asked.id);
  });
});
