import type { AppSimulator } from '@h5/app-simulator';
import { MESSAGES } from '@h5/core';
import { describe, expect, inject, it } from 'vitest';
import { DEBUG_TEXT } from '../apps/web/app/lib/ui-text/debug';
import { SHARE_PANEL_TEXT } from '../apps/web/app/lib/ui-text/share-panel';
import { useAppSimulator } from './support/app';
import { pageViewSent, pressFloatingButton, waitForHydration } from './support/page';

const text = MESSAGES.floatingButtons;
const PIC_TEXT_CONTENT = 1;

/** Runs `navigate` and waits until the new page has hydrated and its platform boot has finished. */
async function booted(sim: AppSimulator, navigate: () => Promise<unknown>) {
  const pageView = pageViewSent(sim.page);
  await navigate();
  await waitForHydration(sim.page);
  await pageView;
}

const callsSince = (sim: AppSimulator, since: number) =>
  sim.calls.filter((c) => c.at >= since).map((c) => c.kind);

/**
 * Downgrade mode (spec §2; docs/bridge-protocol.md "Downgrade mode"): inside the app, the page
 * takes the pure web path — nothing is sent to the app, every feature uses its web fallback —
 * until 取消降级.
 */
describe('downgrade mode in the app', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('一键降级: no bridge call at all, web fallbacks only; 取消降级 brings the app back', async () => {
    const sim = await app.launch({ device: { memoryGb: 8, cores: 8 } });
    await sim.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await booted(sim, () => sim.goto(`/community/content/${PIC_TEXT_CONTENT}`));
    await sim.waitForCall('getPlatformInfo');
    await sim.waitForCall('finishedPage');

    await sim.page.getByRole('button', { name: text.downgrade }).waitFor();
    const since = Date.now();
    await booted(sim, async () => {
      await pressFloatingButton(sim.page, text.downgrade);
      await sim.page.waitForURL((url) => url.searchParams.get('downgrade_to_export') === '1');
    });
    // The server rendered the web path (no platform-info hold) and the page asked the app nothing.
    expect(await sim.page.getByTestId('page').getAttribute('aria-busy')).toBeNull();

    // Image preview: the page's own viewer, not the app's.
    await sim.page.getByTestId('image-carousel').locator('button').first().click();
    const viewer = sim.page.locator('body > [role="dialog"]');
    await viewer.waitFor();
    await sim.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // Share: the web way copies the link and the share panel says so (issue 28 point 10).
    await sim.page.getByTestId('share-button').click();
    await expect
      .poll(() => sim.page.getByTestId('share-panel-status').textContent())
      .toBe(SHARE_PANEL_TEXT.linkCopied);
    await sim.page.keyboard.press('Escape');
    await sim.page.getByTestId('share-panel').waitFor({ state: 'detached' });
    // The copy-link button: web clipboard and the page's toast, not the app's clipboard.
    await pressFloatingButton(sim.page, text.copyLink);
    await expect.poll(() => sim.page.getByTestId('toast').textContent()).toBe(text.copySuccess);

    // Another page without the query flag: the local flag (and its cookie) keep the mode.
    await sim.goto('/login?redirect=%2F');
    await waitForHydration(sim.page);
    // The web login form, not the native login.
    await sim.page.locator('input[name=phone]').waitFor();
    await booted(sim, () => sim.goto('/'));
    expect(callsSince(sim, since)).toEqual([]);
    expect(sim.clipboard).toBe('');

    // 取消降级: the app is asked again.
    const back = Date.now();
    await pressFloatingButton(sim.page, text.cancelDowngrade);
    await sim.page.waitForURL((url) => !url.searchParams.has('downgrade_to_export'));
    await sim.waitForCall('getPlatformInfo', { since: back });
    expect(await sim.page.evaluate(() => localStorage.getItem('downgrade_to_export'))).toBeNull();
  });

  it('the debug console says so', async () => {
    const sim = await app.launch({ device: { memoryGb: 8, cores: 8 } });
    await booted(sim, () => sim.goto('/?debug=1&downgrade_to_export=1'));
    await sim.page.locator('#__vconsole .vc-switch').click();
    await sim.page.locator('#__vconsole .vc-tab', { hasText: DEBUG_TEXT.platformName }).click();
    const field = (name: string) =>
      sim.page.getByTestId('diag-device').locator(`[data-field="${name}"] span`).nth(1).textContent();
    expect(await field('downgraded')).toBe('是');
    expect(await field('lowDevice')).toBe('否');
    expect(sim.calls).toEqual([]);
  });
});
