import { contract } from '@h5/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { SEED_DEMO_CREATOR } from '../apps/server/src/db/seed/upgrade-seed';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { backstageLogin } from './support/operators';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

const RECEIVABLE_AWARD = 3; // the seed's 成长创作者奖励 (level 1): the demo creator is at 优质创作者 (level 2)

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe('creator upgrade programme and video account (issue 15 points 2–4)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('receives an award once with a double tap and a second tab; applies for a video account, gets it approved, sees the card', async () => {
    const tokens = inject('demoSessions').upgrade;
    const tabA = await phone.newPage();
    const tabB = await phone.newPage();
    await setSessionCookies(tabA, baseURL, tokens);
    await setSessionCookies(tabB, baseURL, tokens);
    await open(tabA, `${baseURL}/creator/upgrade`);
    await open(tabB, `${baseURL}/creator/upgrade`);

    expect(await tabA.getByTestId('upgrade-level').textContent()).toContain('优质创作者');
    const awardA = tabA.locator(`[data-award-id="${RECEIVABLE_AWARD}"]`);
    const awardB = tabB.locator(`[data-award-id="${RECEIVABLE_AWARD}"]`);
    expect(await awardA.getAttribute('data-state')).toBe('receivable');
    expect(await awardB.getAttribute('data-state')).toBe('receivable');
    // The staffing card: creator 10 has not signed, so the signing link is there.
    // Outside production the sign page is our own stand-in, and it opens.
    // (The link carries the creator and a signed state: e2e/staffing-signing.spec.ts signs through it.)
    expect(await tabA.getByTestId('staffing-sign').getAttribute('href')).toMatch(
      /^\/internal\/stand-in\/flexible-staffing-sign\?userId=\d+&state=/,
    );
    const signPage = await tabA.context().newPage();
    await signPage.goto(`${baseURL}/internal/stand-in/flexible-staffing-sign`);
    expect(await signPage.getByTestId('stand-in').textContent()).toContain('灵活用工签约');
    await signPage.close();

    // A double tap in tab A: one request, the award shows received at once.
    const receives: string[] = [];
    tabA.on('request', (r) => {
      if (r.url().includes(contract.creator.awardReceive.path)) receives.push(r.url());
    });
    await awardA.getByTestId('award-receive').dblclick();
    await expect.poll(() => awardA.getAttribute('data-state'), { timeout: 10_000 }).toBe('received');
    expect(receives).toHaveLength(1);
    await tabA.getByTestId('tab-awards').click();
    await expect.poll(() => tabA.getByTestId('award-record').count(), { timeout: 10_000 }).toBe(1);
    expect(await tabA.getByTestId('award-record').textContent()).toContain('成长创作者奖励');

    // Tab B still shows it receivable: its tap is refused in Chinese and the view catches up.
    await awardB.getByTestId('award-receive').click();
    await expect
      .poll(() => tabB.getByTestId('upgrade-toast').textContent(), { timeout: 10_000 })
      .toBe('该奖励已领取，请勿重复领取');
    await expect.poll(() => awardB.getAttribute('data-state'), { timeout: 10_000 }).toBe('received');

    const record = await e2eApi(baseURL, tokens)(contract.creator.awardRecord, {});
    expect(record.list.filter((r) => r.awardId === RECEIVABLE_AWARD)).toHaveLength(1);

    // Video account: a field error in Chinese, then details, a screenshot through the upload SDK, apply.
    await open(tabA, `${baseURL}/creator/video-account`);
    expect(await tabA.getByTestId('video-account-state').getAttribute('data-state')).toBe('none');
    await tabA.locator('input[name=accountId]').fill('no spaces');
    await tabA.getByTestId('video-account-save').click();
    await tabA.getByTestId('error-name').waitFor();
    expect(await tabA.getByTestId('error-name').textContent()).toBe('请填写视频号名称');
    await tabA.locator('input[name=name]').fill('跑鞋实验室');
    await tabA.locator('input[name=accountId]').fill('run_lab-01');
    await tabA.locator('input[name=profileUrl]').fill('https://channels.example.com/run_lab-01');
    await tabA.getByTestId('video-account-save').click();
    await expect
      .poll(() => tabA.getByTestId('video-account-note').textContent(), { timeout: 10_000 })
      .toBe('资料已保存');

    const png = await sharp({ create: { width: 200, height: 320, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await tabA
      .getByTestId('evidence-input')
      .setInputFiles([{ name: 'screenshot.png', mimeType: 'image/png', buffer: png }]);
    await expect
      .poll(() => tabA.getByTestId('evidence-tile').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('done');
    await tabA.getByTestId('video-account-apply').click();
    await expect
      .poll(() => tabA.getByTestId('video-account-state').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('pending');

    // A moderator approves it on the backstage's review page.
    const reviewer = await phone.newPage();
    await backstageLogin(reviewer, baseURL, 'moderator', '/backstage/video-account-review');
    const application = reviewer.locator('tr', { hasText: `（${SEED_DEMO_CREATOR.userId}）` });
    await application.waitFor();
    await application.getByTestId('review-approve').click();
    await expect.poll(() => application.count(), { timeout: 10_000 }).toBe(0);

    // The creator sees it approved, and the public card.
    await open(tabA, `${baseURL}/creator/video-account`);
    expect(await tabA.getByTestId('video-account-state').getAttribute('data-state')).toBe('approved');
    await tabA.getByTestId('video-account-card-link').click();
    await tabA.getByTestId('video-account-card').waitFor();
    expect(await tabA.getByTestId('video-account-card').textContent()).toContain('跑鞋实验室');
  });
});
