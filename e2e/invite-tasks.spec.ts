import type { NativeTokens } from '@h5/bridge';
import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_CREATOR_ID } from '../apps/server/src/db/seed/creator-portrait';
import { apiLogin, e2eApi } from './support/api';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { operatorApi } from './support/operators';
import { waitForHydration } from './support/page';
import { followSuggestedCreators } from './support/starter-tasks';
import { setSessionCookies } from './support/web-login';

// Issue 18 point 3: a new user's starter tasks, done for real and read back from the server; the
// streak banner; an activity's guide; the pick report of a creator whose content was picked.

const task = (page: Page, key: 'publish' | 'follow' | 'light') => page.getByTestId(`starter-task-${key}`);
const progressOf = (page: Page, key: 'publish' | 'follow' | 'light') =>
  task(page, key).getAttribute('data-progress');

/** Contents of the recommend feed nobody in this run lit before: `n` ids. */
async function feedContentIds(baseURL: string, n: number, skip = 0): Promise<number[]> {
  const page = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 40 });
  return page.list.slice(skip, skip + n).map((card) => card.contentId);
}

/** Opens /invite/tasks and waits for the tasks and the streak banner. */
async function openTasks(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
  await page.getByTestId('starter-tasks').waitFor();
  await page.getByTestId('motivation').waitFor();
}

describe('starter tasks in a phone browser', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a visitor who opens /invite/tasks or /creator/pick-report is sent to the login', async () => {
    const page = await phone.newPage();
    for (const path of ['/invite/tasks', '/creator/pick-report']) {
      await page.goto(`${baseURL}${path}`);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('redirect')).toBe(path);
    }
    await page.context().close();
  });

  it('a new user sees every task at 0, lights five contents and follows three creators through the UI, and reloads to see both done', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await openTasks(page, `${baseURL}/invite/tasks`);
    expect(await progressOf(page, 'publish')).toBe('0/1');
    expect(await progressOf(page, 'follow')).toBe('0/3');
    expect(await progressOf(page, 'light')).toBe('0/5');
    expect(await page.getByTestId('tasks-summary').textContent()).toContain('已完成 0/3');
    expect(await page.getByTestId('motivation-streak').getAttribute('data-days')).toBe('0');
    expect(await page.getByTestId('motivation-message').textContent()).toBe(
      '欢迎来到社区！今天发布、点亮或评论一次，开启你的连续活跃记录',
    );

    // Outside the app the button opens the web publisher (issue 32 point 1); back returns here.
    await task(page, 'publish').getByTestId('starter-task-action').click();
    await page.waitForURL((url) => url.pathname === '/community/publish');
    await page.getByTestId('publish-form').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/invite/tasks');

    // 去点亮 opens the feed; five contents lit on their pages.
    await task(page, 'light').getByTestId('starter-task-action').click();
    await page.waitForURL((url) => url.pathname === '/');
    for (const contentId of await feedContentIds(baseURL, 5)) {
      await page.goto(`${baseURL}/community/content/${contentId}`);
      await waitForHydration(page);
      const saved = page.waitForResponse((r) => r.url().includes(contract.community.addContentLight.path));
      await page.getByTestId('light-button').click();
      expect((await saved).ok()).toBe(true);
      expect(await page.getByTestId('light-button').getAttribute('aria-pressed')).toBe('true');
    }

    // 去关注 scrolls to the creator list; three follows count at once.
    await openTasks(page, `${baseURL}/invite/tasks`);
    expect(await progressOf(page, 'light')).toBe('5/5');
    expect(await task(page, 'light').getAttribute('data-done')).toBe('true');
    await task(page, 'follow').getByTestId('starter-task-action').click();
    const creators = page.getByTestId('suggested-creator');
    await expect.poll(() => creators.count()).toBe(6);
    await followSuggestedCreators(page, 3);
    await expect.poll(() => progressOf(page, 'follow')).toBe('3/3');

    // The server agrees after a reload: two of three done, the streak started today.
    await expect
      .poll(async () => {
        await openTasks(page, `${baseURL}/invite/tasks`);
        return progressOf(page, 'follow');
      })
      .toBe('3/3');
    expect(await task(page, 'follow').getAttribute('data-done')).toBe('true');
    expect(await task(page, 'light').getAttribute('data-done')).toBe('true');
    expect(await task(page, 'publish').getAttribute('data-done')).toBe('false');
    expect(await page.getByTestId('tasks-summary').textContent()).toContain('已完成 2/3');
    expect(await page.getByTestId('motivation-streak').getAttribute('data-days')).toBe('1');
    expect(await page.getByTestId('motivation-message').textContent()).toBe(
      '已连续活跃 1 天，再坚持 2 天解锁「连续 3 天」成就',
    );
    // The followed creators left the suggestions.
    expect(await creators.count()).toBe(6);
    await page.context().close();
  });

  it('an activity’s guide, opened from its page, shows its steps with pictures; back returns; an unknown activity says so', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/h5-sociality/520`);
    await waitForHydration(page);
    await page.getByRole('link', { name: '活动攻略' }).click();
    await page.waitForURL(`${baseURL}/activity/guide?activityId=520`);
    await page.getByTestId('guide-title').waitFor();
    expect(await page.getByTestId('guide-title').textContent()).toBe('520 AI 心动照玩法指南');
    const steps = page.getByTestId('guide-step');
    expect(await steps.count()).toBe(4);
    expect(await steps.first().textContent()).toContain('上传照片');
    const image = page.getByTestId('guide-step-image').first();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByTestId('guide-back').click();
    await page.waitForURL(`${baseURL}/h5-sociality/520`);
    await page.locator('[data-testid="activity-page"][data-code="520"]').waitFor();

    await page.goto(`${baseURL}/activity/guide?activityId=no-such-activity`);
    await waitForHydration(page);
    expect(await page.getByTestId('placeholder-empty').textContent()).toContain(
      '活动 no-such-activity 的玩法指南不存在',
    );
    await page.context().close();
  });

  it('the pick report shows the creator’s newly picked content first, with its figures', async () => {
    const tokens = inject('demoSessions').dataCentre;
    const api = e2eApi(baseURL, tokens);
    const report = await api(contract.invite.pickReport, { limit: 40 });
    const picked = new Set(report.list.map((p) => p.contentId));
    const mine = await api(contract.community.uhomepageContents, { userId: DEMO_CREATOR_ID, limit: 40 });
    const fresh = mine.list.find((card) => !picked.has(card.contentId));
    if (!fresh) throw new Error('the demo creator has no unpicked content');
    // An activity operator picks it in the backstage (issue 30).
    const result = await (await operatorApi('activity_ops', baseURL))(contract.invite.pickContent, {
      contentId: fresh.contentId,
      reason: '编辑部推荐',
    });
    expect(result.created).toBe(true);

    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/creator/pick-report`);
    await waitForHydration(page);
    const first = page.getByTestId('pick-report-item').first();
    await first.waitFor();
    expect(await first.getAttribute('data-content-id')).toBe(String(fresh.contentId));
    expect(await first.textContent()).toContain('编辑精选');
    expect(await first.getByTestId('pick-report-figures').textContent()).toMatch(/浏览.*点亮.*评论/);
    expect(await page.getByTestId('pick-report-summary').textContent()).toContain(
      `共 ${report.total + 1} 篇内容入选精选`,
    );
    // The list ends (one page of the demo creator's picks), and an item opens its content.
    await page.getByText('— 已经到底了 —').waitFor();
    await first.click();
    await page.waitForURL((url) => url.pathname === `/community/content/${fresh.contentId}`);
    await page.context().close();
  });
});

describe('starter tasks in the app', () => {
  const app = useAppSimulator();
  const baseURL = inject('baseURL');

  it('a new user: 去发布 opens the native publisher; five lights make the light task done on reload; the streak shows', async () => {
    const sim = await app.launch();
    await sim.login();
    await openTasks(sim.page, new URL('/invite/tasks', baseURL).href);
    expect(await progressOf(sim.page, 'publish')).toBe('0/1');
    expect(await progressOf(sim.page, 'light')).toBe('0/5');

    const since = Date.now();
    await task(sim.page, 'publish').getByTestId('starter-task-action').click();
    const call = await sim.waitForCall('publishTrend', { since });
    expect(call.payload).toEqual({});

    const api = e2eApi(baseURL, sim.session as NativeTokens);
    for (const contentId of await feedContentIds(baseURL, 5, 10))
      await api(contract.community.addContentLight, { contentId });
    await sim.page.reload();
    await waitForHydration(sim.page);
    await sim.page.getByTestId('starter-tasks').waitFor();
    expect(await progressOf(sim.page, 'light')).toBe('5/5');
    expect(await task(sim.page, 'light').getAttribute('data-done')).toBe('true');
    expect(await progressOf(sim.page, 'publish')).toBe('0/1');
    await sim.page.getByTestId('motivation').waitFor();
    expect(await sim.page.getByTestId('motivation-streak').getAttribute('data-days')).toBe('1');
  });
});
