import { contract } from '@h5/contract';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';
import { loginNewUser } from './support/web-login';

// Issue 33 point 5: the service worker keeps what a reader visited; offline, a visited content
// opens marked 离线内容, an unvisited one shows the network placeholder, a light waits for the
// network and is stored once, and a logout leaves nothing of the reader on the device.

// `setOffline` does not reach a service worker's own fetches; with Playwright's service worker
// network events, the context's routes see them and abort them as a lost network would.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const workerOffline = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**', workerOffline);
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**', workerOffline);
  await context.setOffline(false);
}

/** Opens a card's content by tapping it (a client navigation), then comes back to the feed. */
async function readContent(page: Page, contentId: number) {
  await page.locator(`${FEED_CARD}[data-content-id="${contentId}"] a`).first().click();
  await page.waitForURL((url) => url.pathname === `/community/content/${contentId}`);
  await page.getByTestId('content-detail').waitFor();
}

const baseURL = inject('baseURL');

describe('offline reading', () => {
  const phone = usePhoneBrowser();

  it('reads visited contents offline (marked), queues a light once, and a logout offline leaves nothing', async () => {
    const page = await phone.newPage({ serviceWorkers: 'allow' });
    const context = page.context();
    const { tokens } = await loginNewUser(page, baseURL);
    const api = e2eApi(baseURL, tokens);

    // Online: the feed (once the worker controls the page), two contents and the reader's home.
    await page.goto(baseURL);
    await waitForHydration(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await waitForHydration(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const ids = await page
      .locator(FEED_CARD)
      .evaluateAll((cards) => cards.slice(0, 3).map((card) => Number(card.getAttribute('data-content-id'))));
    const [first, second, unvisited] = ids as [number, number, number];
    for (const id of [first, second]) {
      await readContent(page, id);
      await page.goBack();
      await page.locator(FEED_CARD).first().waitFor();
    }
    await page.getByTestId('viewer').click();
    await page.getByTestId('logout').waitFor();
    await page.goBack();
    await page.locator(FEED_CARD).first().waitFor();
    const before = await api(contract.content.contentDetail, { contentId: first });
    expect(before.isLight).toBe(false);

    // Offline: the feed reloads from the kept copy, marked with the time it was saved.
    await goOffline(context);
    await page.reload();
    await waitForHydration(page);
    const mark = page.getByTestId('offline-mark');
    await mark.waitFor();
    expect(await mark.textContent()).toMatch(/^离线内容 · .+保存$/);
    expect(await mark.getAttribute('role')).toBe('status');

    // Both contents open from the feed, marked; the first is lit (queued, shown lit at once).
    await readContent(page, first);
    await mark.waitFor();
    await page.getByTestId('light-button').click();
    await expect.poll(() => page.getByTestId('light-button').getAttribute('aria-pressed')).toBe('true');
    const queued = () => page.evaluate(() => localStorage.getItem('h5.offline-lights'));
    await expect.poll(queued, { timeout: 10_000 }).toBe(JSON.stringify([first]));
    await page.goBack();
    await readContent(page, second);
    await mark.waitFor();
    // A comment written offline is not lost: it stays in the box as a draft.
    await page.getByTestId('comment-entry').click();
    const section = page.getByTestId('comment-section');
    await section.getByTestId('comment-input').fill('离线时写的评论');
    await section.getByTestId('comment-send').click();
    await expect
      .poll(() => page.getByTestId('page-toast').textContent())
      .toBe('网络不给力，请检查网络设置后重试');
    expect(await section.getByTestId('comment-input').inputValue()).toBe('离线时写的评论');
    // A content not visited before shows today's network placeholder.
    await page.goBack();
    await page.locator(`${FEED_CARD}[data-content-id="${unvisited}"] a`).first().click();
    await page.getByTestId('placeholder-network-error').waitFor();
    await page.goBack();
    await page.locator(FEED_CARD).first().waitFor();

    // Online again: the light is sent, once; the mark goes.
    const sent = page.waitForResponse((r) => r.url().includes(contract.community.addContentLight.path));
    await goOnline(context);
    await sent;
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('h5.offline-lights')), { timeout: 10_000 })
      .toBe(null);
    await expect.poll(() => mark.count()).toBe(0);
    const after = await api(contract.content.contentDetail, { contentId: first });
    expect(after).toMatchObject({ isLight: true, lightCount: before.lightCount + 1 });
    // Another `online` event sends nothing more.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(300);
    expect((await api(contract.content.contentDetail, { contentId: first })).lightCount).toBe(
      before.lightCount + 1,
    );

    // Offline, the reader logs out from their home: nothing of theirs is readable afterwards.
    await goOffline(context);
    await page.getByTestId('viewer').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-dialog').getByRole('button', { name: '退出登录' }).click();
    await expect.poll(() => page.url()).toContain('/');
    const reader = await context.newPage();
    for (const path of ['/', `/community/content/${first}`, '/community/user'])
      await expect(reader.goto(`${baseURL}${path}`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    await goOnline(context);
    await reader.goto(baseURL);
    await waitForHydration(reader);
    // The logout made offline ended the session once the network was back.
    await expect.poll(() => reader.evaluate(() => localStorage.getItem('h5.pending-logout'))).toBe(null);
    await expect(api(contract.auth.me, {})).rejects.toThrow();
    await context.close();
  });

  it('is off in downgrade mode: no worker, and what an earlier page kept is removed', async () => {
    const page = await phone.newPage({ serviceWorkers: 'allow' });
    await page.goto(baseURL);
    await waitForHydration(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto(`${baseURL}/?downgrade_to_export=1`);
    await waitForHydration(page);
    const kept = () =>
      page.evaluate(async () => ({
        workers: (await navigator.serviceWorker.getRegistrations()).length,
        // Entries, not caches: a worker's last bookkeeping may reopen an empty cache.
        kept: (
          await Promise.all(
            (
              await caches.keys()
            )
              .filter((key) => key.startsWith('h5-offline-'))
              .map(async (key) => (await (await caches.open(key)).keys()).length),
          )
        ).reduce((sum, n) => sum + n, 0),
      }));
    await expect.poll(kept, { timeout: 10_000 }).toEqual({ workers: 0, kept: 0 });
    await page.context().close();
  });
});

describe('offline reading in the app simulator', () => {
  const app = useAppSimulator();

  it('a content read in the app opens offline, marked 离线内容', async () => {
    const sim = await app.launch({ contextOptions: { serviceWorkers: 'allow' } });
    await sim.login();
    const page = sim.page;
    await page.goto(baseURL);
    await waitForHydration(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await waitForHydration(page);
    const id = Number(await page.locator(FEED_CARD).first().getAttribute('data-content-id'));
    await readContent(page, id);
    await page.goBack();
    await page.locator(FEED_CARD).first().waitFor();
    await goOffline(sim.context);
    await page.reload();
    await waitForHydration(page);
    await readContent(page, id);
    await page.getByTestId('offline-mark').waitFor();
    expect(await page.getByTestId('offline-mark').textContent()).toMatch(/^离线内容 · .+保存$/);
    await goOnline(sim.context);
  });
});
