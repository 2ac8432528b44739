import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFTED_LIMITS } from '../scripts/lifted-limits.mjs';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { E2E_SIGN_SECRET } from './support/constants';
import { backstageLogin } from './support/operators';
import { waitForHydration } from './support/page';
import { setSessionCookies } from './support/web-login';

// Issue 32 point 1: the backstage's 内容审核. A moderator reads a pending post (title, excerpt,
// topic, author), approves one and rejects another (a rejection needs a reason), finds the
// rejected one under 已驳回 with its reason; the author's home shows 未通过：reason under it and
// nothing under the approved one. Another role is refused the page. Review is by hand here.

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(
    { SIGN_SECRET: E2E_SIGN_SECRET, ...LIFTED_LIMITS, CONTENT_REVIEW: 'manual' },
    {
      operators: [
        { name: 'review-moderator', role: 'moderator' },
        { name: 'review-live-ops', role: 'live_ops' },
      ],
    },
  );
});
afterAll(async () => {
  await server?.stop();
});

const desk = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

describe('the backstage 内容审核 page', () => {
  const browser = usePhoneBrowser();

  it('approves one post, rejects another with its reason, and the author reads 未通过：reason', async () => {
    const tokens = await apiLogin(server.baseURL);
    const api = e2eApi(server.baseURL, tokens);
    const me = await api(contract.auth.me, {});
    const stamp = String(Date.now()).slice(-6);
    const post = (title: string) =>
      api(contract.content.publish, {
        requestId: randomUUID(),
        contentType: 2,
        title,
        body: `通勤路上拍的，说说这双鞋的脚感 ${stamp}`,
        category: 10,
        topic: '通勤穿搭',
      });
    const kept = `审核通过的帖子 ${stamp}`;
    const refused = `审核驳回的帖子 ${stamp}`;
    expect((await post(kept)).reviewState).toBe('pending');
    expect((await post(refused)).reviewState).toBe('pending');

    const page = await browser.newPage(desk);
    await backstageLogin(
      page,
      server.baseURL,
      server.operators[0] as never,
      '/backstage/moderation/contents',
    );
    expect(await page.getByRole('link', { name: '内容审核' }).count()).toBeGreaterThan(0);
    const table = page.getByTestId('content-reviews-table');
    const rowOf = (title: string) => table.locator('tr').filter({ hasText: title });
    await rowOf(kept).waitFor();
    const text = (await rowOf(refused).textContent()) ?? '';
    for (const part of [
      '#通勤穿搭',
      `通勤路上拍的，说说这双鞋的脚感 ${stamp}`,
      `${me.userName}（${me.userId}）`,
    ])
      expect(text).toContain(part);

    await rowOf(kept).getByRole('button', { name: '通过' }).click();
    await expect.poll(() => rowOf(kept).count()).toBe(0);

    // 驳回 without a reason is refused on the row; with one, the post leaves the pending list.
    await rowOf(refused).getByRole('button', { name: '驳回' }).click();
    await rowOf(refused).getByText('驳回需要填写理由').waitFor();
    await rowOf(refused).getByRole('textbox', { name: '驳回理由' }).fill('标题与图片无关');
    await rowOf(refused).getByRole('button', { name: '驳回' }).click();
    await expect.poll(() => rowOf(refused).count()).toBe(0);

    await page.getByLabel('状态').selectOption('rejected');
    const decided = (await rowOf(refused).textContent({ timeout: 10_000 })) ?? '';
    expect(decided).toContain('已驳回');
    expect(decided).toContain('标题与图片无关');
    expect(await table.locator('caption').textContent()).toBe('已驳回的内容');
    await page.context().close();

    const phone = await browser.newPage();
    await setSessionCookies(phone, server.baseURL, tokens);
    await phone.goto(`${server.baseURL}/community/user?userId=${me.userId}`);
    await waitForHydration(phone);
    const card = (title: string) => phone.getByTestId('feed-card').filter({ hasText: title });
    await card(refused).waitFor();
    expect(await card(refused).getByTestId('review-state').textContent()).toBe('未通过：标题与图片无关');
    await card(kept).waitFor();
    expect(await card(kept).getByTestId('review-state').count()).toBe(0);
    await phone.context().close();
  });

  it('is for moderators: a live-ops operator reads that the page is not for their role', async () => {
    const page = await browser.newPage(desk);
    await backstageLogin(
      page,
      server.baseURL,
      server.operators[1] as never,
      '/backstage/moderation/contents',
    );
    expect(await page.getByTestId('backstage-forbidden').textContent()).toBe('当前角色无权访问此页面');
    await page.context().close();
  });
});
