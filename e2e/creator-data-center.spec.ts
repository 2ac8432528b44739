import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { loginThroughSheet } from './support/native-login';
import { pageViewSent, pullToRefresh, waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 15 points 1 and 5: the creator data centre, as the seeded demo creator (user 1).

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const shot = (page: Page, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false }) : Promise.resolve();

const figureOf = async (page: Page, name: string) =>
  Number((await page.getByTestId(`figure-${name}-value`).textContent())?.replace(/\D/g, ''));

describe('creator data centre in a phone browser', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a visitor who opens /creator/data-center is sent to the login', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/creator/data-center?period=30`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/creator/data-center?period=30');
  });

  it('the seeded creator opens it from 创作中心, switches periods, opens a chart, sees the fans portrait, and a view by another user raises the count', async () => {
    const tokens = inject('demoSessions').dataCentre;
    const api = e2eApi(baseURL, tokens);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/community/user?userId=1`);
    await waitForHydration(page);
    await shot(page, 'user-home');
    await page.getByTestId('creator-centre').click();
    await page.waitForURL('**/creator/data-center');
    await page.getByTestId('summary').waitFor();
    const week = await api(contract.creator.dataCenterSummery, { period: 7 });
    expect(await figureOf(page, 'views')).toBe(week.views.value);
    await shot(page, 'data-centre');

    await page.getByTestId('period-90').click();
    await page.waitForURL('**/creator/data-center?period=90');
    const quarter = await api(contract.creator.dataCenterSummery, { period: 90 });
    await expect.poll(() => figureOf(page, 'views')).toBe(quarter.views.value);
    expect(quarter.views.value).toBeGreaterThan(week.views.value);
    const firstRow = page.getByTestId('content-figure-row').first();
    const contentId = Number(await firstRow.getAttribute('data-content-id'));
    const top = await api(contract.creator.dataCenterContentList, { period: 90, sort: 'views', limit: 1 });
    expect(contentId).toBe(top.list[0]?.contentId);

    // The fans portrait: charts drawn, and the same figures in tables for screen readers.
    await page.getByTestId('fans-portrait').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="chart-gender"] [data-drawn="true"] canvas').waitFor();
    const portrait = await api(contract.creator.dataCenterFansPortrait, {});
    expect(await page.getByTestId('fans-total').textContent()).toBe(`共 ${portrait.total} 位粉丝`);
    const genderTable = page.getByRole('table', { name: '性别（图表，下表为同样的数据）' });
    const female = portrait.gender.find((s) => s.key === 'female')?.count;
    expect(await genderTable.getByRole('row', { name: /^女/ }).textContent()).toBe(`女${female}`);
    await shot(page, 'fans-portrait');

    await firstRow.click();
    await page.waitForURL(`**/creator/data-center/content/${contentId}?period=90`);
    await page.locator('[data-testid="chart-daily"] [data-drawn="true"] canvas').waitFor();
    // 90 days, a row each in the table behind the chart (plus its header).
    expect(await page.getByRole('table').getByRole('row').count()).toBe(91);
    await shot(page, 'content-chart');
    await page.getByTestId('period-7').click();
    await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBe(8);
    await page.goBack();
    await page.waitForURL('**/creator/data-center?period=90');

    // Another user reads the content: the detail's page view (page id 637) reaches the collector.
    const reader = await phone.newPage();
    await setSessionCookies(reader, baseURL, await apiLogin(baseURL));
    const sent = pageViewSent(reader);
    await reader.goto(`${baseURL}/community/content/${contentId}`);
    await sent;
    await expect
      .poll(async () => (await api(contract.creator.dataCenterSummery, { period: 90 })).views.value, {
        timeout: 15_000,
      })
      .toBe(quarter.views.value + 1);
    await page.reload();
    await page.getByTestId('summary').waitFor();
    expect(await figureOf(page, 'views')).toBe(quarter.views.value + 1);

    // The reader shares it (a browser: the link is copied): the share reaches the collector too.
    await reader.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await reader.getByTestId('share-button').click();
    await expect
      .poll(async () => (await api(contract.creator.dataCenterSummery, { period: 90 })).shares.value, {
        timeout: 15_000,
      })
      .toBe(quarter.shares.value + 1);
  });

  it('创作中心 is only on my own home, and only once I have a content', async () => {
    const tokens = await apiLogin(baseURL);
    const userId = Number(tokens.duToken.split('|')[1]);
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/community/user?userId=${userId}`);
    await waitForHydration(page);
    await page.getByTestId('user-profile').waitFor();
    expect(await page.getByTestId('creator-centre').count()).toBe(0);
    // Someone else's home (the demo creator's) has no entry for me either.
    await page.goto(`${baseURL}/community/user?userId=1`);
    await page.getByTestId('follow-button').waitFor();
    expect(await page.getByTestId('creator-centre').count()).toBe(0);
  });

  it('a failed overview shows its placeholder in place, without a toast, and the rest of the page works', async () => {
    const tokens = inject('demoSessions').dataCentre;
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/creator/data-center`);
    await waitForHydration(page);
    await page.route('**/data-center/summery**', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.route('**/data-center/fans-portrait**', (route) => route.abort());
    await page.getByTestId('period-30').click();
    await page.getByTestId('summary-failed').getByTestId('placeholder-network-error').waitFor();
    await page.getByTestId('content-figure-row').first().waitFor();
    expect(await page.getByTestId('page-toast').textContent()).toBe('');
    await page.unroute('**/data-center/summery**');
    await page.getByTestId('summary-failed').getByRole('button').click();
    await page.getByTestId('summary').waitFor();

    // A pull to refresh while the fans portrait fails: its placeholder in its card, no toast.
    await page.evaluate(() => window.scrollTo(0, 0));
    await pullToRefresh(page);
    const portrait = page.getByTestId('fans-portrait');
    await portrait.getByTestId('placeholder-network-error').waitFor();
    await page.getByTestId('summary').waitFor();
    expect(await page.getByTestId('page-toast').textContent()).toBe('');
    await page.unroute('**/data-center/fans-portrait**');
    await portrait.getByRole('button').click();
    await page.getByTestId('fans-total').waitFor();
  });
});

describe('creator data centre in the app', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('the seeded creator, in the app: 创作中心, periods, the fans portrait, a content’s chart; another app user’s view shows after a pull to refresh', async () => {
    const tokens = inject('demoSessions').dataCentre;
    const api = e2eApi(baseURL, tokens);
    const sim = await app.launch();
    await sim.login(tokens);
    await sim.goto('/community/user?userId=1');
    await waitForHydration(sim.page);
    await sim.page.getByTestId('creator-centre').click();
    await sim.page.waitForURL('**/creator/data-center');
    await sim.page.getByTestId('summary').waitFor();
    await sim.page.getByTestId('period-90').click();
    await sim.page.waitForURL('**/creator/data-center?period=90');
    const quarter = await api(contract.creator.dataCenterSummery, { period: 90 });
    await expect.poll(() => figureOf(sim.page, 'views')).toBe(quarter.views.value);
    await sim.page.getByTestId('fans-portrait').scrollIntoViewIfNeeded();
    await sim.page.locator('[data-testid="chart-gender"] [data-drawn="true"] canvas').waitFor();
    const firstRow = sim.page.getByTestId('content-figure-row').first();
    const contentId = Number(await firstRow.getAttribute('data-content-id'));
    await firstRow.click();
    await sim.page.waitForURL(`**/creator/data-center/content/${contentId}?period=90`);
    await sim.page.locator('[data-testid="chart-daily"] [data-drawn="true"] canvas').waitFor();
    await sim.page.goBack();
    await sim.page.waitForURL('**/creator/data-center?period=90');
    await sim.page.getByTestId('summary').waitFor();

    // Another app user reads the content: its page view reaches the collector.
    const reader = await app.launch();
    await reader.login();
    const sent = pageViewSent(reader.page);
    await reader.goto(`/community/content/${contentId}`);
    await sent;
    await expect
      .poll(async () => (await api(contract.creator.dataCenterSummery, { period: 90 })).views.value, {
        timeout: 15_000,
      })
      .toBeGreaterThan(quarter.views.value);
    await sim.page.evaluate(() => window.scrollTo(0, 0));
    await pullToRefresh(sim.page);
    await expect
      .poll(() => figureOf(sim.page, 'views'), { timeout: 10_000 })
      .toBeGreaterThan(quarter.views.value);
  });

  it('a visitor gets the native login, then the data centre', async () => {
    const sim = await app.launch();
    await sim.goto('/creator/data-center');
    await sim.sheet('login').waitFor();
    await loginThroughSheet(sim);
    // The bridge stores the cookies and reloads; the login page sends the user on to the target.
    await sim.page.getByTestId('summary').waitFor({ timeout: 15_000 });
    expect(new URL(sim.page.url()).pathname).toBe('/creator/data-center');
    await sim.page.getByTestId('period-30').click();
    await sim.page.getByTestId('summary').waitFor();
    expect(await sim.page.getByTestId('summary').textContent()).toContain('浏览');
  });
});
