import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 28 point 6: creator figures agree with each other and explain themselves. The pick report's
// 点亮 is the post's light count (as the detail and 发布记录 say) and never above its 浏览; the
// upgrade card names exactly the unmet conditions; a chart shows the value under the finger, and
// from the keyboard.

/** The pick report items' figures as the page shows them: [浏览, 点亮, 评论] by content. */
const shownFigures = (page: Page) =>
  page.getByTestId('pick-report-item').evaluateAll((items) =>
    items.map((item) => ({
      href: (item.matches('a') ? item : item.querySelector('a'))?.getAttribute('href') ?? '',
      values: [...(item.querySelector('[data-testid="pick-report-figures"]')?.children ?? [])].map((figure) =>
        Number(figure.firstElementChild?.textContent?.replace(/\D/g, '')),
      ),
    })),
  );

describe('creator figures agree (phone browser)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');
  const sessions = inject('demoSessions');

  it('the pick report: 浏览 ≥ 点亮, and 点亮 is the count the detail and the publish records show', async () => {
    const tokens = sessions.dataCentre;
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/creator/pick-report`);
    await waitForHydration(page);
    await page.getByTestId('pick-report-item').first().waitFor();
    const shown = await shownFigures(page);
    expect(shown.length).toBeGreaterThan(0);
    const api = e2eApi(baseURL, tokens);
    const records = new Map<number, number>();
    let lastId: string | undefined;
    do {
      const page1 = await api(contract.creator.publishRecord, lastId ? { limit: 20, lastId } : { limit: 20 });
      for (const r of page1.list) records.set(r.contentId, r.lights);
      lastId = page1.lastId ?? undefined;
    } while (lastId);
    for (const { href, values } of shown) {
      const [views, lights] = values as [number, number, number];
      expect(views).toBeGreaterThanOrEqual(lights);
      const contentId = Number(href.split('/').at(-1));
      const detail = await api(contract.content.contentDetail, { contentId });
      expect(lights).toBe(detail.lightCount);
      // In this season's publish records, the same post with the same lights.
      if (records.has(contentId)) expect(records.get(contentId)).toBe(detail.lightCount);
    }
    await page.context().close();
  });

  it('the upgrade card names the unmet conditions, and marks the met ones as met', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, sessions.upgrade);
    const view = await e2eApi(baseURL, sessions.upgrade)(contract.creator.upgradeView, {});
    const next = view.next;
    if (!next) throw new Error('the upgrade demo creator is at the top level');
    await page.goto(`${baseURL}/creator/upgrade`);
    await waitForHydration(page);
    const gap = (await page.getByTestId('upgrade-gap').textContent()) ?? '';
    const names = { publications: '计入的发布', qualityContents: '优质内容', lights: '获得点亮' } as const;
    for (const key of ['publications', 'qualityContents', 'lights'] as const) {
      const more = next.requirements[key] - view.progress[key];
      const figure = page.getByTestId(`figure-${key}`);
      if (more > 0) {
        expect(gap).toContain(`${names[key]} ${more}`);
        expect(await figure.getAttribute('data-met')).toBe('false');
      } else {
        expect(gap).not.toContain(names[key]);
        expect(await figure.getAttribute('data-met')).toBe('true');
        expect(await figure.textContent()).toContain('已达成');
      }
    }
    expect(gap).toMatch(/^还差 /);
    await page.context().close();
  });

  it('a chart shows the date and value under the finger, and from the keyboard', async () => {
    const tokens = sessions.dataCentre;
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    const list = await e2eApi(baseURL, tokens)(contract.creator.dataCenterContentList, {
      period: 90,
      limit: 1,
    });
    const contentId = list.list[0]?.contentId;
    await page.goto(`${baseURL}/creator/data-center/content/${contentId}?period=90`);
    await waitForHydration(page);
    await page.locator('[data-testid="chart-daily"] [data-drawn="true"] canvas').waitFor();
    const plot = page.getByTestId('chart-daily-explore');
    const box = await plot.boundingBox();
    if (!box) throw new Error('no chart box');
    // A tap near the right end: the last days.
    await page.touchscreen.tap(box.x + box.width - 20, box.y + box.height / 2);
    const tip = page.getByTestId('chart-daily-tip');
    await tip.waitFor();
    const tapped = (await tip.textContent()) ?? '';
    expect(tapped).toMatch(/\d+月\d+日|昨天|今天|\d+天前/);
    expect(tapped).toMatch(/浏览\s*\d+/);
    // The keyboard: focus, then left moves one day back and says it.
    await plot.focus();
    await page.keyboard.press('End');
    const last = (await plot.getAttribute('aria-valuetext')) ?? '';
    await page.keyboard.press('ArrowLeft');
    const before = (await plot.getAttribute('aria-valuetext')) ?? '';
    expect(before).not.toBe(last);
    expect(Number(await plot.getAttribute('aria-valuenow'))).toBe(
      Number(await plot.getAttribute('aria-valuemax')) - 1,
    );
    expect(await tip.textContent()).toContain(before.split('：')[0] ?? '');
    await page.context().close();
  });
});
