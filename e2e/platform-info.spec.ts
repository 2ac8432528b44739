import type { PlatformInfo } from '@h5/bridge';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openBridgeConsole, runConsoleAction, useAppSimulator } from './support/app';
import { waitForHydration } from './support/page';

/** The first header of the page (the feed's top bar, a secondary screen's page header). */
const topBar = (page: Page) => page.locator('header').first();
const paddingTop = (page: Page) => topBar(page).evaluate((el) => getComputedStyle(el).paddingTop);

/** Resolves once the page has published the app's platform info (platform boot). */
const platformInfoArrived = (page: Page) =>
  page.waitForFunction(() => (window as { __H5_PLATFORM_INFO__?: unknown }).__H5_PLATFORM_INFO__ != null);

/** This machine has 2 cores (a low device by spec §9): the webview reports a strong phone instead. */
const STRONG_PHONE = { memoryGb: 8, cores: 8 };

describe('platform info in the app (spec §3)', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('statusBarHeight pads the top bars, and is in the HTML of the next page before any script runs', async () => {
    const sim = await app.launch({ platformInfo: { statusBarHeight: 47 }, device: STRONG_PHONE });
    await sim.goto('/community/hot-video');
    await waitForHydration(sim.page);
    await platformInfoArrived(sim.page);
    await expect.poll(() => paddingTop(sim.page)).toBe('47px');
    // The bar keeps its 48 px below the status bar.
    expect(await topBar(sim.page).evaluate((el) => el.getBoundingClientRect().height)).toBe(95);

    // The next page load: the server writes the height the page stored on <html>.
    const html = await (
      await sim.page.request.get(`${baseURL}/`, { headers: { 'user-agent': sim.userAgent } })
    ).text();
    expect(html).toMatch(/<html lang="zh-CN" style="--status-bar-height:47px"/);
    // No script at all: the feed's top bar is padded by the server's HTML and the stylesheet alone.
    await sim.page.route('**/*.js', (route) => route.abort());
    await sim.goto('/');
    expect(await paddingTop(sim.page)).toBe('47px');
    await sim.page.unroute('**/*.js');
  });

  it('outside the app the top bars are not padded for a status bar', async () => {
    const sim = await app.launch({ platformInfo: { statusBarHeight: 47 }, device: STRONG_PHONE });
    await sim.goto('/community/hot-video');
    await platformInfoArrived(sim.page);
    // The same browser, the same cookie, but a plain mobile user agent: no app, no status bar.
    const html = await (
      await sim.page.request.get(`${baseURL}/`, {
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148' },
      })
    ).text();
    expect(html).toMatch(/<html lang="zh-CN">/);
  });

  const cases: [string, Partial<PlatformInfo>, string][] = [
    ['deviceId', { uuid: 'uuid-legacy-1', deviceId: 'device-7f3a', duid: 'duid-0000' }, 'device-7f3a'],
    ['duid', { uuid: 'uuid-legacy-2', deviceId: undefined, duid: 'duid-9c41' }, 'duid-9c41'],
    ['uuid', { uuid: 'uuid-legacy-3', deviceId: undefined }, 'uuid-legacy-3'],
  ];
  it.each(cases)('API calls carry the device id: %s', async (_name, info, expected) => {
    const sim = await app.launch({ platformInfo: info });
    const sent: (string | undefined)[] = [];
    sim.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/sns-auth/v1/common/h5/login/send-code')
        sent.push(request.headers()['x-device-id']);
    });
    await openBridgeConsole(sim.page, `${baseURL}/internal/bridge`);
    await platformInfoArrived(sim.page);
    const entry = await runConsoleAction(sim.page, 'risk-send-code');
    expect(entry.ok, entry.text).toBe(true);
    expect(sent).toEqual([expected]);
  });

  it('an app whose user agent has no parsable version is native 4.92.0 (spec §9)', async () => {
    const sim = await app.launch({ userAgentVersion: 'beta' });
    expect(sim.userAgent).toMatch(/ CommunityApp\/beta$/);
    await openBridgeConsole(sim.page, `${baseURL}/internal/bridge`);
    expect(await sim.page.getByText('App 版本 4.92.0').count()).toBe(1);
    const gates = await sim.page
      .locator('tr[data-feature]')
      .evaluateAll((rows) =>
        Object.fromEntries(rows.map((r) => [r.getAttribute('data-feature'), r.getAttribute('data-native')])),
      );
    // 4.92.0 is at or above channel share (4.38.5) and below every other minimum.
    expect(gates).toEqual({
      chat: 'false',
      platformInfo: 'false',
      twoElementRealName: 'false',
      imagePreview: 'false',
      channelShare: 'true',
    });
    // Channel share goes to the app with its channel (4.4.0 would have dropped it).
    expect((await runConsoleAction(sim.page, 'share-wechat')).ok).toBe(true);
    expect(sim.calls.find((c) => c.kind === 'share')?.payload).toMatchObject({ channel: 1 });
    // Platform info (5.10.0) is derived from the user agent, never asked of the app.
    const info = await runConsoleAction(sim.page, 'platform-info');
    expect(info.ok, info.text).toBe(true);
    expect(info.text).toContain('"appVersion":"4.92.0"');
    expect(sim.calls.some((c) => c.kind === 'getPlatformInfo')).toBe(false);
  });
});
