import { contract } from '@h5/contract';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { useAppSimulator } from './support/app';
import { backstageLogin } from './support/operators';
import { waitForHydration } from './support/page';

describe('creator tools inside the app', () => {
  const app = useAppSimulator();

  it('a new app user sees 新手创作者 with nothing to receive, applies for a video account through the app gateway, is approved on the review page and sees the public card', async () => {
    const sim = await app.launch();
    const tokens = await sim.login();
    const userId = Number(tokens.duToken.split('|')[1]);
    await sim.goto('/creator/upgrade');
    await waitForHydration(sim.page);
    expect(await sim.page.getByTestId('upgrade-level').textContent()).toContain('新手创作者');
    expect(await sim.page.getByTestId('award-receive').count()).toBe(0);
    expect(await sim.page.getByTestId('figure-publications').textContent()).toContain('0 / 5');

    const tokenCalls: string[] = [];
    sim.page.on('request', (request) => {
      if (request.url().includes('/oss-platform/token/')) tokenCalls.push(new URL(request.url()).pathname);
    });
    await sim.goto('/creator/video-account');
    await waitForHydration(sim.page);
    await sim.page.locator('input[name=name]').fill('app 视频号');
    await sim.page.locator('input[name=accountId]').fill('app_account');
    await sim.page.locator('input[name=profileUrl]').fill('http://not-https.example.com');
    await sim.page.getByTestId('video-account-save').click();
    await sim.page.getByTestId('error-profileUrl').waitFor();
    expect(await sim.page.getByTestId('error-profileUrl').textContent()).toBe(
      '主页链接须为 https:// 开头的网址',
    );
    await sim.page.locator('input[name=profileUrl]').fill('https://channels.example.com/app_account');
    await sim.page.getByTestId('video-account-save').click();
    await expect
      .poll(() => sim.page.getByTestId('video-account-note').textContent(), { timeout: 10_000 })
      .toBe('资料已保存');
    const png = await sharp({ create: { width: 180, height: 320, channels: 3, background: '#27a' } })
      .png()
      .toBuffer();
    await sim.page
      .getByTestId('evidence-input')
      .setInputFiles({ name: 'app.png', mimeType: 'image/png', buffer: png });
    await expect
      .poll(() => sim.page.getByTestId('evidence-tile').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('done');
    expect(tokenCalls).toEqual([contract.upload.tokenApp.path]);
    await sim.page.getByTestId('video-account-apply').click();
    await expect
      .poll(() => sim.page.getByTestId('video-account-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('pending');

    // A moderator on the backstage (another person's screen) approves it.
    const reviewer = await app.launch();
    await backstageLogin(reviewer.page, inject('baseURL'), 'moderator', '/backstage/video-account-review');
    const application = reviewer.page.locator('tr', { hasText: `（${userId}）` });
    await application.waitFor();
    await application.getByTestId('review-approve').click();
    await expect.poll(() => application.count(), { timeout: 10_000 }).toBe(0);

    // Back in the app: approved, and the public card.
    await sim.page.reload();
    await waitForHydration(sim.page);
    expect(await sim.page.getByTestId('video-account-state').getAttribute('data-state')).toBe('approved');
    await sim.page.getByTestId('video-account-card-link').click();
    await sim.page.getByTestId('video-account-card').waitFor();
    expect(await sim.page.getByTestId('video-account-card').textContent()).toContain('app 视频号');
  });
});
