import { DEBUG_MESSAGES, FLOW_TYPE_HEADER, FLOW_TYPE_KEY } from '@h5/core';
import { describe, expect, inject, it } from 'vitest';
import { DEBUG_TEXT } from '../apps/web/app/lib/ui-text/debug';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { FEED_API, waitForHydration } from './support/page';

const VCONSOLE_SWITCH = '#__vconsole .vc-switch';

describe('debug console and the colouring plugin', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('loads only with debug=1 or openTestHelper, in its own chunk', async () => {
    const page = await phone.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await page.locator(VCONSOLE_SWITCH).count()).toBe(0);
    expect(scripts.some((s) => s.includes('debug-console'))).toBe(false);

    await page.goto(`${baseURL}/?openTestHelper=1`);
    await page.locator(VCONSOLE_SWITCH).waitFor();
    expect(scripts.some((s) => s.includes('debug-console'))).toBe(true);
    await page.context().close();
  });

  it('refreshing with no environment chosen alerts the spec text', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/?debug=1`);
    await page.locator(VCONSOLE_SWITCH).click();
    await page.locator('#__vconsole .vc-tab', { hasText: DEBUG_TEXT.pluginName }).click();
    await page.getByTestId('colouring-plugin').locator('input[type=radio]').first().waitFor();
    // The alert blocks the page until handled, so it is answered in the listener.
    const alerted = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      });
    });
    await page.locator('#__vconsole .vc-tool', { hasText: DEBUG_TEXT.refresh }).first().click();
    expect(await alerted).toBe(DEBUG_MESSAGES.chooseColouringEnv);
    expect(await page.evaluate((key) => localStorage.getItem(key), FLOW_TYPE_KEY)).toBeNull();
    await page.context().close();
  });

  it('picking an environment stores the flow type; every call then carries it and the server sees it', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/?debug=1`);
    await page.locator(VCONSOLE_SWITCH).click();
    await page.locator('#__vconsole .vc-tab', { hasText: DEBUG_TEXT.pluginName }).click();
    const radio = page.getByTestId('colouring-plugin').locator('input[type=radio]').nth(1);
    await radio.waitFor();
    const chosen = await radio.getAttribute('value');
    expect(chosen).toBeTruthy();
    await radio.check();
    const reloaded = page.waitForEvent('load');
    await page.locator('#__vconsole .vc-tool', { hasText: DEBUG_TEXT.refresh }).first().click();
    await reloaded;
    await waitForHydration(page);

    expect(await page.evaluate((key) => localStorage.getItem(key), FLOW_TYPE_KEY)).toBe(chosen);
    const cookies = await page.context().cookies(baseURL);
    expect(cookies.find((c) => c.name === FLOW_TYPE_KEY)?.value).toBe(chosen);

    // A client call (page 2 of the feed) carries the header, and the server echoes what it saw.
    const response = page.waitForResponse((r) => r.url().includes(FEED_API));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const answered = await response;
    expect(answered.request().headers()[FLOW_TYPE_HEADER]).toBe(chosen);
    expect(answered.headers()[FLOW_TYPE_HEADER]).toBe(chosen);

    // Clearing removes both stores.
    await page.locator(VCONSOLE_SWITCH).click();
    await page.locator('#__vconsole .vc-tab', { hasText: DEBUG_TEXT.pluginName }).click();
    const cleared = page.waitForEvent('load');
    await page.locator('#__vconsole .vc-tool', { hasText: DEBUG_TEXT.clear }).first().click();
    await cleared;
    expect(await page.evaluate((key) => localStorage.getItem(key), FLOW_TYPE_KEY)).toBeNull();
    await page.context().close();
  });
});

describe('debug console: the platform plugin (in the app)', () => {
  const apps = useAppSimulator();

  it('lists the page’s bridge calls as they settle and the analytics queue’s figures', async () => {
    const sim = await apps.launch();
    await sim.goto('/?debug=1');
    await waitForHydration(sim.page);
    await sim.page.locator(VCONSOLE_SWITCH).click();
    await sim.page.locator('#__vconsole .vc-tab', { hasText: DEBUG_TEXT.platformName }).click();
    const tab = sim.page.getByTestId('platform-plugin');
    // The boot's own calls: platform info and finishedPage, answered by the simulated app.
    await tab.locator('[data-kind="getPlatformInfo"][data-state="ok"]').waitFor();
    await tab.locator('[data-kind="finishedPage"][data-state="ok"]').waitFor();
    await tab.getByTestId('diag-analytics').locator('[data-field="queued"]').waitFor();
    expect(await tab.getByTestId('diag-uploads').textContent()).toContain(DEBUG_TEXT.noUploads);
  });
});
