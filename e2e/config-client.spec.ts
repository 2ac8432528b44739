// Issue 12 point 6: settings an operator changes through the internal client-conf write reach
// real screens through the one config client — the page wrapper's error-page switch and the hot
// videos' week rank tab — on the server, and in the browser when the server's read was late: by
// the {hash} call, or by the static configCenter file in the alternative data mode (downgrade).
import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, slowPrefetch, waitForHydration } from './support/page';

const setClientConf = (key: string, value: boolean) =>
  e2eApi()(contract.config.setClientConf, { key, value });

const BY_HASH = '/sns-conf/v1/common/h5/config/hash/8faf5ab46b';
const STATIC_FILE = '/static-config/pro/configCenter/community-h5/client-conf.json';

/** The config requests the page makes from the browser. */
function configRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === BY_HASH || url.pathname === STATIC_FILE) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

describe('the config client on real screens', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');
  afterAll(async () => {
    await setClientConf('hotVideoRankTab', true);
    await setClientConf('errorPageSwitch', false);
  });

  it('the hot videos’ rank tab follows the operator’s client-conf write', async () => {
    const page = await phone.newPage();
    await setClientConf('hotVideoRankTab', false);
    await page.goto(`${baseURL}/community/hot-video?tab=rank`);
    await waitForHydration(page);
    await page.locator(FEED_CARD).first().waitFor();
    expect(await page.getByTestId('rank-tab').count()).toBe(0);
    expect(await page.getByTestId('rank-list').count()).toBe(0);

    await setClientConf('hotVideoRankTab', true);
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('rank-tab').waitFor();
    expect(await page.getByTestId('rank-tab').getAttribute('aria-current')).toBe('page');
    await page.getByTestId('rank-list').waitFor();
    await page.context().close();
  });

  it('a late server read: the browser reads client-conf by its {hash} and applies it', async () => {
    await setClientConf('hotVideoRankTab', false);
    const page = await phone.newPage();
    const requests = configRequests(page);
    await slowPrefetch(page, 8000);
    const html = await (await page.goto(`${baseURL}/community/hot-video`))?.text();
    // The server gave up at 3000 ms and rendered the defaults: the tab is in the HTML...
    expect(html).toContain('data-testid="rank-tab"');
    // ...until the browser's own read through the config client takes it away.
    await expect.poll(() => page.getByTestId('rank-tab').count(), { timeout: 15_000 }).toBe(0);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/^\/sns-conf\/v1\/common\/h5\/config\/hash\/8faf5ab46b\?/);
    const query = new URLSearchParams(requests[0]?.split('?')[1]);
    expect([query.get('projectName'), query.get('key'), query.get('type')]).toEqual([
      'community-h5',
      'client-conf',
      'config',
    ]);
    await page.context().close();
  });

  it('in the alternative data mode (downgrade_to_export) the browser reads the static configCenter file', async () => {
    await setClientConf('hotVideoRankTab', false);
    const page = await phone.newPage();
    const requests = configRequests(page);
    await slowPrefetch(page, 8000);
    await page.goto(`${baseURL}/community/hot-video?downgrade_to_export=1`);
    await expect.poll(() => page.getByTestId('rank-tab').count(), { timeout: 15_000 }).toBe(0);
    expect(requests.map((r) => r.split('?')[0])).toEqual([STATIC_FILE]);
    await page.context().close();
  });

  it('the error-page switch comes through the config client, on the server and late in the browser', async () => {
    await setClientConf('errorPageSwitch', true);
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await page.getByTestId('error-page').waitFor();

    const late = await phone.newPage();
    await slowPrefetch(late, 8000);
    const html = await (await late.goto(`${baseURL}/`))?.text();
    expect(html).not.toContain('data-testid="error-page"');
    await late.getByTestId('error-page').waitFor({ timeout: 15_000 });
    expect(await late.locator(FEED_CARD).count()).toBe(0);
    await page.context().close();
    await late.context().close();
  });
});
