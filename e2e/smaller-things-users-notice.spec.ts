import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { makePicture, photo } from './support/ai-picture';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { FEED_CARD, waitForHydration } from './support/page';
import { loginNewUser, setSessionCookies } from './support/web-login';

// Issue 28 point 13, the smaller things users notice: the report form forgets a stale refusal;
// unfollow and 退出登录 ask first, and 退出登录 is a quiet entry; one date rule everywhere; the
// invite landing says what the invitee gets; the 520 rules open with what the user gets and the
// picture can be saved and shared; comments and users can be reported.

/** Dates in the formats the one rule replaced: 2025-05-24, 2025/5/16 (and the seconds of toLocaleString). */
const OLD_DATE = /\b20\d\d-\d\d-\d\d\b|\b20\d\d\/\d{1,2}\/\d{1,2}\b/;

describe('the smaller things users notice (phone browser)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the report form drops 选择「其他」时请填写举报描述 once another reason is chosen', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await page.goto(`${baseURL}/feedback/accuse?targetType=content&targetId=3`);
    await waitForHydration(page);
    await page.getByTestId('reason-list').getByText('其他', { exact: true }).click();
    await page.getByTestId('submit').click();
    const refusal = page.getByText('选择「其他」时请填写举报描述');
    await refusal.waitFor();
    await page.getByTestId('reason-list').getByText('广告营销', { exact: true }).click();
    await expect.poll(() => refusal.count()).toBe(0);
    await page.context().close();
  });

  it('a comment and a user can be reported: their 举报 opens the report form for them', async () => {
    const page = await phone.newPage();
    const tokens = await apiLogin(baseURL);
    await setSessionCookies(page, baseURL, tokens);
    const feed = await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 20 });
    let commented = feed.list[0];
    for (const card of feed.list) {
      const replies = await e2eApi(baseURL)(contract.community.replyList, {
        contentId: card.contentId,
        limit: 5,
      });
      if (replies.list.some((r) => r.author.userId !== card.author.userId)) {
        commented = card;
        break;
      }
    }
    await page.goto(`${baseURL}/community/content/${commented?.contentId}`);
    await waitForHydration(page);
    const report = page.getByTestId('comment-report').first();
    await report.waitFor();
    expect(await report.textContent()).toBe('举报');
    await report.click();
    await page.waitForURL('**/feedback/accuse?targetType=comment*');
    await page.getByTestId('accuse-form').waitFor();
    expect(await page.getByTestId('reason-list').textContent()).toContain('辱骂攻击');

    await page.goto(`${baseURL}/community/user?userId=${commented?.author.userId}`);
    await waitForHydration(page);
    await page.getByTestId('report-user').click();
    await page.waitForURL(`**/feedback/accuse?targetType=user&targetId=${commented?.author.userId}`);
    await page.getByTestId('accuse-form').waitFor();
    await page.context().close();
  });

  it('unfollow asks first in a dialog; 取消 keeps the follow, 不再关注 ends it', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    const author = (await e2eApi(baseURL)(contract.content.moreRecommend, { limit: 1 })).list[0]?.author;
    await page.goto(`${baseURL}/community/user?userId=${author?.userId}`);
    await waitForHydration(page);
    const button = page.getByTestId('follow-button');
    await button.click();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await button.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`不再关注「${author?.userName}」？`);
    // The safe choice has the focus; 取消 keeps the follow.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('取消');
    await dialog.getByText('取消').click();
    expect(await dialog.count()).toBe(0);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    // The follow list dates it by the one rule: 刚刚.
    await page.goto(`${baseURL}/community/following`);
    await waitForHydration(page);
    const row = page.getByTestId('following-list');
    await row.waitFor();
    expect(await row.textContent()).toContain('刚刚 关注');
    expect(await row.textContent()).not.toMatch(OLD_DATE);
    await page.goBack();
    await waitForHydration(page);
    await button.click();
    await page.getByTestId('unfollow-dialog-confirm').click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('退出登录 is a quiet entry that asks first', async () => {
    const page = await phone.newPage();
    const { me } = await loginNewUser(page, baseURL);
    await page.goto(`${baseURL}/community/user?userId=${me.userId}`);
    await waitForHydration(page);
    const logout = page.getByTestId('logout');
    const width = (await logout.boundingBox())?.width ?? 375;
    expect(width).toBeLessThan(375 / 2);
    await logout.click();
    const dialog = page.getByTestId('logout-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('alertdialog');
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    // Still logged in: nothing was sent.
    expect((await page.context().cookies(baseURL)).some((c) => c.name === 'duToken')).toBe(true);
    await page.context().close();
  });

  it('dates follow one rule: the detail, a report already sent', async () => {
    const page = await phone.newPage();
    const tokens = await apiLogin(baseURL);
    await setSessionCookies(page, baseURL, tokens);
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const id = await page.locator(FEED_CARD).first().getAttribute('data-content-id');
    await page.goto(`${baseURL}/community/content/${id}`);
    await waitForHydration(page);
    const time = page.getByTestId('content-detail').locator('time').first();
    await time.waitFor();
    expect(await time.textContent()).toMatch(
      /^(刚刚|\d+分钟前|\d+小时前|昨天|\d+天前|\d+月\d+日|\d{4}年\d+月\d+日)$/,
    );
    // A report sent just now: 你刚刚提交过举报.
    await e2eApi(baseURL, tokens)(contract.feedback.submitAccuse, {
      targetType: 'content',
      targetId: String(id),
      reasonId: 1,
      description: '',
      images: [],
      requestId: randomUUID(),
    });
    await page.goto(`${baseURL}/feedback/accuse?targetType=content&targetId=${id}`);
    await waitForHydration(page);
    const already = page.getByTestId('accuse-already');
    await already.waitFor();
    expect(await already.textContent()).toContain('你刚刚提交过举报');
    await page.context().close();
  });

  it('the invite landing says what the invitee gets: the starter tasks’ badges, from the invitation', async () => {
    const inviter = await apiLogin(baseURL);
    const start = await e2eApi(baseURL, inviter)(contract.invite.startInvite, {});
    const landing = await e2eApi(baseURL)(contract.invite.invitePage, { code: start.code });
    const page = await phone.newPage();
    await page.goto(start.landingUrl);
    await waitForHydration(page);
    expect(await page.getByTestId('landing-invitee-reward').textContent()).toBe(
      `接受邀请，完成新人任务可得 ${landing.inviteeRewards.tasks.length + 1} 枚徽章`,
    );
    const steps = (await page.getByTestId('landing-steps').textContent()) ?? '';
    for (const task of landing.inviteeRewards.tasks) {
      expect(steps).toContain(task.title);
      expect(steps).toContain(task.reward);
    }
    await page.context().close();
  });

  it('520: the rules open with what the user gets; the picture can be saved and shared', async () => {
    const page = await phone.newPage();
    await setSessionCookies(page, baseURL, await apiLogin(baseURL));
    await page.goto(`${baseURL}/h5-sociality/520`);
    await waitForHydration(page);
    const rules = await page.locator('ol li').allTextContents();
    expect(rules[0]).toContain('生成你的专属 520 心动照');
    expect(rules.at(-1)).toContain('像素');
    expect(rules.findIndex((r) => /像素|MB/.test(r))).toBe(rules.length - 1);
    await makePicture(page, await photo());
    await page.getByTestId('ai-result').waitFor({ timeout: 30_000 });
    const save = page.getByTestId('ai-save');
    expect(await save.getAttribute('download')).toMatch(/^520心动照\./);
    const download = page.waitForEvent('download');
    await save.click();
    expect((await download).suggestedFilename()).toMatch(/^520心动照\./);
    // Sharing in a browser without a share sheet: the link is copied, and the toast says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      Object.defineProperty(navigator, 'canShare', { value: undefined, configurable: true });
    });
    await page.getByTestId('ai-share').click();
    await expect.poll(() => page.getByTestId('ai-toast').textContent()).toBe('链接已复制，发给 TA 吧');
    await page.context().close();
  });
});
