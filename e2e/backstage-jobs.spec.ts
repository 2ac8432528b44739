import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser';
import { backstageLogin } from './support/operators';

// Issue 31 point 4: an admin sees the server's scheduled jobs by what they do, runs one now, and
// reads its run (trigger 手动, state 成功) on the same page; a moderator is refused the page.

describe('the backstage 定时任务 page', () => {
  const browser = usePhoneBrowser();
  const baseURL = inject('baseURL');
  const desk = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

  it('lists the jobs, runs one now, and shows its run', async () => {
    const page = await browser.newPage(desk);
    await backstageLogin(page, baseURL, 'admin', '/backstage/jobs');
    const jobs = page.getByTestId('jobs-table');
    await jobs.waitFor();
    const text = await jobs.textContent();
    for (const label of [
      '抽奖开奖（lottery-draw）',
      '关闭长时间无事件的直播（live-silence）',
      '每周精选规则（pick-rule）',
    ])
      expect(text).toContain(label);
    await page.getByRole('button', { name: '立即运行 补开到期抽奖（lottery-sweep）' }).click();
    await page.getByText('已加入队列：补开到期抽奖（lottery-sweep）').waitFor();
    const runs = page.getByTestId('job-runs-table');
    const row = runs.locator('tr', { hasText: '补开到期抽奖（lottery-sweep）' }).first();
    // The run happens on the queue a moment later: the page shows it once read again.
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.textContent({ timeout: 2_000 }).catch(() => '');
        },
        { timeout: 20_000, interval: 500 },
      )
      .toMatch(/手动.*成功/);
    await page.context().close();
  });

  it('is for admins: a moderator reads that the page is not for their role', async () => {
    const page = await browser.newPage(desk);
    await backstageLogin(page, baseURL, 'moderator', '/backstage/jobs');
    expect(await page.getByTestId('backstage-forbidden').textContent()).toBe('当前角色无权访问此页面');
    await page.context().close();
  });
});
