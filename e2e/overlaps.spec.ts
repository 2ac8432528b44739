import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, pressFloatingButton, waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 14 point 7: the non-production floating buttons sit at a side edge (and stay draggable);
// toasts never draw over a dialog or over each other.
const FLOAT = '[data-testid^="floating-"][data-ready="true"]';
const ADD_LIGHT = contract.community.addContentLight.path;

/** Clicks a button from script (a dialog's backdrop is over it). */
const clickFromScript = (page: Page, testId: string) =>
  page.evaluate((id) => (document.querySelector(`[data-testid="${id}"]`) as HTMLElement).click(), testId);

describe('overlaps', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the floating buttons rest tucked at the right edge over no text, come out on a tap, and dock to the nearer edge after a drag', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.locator(FLOAT).first().waitFor();
    const boxes = await page
      .locator(FLOAT)
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(2);
    for (const box of boxes) {
      // At rest only a 12 px grip shows, at the right edge…
      expect(375 - box.x).toBeCloseTo(12, 0);
      // …and no text of the feed lies under it.
      const covered = await page.evaluate(
        ({ left, top, bottom }) => {
          const walker = document.createTreeWalker(
            document.querySelector('main') ?? document.body,
            NodeFilter.SHOW_TEXT,
          );
          const hits: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects())
              if (r.width > 0 && r.right > left && r.bottom > top && r.top < bottom)
                hits.push(node.textContent ?? '');
          }
          return hits;
        },
        { left: box.x, top: box.y, bottom: box.y + box.height },
      );
      expect(covered).toEqual([]);
    }
    // A tap brings it out with its whole label on screen; it tucks back by itself.
    const button = page.getByTestId('floating-copy-link');
    await button.click();
    await expect.poll(async () => (await button.boundingBox())?.x).toBeLessThan(375 - 40);
    expect(((await button.boundingBox())?.x ?? 0) + ((await button.boundingBox())?.width ?? 0)).toBeCloseTo(
      375,
      0,
    );
    await expect
      .poll(async () => 375 - ((await button.boundingBox())?.x ?? 0), { timeout: 8000 })
      .toBeCloseTo(12, 0);
    // Dragged by its grip to the left half and let go: it docks at the left edge, at that height.
    const before = await button.boundingBox();
    if (!before) throw new Error('no box');
    await page.mouse.move(370, before.y + 10);
    await page.mouse.down();
    await page.mouse.move(100, before.y - 190, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await button.boundingBox())?.x).toBe(0);
    expect((await button.boundingBox())?.y).toBeCloseTo(before.y - 200, 0);
    await page.context().close();
  });

  it('two toasts at once: only the newer one shows', async () => {
    const tokens = await apiLogin(baseURL);
    const page = await phone.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await setSessionCookies(page, baseURL, tokens);
    await page.route(`**${ADD_LIGHT}*`, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.locator(FEED_CARD).first().click();
    await page.getByTestId('light-button').waitFor();
    await page.locator(FLOAT).first().waitFor();
    await page.getByTestId('light-button').click();
    await page.locator('[data-testid="page-toast"] .h5-toast').waitFor();
    await pressFloatingButton(page, '复制链接');
    await page.locator('[data-testid="toast"] .h5-toast').waitFor();
    expect(await page.locator('.h5-toast').count()).toBe(1);
    await page.context().close();
  });

  it('a toast raised while a dialog is open stays under the dialog', async () => {
    const tokens = await apiLogin(baseURL);
    const api = e2eApi(baseURL, tokens);
    const { list } = await api(contract.content.moreRecommend, { limit: 1 });
    const contentId = list[0]?.contentId ?? 0;
    const text = `e2e overlap ${Date.now()}`;
    await api(contract.community.replyAdd, { contentId, content: text, requestId: randomUUID() });
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.route(`**${ADD_LIGHT}*`, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const mine = page.getByTestId('comment').filter({ hasText: text });
    await mine.getByTestId('comment-delete').click();
    const dialog = page.getByTestId('comment-delete-dialog');
    await dialog.waitFor();
    // A light that fails while the dialog is open: the page toast says so.
    await clickFromScript(page, 'light-button');
    const toast = page.locator('[data-testid="page-toast"] .h5-toast');
    await toast.waitFor();
    const box = await toast.boundingBox();
    if (!box) throw new Error('no toast box');
    // What is drawn at the toast's centre is the dialog or its backdrop, not the toast (hit-tested
    // with the toast taking pointer events for the moment: it has none, so taps pass through).
    const topmost = await page.evaluate(
      ({ x, y }) => {
        for (const el of document.querySelectorAll<HTMLElement>('.h5-toast-region, .h5-toast'))
          el.style.pointerEvents = 'auto';
        return document.elementFromPoint(x, y)?.closest('.h5-toast') === null;
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(topmost).toBe(true);
    await page.context().close();
  });
});
