import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';

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
    await page.getByRole('button', { name: text.copyLink }).click();
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
    await page.getByRole('button', { name: text.copyLink }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe(text.copyFailure);
    await page.context().close();
  });

  it('一键降级 adds the downgrade_to_export flag and 取消降级 removes it', async () => {
    const page = await openFeed(await phone.newPage(), baseURL);
    await page.getByRole('button', { name: text.downgrade }).click();
    await page.waitForURL((url) => url.searchParams.has('downgrade_to_export'));
    await waitForHydration(page);
    expect(await page.evaluate(() => localStorage.getItem('downgrade_to_export'))).not.toBeNull();
    await page.getByRole('button', { name: text.cancelDowngrade }).click();
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
    await page.mouse.move(before.x + 20, before.y + 20);
    await page.mouse.down();
    await page.mouse.move(before.x - 120, before.y - 300, { steps: 8 });
    await page.mouse.up();
    // Let go right of the middle, it docks back at the right edge, at the height it was left
    // (issue 14 point 7).
    const after = await button.boundingBox();
    expect((after?.x ?? 0) + (after?.width ?? 0)).toBeCloseTo(375, 0);
    expect(after?.y).toBeCloseTo(before.y - 320, 0);
    await page.waitForTimeout(300);
    expect((await page.getByTestId('toast').textContent())?.trim() ?? '').toBe('');
    await page.context().close();
  });
});
