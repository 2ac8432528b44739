import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { loginNewUser, setSessionCookies } from './support/web-login';

// Issue 28 point 5: empty and missing states lead somewhere useful. An invitation nobody has taken
// yet offers 去分享 (not 回到首页); one's own empty home offers a first post; a deleted or
// missing post says 内容不存在或已被删除 (not 暂无内容).

describe('empty and missing states lead on (phone browser)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('an invitation with no invitee yet offers 去分享, which shares the invitation', async () => {
    const page = await phone.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const tokens = await apiLogin(baseURL);
    await setSessionCookies(page, baseURL, tokens);
    const landingUrl = (await e2eApi(baseURL, tokens)(contract.invite.startInvite, {})).landingUrl;
    await page.goto(`${baseURL}/invite`);
    await waitForHydration(page);
    const empty = page.getByTestId('placeholder-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('还没有好友接受邀请');
    expect(await empty.textContent()).not.toContain('回到首页');
    await page.getByTestId('invite-empty-share').click();
    await expect
      .poll(() => page.getByTestId('share-panel-status').textContent())
      .toBe('链接已复制，快发给好友吧');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(landingUrl);
    await page.context().close();
  });

  it('my own empty home prompts a first post; another user’s empty home says TA has none', async () => {
    const page = await phone.newPage();
    const { me } = await loginNewUser(page, baseURL);
    await page.goto(`${baseURL}/community/user?userId=${me.userId}`);
    await waitForHydration(page);
    const empty = page.getByTestId('placeholder-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('还没有发布内容，来分享你的第一篇吧');
    expect(await empty.textContent()).not.toContain('暂无内容');
    const first = page.getByTestId('first-post');
    expect(await first.textContent()).toBe('发布第一篇内容');
    // In a browser the tap opens the web publisher (issue 32 point 1).
    await first.click();
    await page.waitForURL((url) => url.pathname === '/community/publish');
    await page.getByTestId('publish-form').waitFor();

    // Someone else with nothing yet: no first-post prompt for them.
    const other = await apiLogin(baseURL);
    const them = await e2eApi(baseURL, other)(contract.auth.me, {});
    await page.goto(`${baseURL}/community/user?userId=${them.userId}`);
    await waitForHydration(page);
    await page.getByTestId('placeholder-empty').waitFor();
    expect(await page.getByTestId('placeholder-empty').textContent()).toContain('TA 还没有发布内容');
    expect(await page.getByTestId('first-post').count()).toBe(0);
    await page.context().close();
  });

  it('a missing post says 内容不存在或已被删除, on the server page and on a browser load', async () => {
    const page = await phone.newPage();
    const response = await page.goto(`${baseURL}/community/content/1999999999`);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    const empty = page.getByTestId('placeholder-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('内容不存在或已被删除');
    expect(await empty.textContent()).not.toContain('暂无内容');
    // Under the page's own title (内容详情), not 页面不存在 above a deleted post.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('内容详情');
    // Opened from inside the app (a client navigation): the same words.
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.evaluate(() => {
      window.history.pushState(null, '', '/community/content/1999999998');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect
      .poll(() => page.getByTestId('placeholder-empty').textContent(), { timeout: 10_000 })
      .toContain('内容不存在或已被删除');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('内容详情');
    await page.context().close();
  });
});
