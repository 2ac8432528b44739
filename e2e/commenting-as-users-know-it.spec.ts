import { contract } from '@h5/contract';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { expectReload, useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { loginThroughSheet } from './support/native-login';
import { waitForHydration } from './support/page';
import { loginOnWebPage, setSessionCookies } from './support/web-login';

/** A seeded content with at least `count` top-level comments on its first page. */
async function firstWithComments(baseURL: string, count: number): Promise<number> {
  const api = e2eApi(baseURL);
  const feed = await api(contract.content.moreRecommend, { limit: 40 });
  for (const card of feed.list) {
    const page = await api(contract.community.replyList, { contentId: card.contentId, limit: 20 });
    if (page.list.length >= count) return card.contentId;
  }
  throw new Error(`no seeded content in the first feed page has ${count} comments`);
}

// Issue 28 point 2: one composer, a bottom sheet opened from the bar, 回复 or a comment; it names
// whom it answers, keeps the reader's place, keeps the draft through a login and a reload, and
// what is sent shows where the reader is.
describe('commenting as users know it (phone browser)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  const contentWithComments = (count: number) => firstWithComments(baseURL, count);

  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

  /** Whether the element is within the viewport, below the top bar and above the bottom bar. */
  const inView = (page: Page, selector: string) =>
    page.evaluate((sel) => {
      const el = document.querySelector(sel);
      const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      const bottom =
        document.querySelector('[data-testid="detail-bottom-bar"]')?.getBoundingClientRect().top ??
        window.innerHeight;
      if (!el) return false;
      const box = el.getBoundingClientRect();
      return box.top >= bar - 1 && box.bottom <= bottom + 1;
    }, selector);

  it('回复 on the 10th comment opens the sheet naming whom it answers, without a jump; the reply shows under it', async () => {
    const contentId = await contentWithComments(10);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const section = page.getByTestId('comment-section');
    const tenth = section.locator('[data-testid="comment-list"] > li').nth(9);
    await tenth.waitFor();
    // One place to write: no comment box in the page until the composer opens.
    expect(await page.locator('textarea').count()).toBe(0);

    await tenth.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    const before = await scrollY(page);
    const article = tenth.locator('article').first();
    const replyId = await article.getAttribute('data-reply-id');
    const name = (await article.getByTestId('comment-author').textContent()) ?? '';
    await article.getByRole('button', { name: `回复 ${name}` }).click();

    const sheet = page.getByRole('dialog', { name: `回复 @${name}` });
    await sheet.waitFor();
    expect(await sheet.getAttribute('aria-modal')).toBe('true');
    // The keyboard's text box has focus; the page did not move; the answered comment is on screen.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('comment-input');
    expect(await scrollY(page)).toBe(before);
    expect(await inView(page, `[data-reply-id="${replyId}"]`)).toBe(true);
    expect(await page.locator('textarea').count()).toBe(1);

    const text = `e2e 楼中回复 ${Date.now()}`;
    await sheet.getByTestId('comment-input').fill(text);
    const posted = page.waitForResponse((r) => r.url().includes(contract.community.replyAdd.path));
    await sheet.getByTestId('comment-send').click();
    expect((await (await posted).json()).code).toBe(200);
    await sheet.waitFor({ state: 'hidden' });
    // The reply is under the answered comment, in view, and the page stayed about where it was.
    const mine = tenth.getByTestId('comment').filter({ hasText: text });
    await mine.waitFor();
    const mineId = await mine.getAttribute('data-reply-id');
    await expect.poll(() => inView(page, `[data-reply-id="${mineId}"]`)).toBe(true);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(300);
    // Focus is back on the 回复 button that opened the sheet.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('回复');
    await page.context().close();
  });

  it('the bar opens the sheet (Escape closes it, focus returns); a comment sent from mid-list shows in view', async () => {
    const contentId = await contentWithComments(10);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    const items = page.locator('[data-testid="comment-list"] > li');
    await items.nth(9).waitFor();
    await items.nth(8).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    const before = await scrollY(page);

    await page.getByTestId('comment-entry').click();
    const sheet = page.getByRole('dialog', { name: '发表评论' });
    await sheet.waitFor();
    expect(await scrollY(page)).toBe(before);
    // The open sheet, its emoji row too, passes axe-core (no critical or serious finding).
    await sheet.getByTestId('comment-emoji-toggle').click();
    await sheet.getByTestId('comment-emoji').first().waitFor();
    await page.evaluate(axe.source);
    const findings = await page.evaluate(async () => {
      const run = await (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations'],
      });
      return run.violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(findings).toEqual([]);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'comment-entry',
    );

    // A tap on a comment's text answers it.
    const eleventh = items.nth(9).locator('article').first();
    const name = (await eleventh.getByTestId('comment-author').textContent()) ?? '';
    await eleventh.getByTestId('comment-text').click();
    await page.getByRole('dialog', { name: `回复 @${name}` }).waitFor();
    await page.getByTestId('comment-sheet-close').click();
    await page.getByTestId('comment-sheet').waitFor({ state: 'hidden' });

    await page.getByTestId('comment-entry').click();
    await sheet.waitFor();
    const text = `e2e 列表中评论 ${Date.now()}`;
    await sheet.getByTestId('comment-input').fill(text);
    const posted = page.waitForResponse((r) => r.url().includes(contract.community.replyAdd.path));
    await sheet.getByTestId('comment-send').click();
    await posted;
    await sheet.waitFor({ state: 'hidden' });
    const mine = page.getByTestId('comment').filter({ hasText: text });
    await mine.waitFor();
    const mineId = await mine.getAttribute('data-reply-id');
    // Where the reader is, not at the head of the list a thousand pixels up.
    await expect.poll(() => inView(page, `[data-reply-id="${mineId}"]`)).toBe(true);
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(300);
    await page.context().close();
  });

  it("a visitor's draft survives a reload and the login, and is sent after it", async () => {
    const contentId = await contentWithComments(1);
    const page = await phone.newPage();
    await page.goto(`${baseURL}/community/content/${contentId}`);
    await waitForHydration(page);
    await page.getByTestId('comment-section').getByTestId('comment').first().waitFor();
    await page.getByTestId('comment-entry').click();
    const sheet = page.getByTestId('comment-sheet');
    const text = `e2e 登录前写的评论 ${Date.now()}`;
    await sheet.getByTestId('comment-input').fill(text);

    // A reload: the sheet opens again with the text.
    await page.reload();
    await waitForHydration(page);
    await sheet.waitFor();
    expect(await sheet.getByTestId('comment-input').inputValue()).toBe(text);

    // Send as a visitor: the login; back on the content, the sheet with the text, then sent.
    await sheet.getByTestId('comment-send').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await loginOnWebPage(page);
    await page.waitForURL((url) => url.pathname === `/community/content/${contentId}`);
    await waitForHydration(page);
    await sheet.waitFor();
    expect(await sheet.getByTestId('comment-input').inputValue()).toBe(text);
    const posted = page.waitForResponse((r) => r.url().includes(contract.community.replyAdd.path));
    await sheet.getByTestId('comment-send').click();
    expect((await (await posted).json()).code).toBe(200);
    await page.getByTestId('comment').filter({ hasText: text }).waitFor();

    // Sent: the draft is gone; the next sheet starts empty, and a reload opens none.
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('comment').filter({ hasText: text }).waitFor();
    await page.waitForTimeout(500);
    expect(await sheet.count()).toBe(0);
    await page.getByTestId('comment-entry').click();
    expect(await sheet.getByTestId('comment-input').inputValue()).toBe('');
    await page.context().close();
  });
});

describe('commenting as users know it (app simulator)', () => {
  const apps = useAppSimulator();
  const baseURL = inject('baseURL');

  it("a visitor's draft survives the native login and is sent after it", async () => {
    const contentId = await firstWithComments(baseURL, 1);
    const sim = await apps.launch();
    await sim.goto(`/community/content/${contentId}`);
    await waitForHydration(sim.page);
    await sim.page.getByTestId('comment-section').getByTestId('comment').first().waitFor();
    await sim.page.getByTestId('comment-entry').click();
    const sheet = sim.page.getByTestId('comment-sheet');
    const text = `e2e 客户端登录前的评论 ${Date.now()}`;
    await sheet.getByTestId('comment-input').fill(text);
    // Send as a visitor: the native login; after it the page reloads with the sheet and the text.
    await expectReload(sim.page, async () => {
      await sheet.getByTestId('comment-send').click();
      await sim.sheet('login').waitFor();
      await loginThroughSheet(sim);
    });
    await waitForHydration(sim.page);
    await sheet.waitFor();
    expect(await sheet.getByTestId('comment-input').inputValue()).toBe(text);
    const posted = sim.page.waitForResponse((r) => r.url().includes(contract.community.replyAdd.path));
    await sheet.getByTestId('comment-send').click();
    expect((await (await posted).json()).code).toBe(200);
    await sim.page.getByTestId('comment').filter({ hasText: text }).waitFor();
  });
});
