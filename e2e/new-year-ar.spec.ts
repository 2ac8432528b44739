import { describe, expect, inject, it } from 'vitest';
import { useAppSimulator } from './support/app';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

type Page = import('playwright-core').Page;

/** Commits the task `taskId` with the first content offered and waits for its done mark. */
async function commitTask(page: Page, taskId: number) {
  const task = page.locator(`[data-testid="hacking-task"][data-task-id="${taskId}"]`);
  await task.getByTestId('hacking-task-content').waitFor();
  await task.getByTestId('hacking-task-commit').click();
  await task
    .locator('[data-testid="hacking-task-done"], [data-testid="hacking-task-error"]')
    .first()
    .waitFor();
  expect(await task.getByTestId('hacking-task-error').count(), (await task.textContent()) ?? '').toBe(0);
  expect(await task.getByTestId('hacking-task-done').textContent()).toBe('已提交');
}

describe('new-year AR activity in a phone browser', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('shows the AR products and, after login, commits a task once', async () => {
    const visitor = await phone.newPage();
    await visitor.goto(`${baseURL}/activity/new-year-ar`);
    await waitForHydration(visitor);
    expect(await visitor.getByTestId('ar-products').getByTestId('product-card').count()).toBe(12);
    expect(await visitor.getByTestId('hacking-task').count()).toBe(3);
    expect(await visitor.getByTestId('hacking-task-commit').count()).toBe(0);
    expect(await visitor.getByTestId('activity-login').getAttribute('href')).toBe(
      '/login?redirect=%2Factivity%2Fnew-year-ar',
    );

    const tokens = inject('demoSessions').upgrade;
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/activity/new-year-ar`);
    await waitForHydration(page);
    await commitTask(page, 1);
    await page.reload();
    await waitForHydration(page);
    const first = page.locator('[data-testid="hacking-task"][data-task-id="1"]');
    expect(await first.getByTestId('hacking-task-done').count()).toBe(1);
    expect(await first.getByTestId('hacking-task-commit').count()).toBe(0);
  });
});

describe('new-year AR activity in the app', () => {
  const app = useAppSimulator();

  it('commits a task from the app', async () => {
    const sim = await app.launch();
    await sim.login(inject('demoSessions').upgrade);
    await sim.goto('/activity/new-year-ar');
    await waitForHydration(sim.page);
    await commitTask(sim.page, 2);
  });
});
