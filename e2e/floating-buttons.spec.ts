import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { pressFloatingButton, waitForHydration } from './support/page';

/** The labels and toasts of spec §2 and §8, verbatim. */
const text = {
  copyLink: '复制链接',
  copySuccess: '复制成功',
  copyFailure: '复制失败',
  downgrade: '一键降级',
  cancelDowngrade: '取消降级',
};

/** The feed on `page`, hydrated, with clipboard access and the floating buttons placed. */
async function openFeed(page: Page, baseURL: string, path = '/'): Promise<Page> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto(`${baseURL}${path}`);
  await waitForHydration(page);
  await page.locator('[data-testid="floating-copy-link"][data-ready="true"]').waitFor();
  return page;
}

describe('floating buttons (non-production)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('come in their own chunk, fetched after the page, not with its first-load scripts', async () => {
    const page = await phone.newPage();
    const chunk = page.waitForRequest((r) => /FloatingButtons-[\w-]+\.js$/.test(r.url()));
    const response = await page.goto(`${baseURL}/`);
    expect(await response?.text()).not.toMatch(/FloatingButtons-[\w-]+\.js/);
    await chunk;
    await page.getByTestId('floating-copy-link').waitFor();
    await page.context().close();
  });

  it('复制链接 copies the page link and toasts 复制成功', async () => {
    const page = await openFeed(await phone.newPage(), baseURL, '/?from=e2e');
    await pressFloatingButton(page, text.copyLink);
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe(text.copySuccess);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/?from=e2e`);
    await page.context().close();
  });

  it('toasts 复制失败 when the copy fails', async () => {
    const page = await phone.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
      document.execCommand = () => false;
    });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await pressFloatingButton(page, text.copyLink);
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe(text.copyFailure);
    await page.context().close();
  });

  it('一键降级 adds the downgrade_to_export flag and 取消降级 removes it', async () => {
    const page = await openFeed(await phone.newPage(), baseURL);
    await pressFloatingButton(page, text.downgrade);
    await page.waitForURL((url) => url.searchParams.has('downgrade_to_export'));
    await waitForHydration(page);
    expect(await page.evaluate(() => localStorage.getItem('downgrade_to_export'))).not.toBeNull();
    await pressFloatingButton(page, text.cancelDowngrade);
    await page.waitForURL((url) => !url.searchParams.has('downgrade_to_export'));
    await waitForHydration(page);
    expect(await page.evaluate(() => localStorage.getItem('downgrade_to_export'))).toBeNull();
    await page.getByRole('button', { name: text.downgrade }).waitFor();
    await page.context().close();
  });

  it('can be dragged, and a drag is not a click', async () => {
    const page = await openFeed(await phone.newPage(), baseURL);
    const button = page.getByRole('button', { name: text.copyLink });
    const before = await button.boundingBox();
    if (!before) throw new Error('copy button has no box');
    // Grabbed by its grip (the part on screen while tucked).
    await page.mouse.move(370, before.y + 20);
    await page.mouse.down();
    await page.mouse.move(250, before.y - 300, { steps: 8 });
    await page.mouse.up();
    // Let go right of the middle, it docks back at the right edge, out, at the height it was left
    // (issue 14 point 7).
    await expect.poll(async () => (await button.boundingBox())?.x).toBeCloseTo(375 - before.width, 0);
    expect((await button.boundingBox())?.y).toBeCloseTo(before.y - 320, 0);
    await page.waitForTimeout(300);
    expect((await page.getByTestId('toast').textContent())?.trim() ?? '').toBe('');
    await page.context().close();
  });
});
