import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { SHELL_TEXT } from '../apps/web/app/lib/ui-text/shell';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';
import { loginOnWebPage } from './support/web-login';

describe('web login (phone + one-time code)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('logs in with the code from the development outbox and sets the session cookies', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.getByTestId('login-entry').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await waitForHydration(page);
    await page.locator('input[name=phone]').fill('13800138123');
    await page.getByTestId('send-code').click();
    const code = page.getByTestId('dev-outbox-code');
    await expect
      .poll(async () => (await code.textContent())?.match(/\d{6}/)?.[0], { timeout: 10_000 })
      .toBeTruthy();
    const sixDigits = (await code.textContent())?.match(/\d{6}/)?.[0] ?? '';
    await page.locator('input[name=code]').fill(sixDigits);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('viewer').waitFor();
    const cookies = await page.context().cookies(baseURL);
    const duToken = cookies.find((c) => c.name === 'duToken')?.value ?? '';
    expect(decodeURIComponent(duToken).split('|')).toHaveLength(3);
    expect(cookies.some((c) => c.name === 'x-auth-token')).toBe(true);
    await page.context().close();
  });

  it('a wrong code shows the server’s message and keeps the user on the form', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    await page.locator('input[name=phone]').fill('13800138124');
    await page.getByTestId('send-code').click();
    await page.locator('input[name=code]').fill('000000');
    await page.getByTestId('login-submit').click();
    const error = page.getByTestId('login-error');
    await expect.poll(async () => (await error.textContent())?.trim().length ?? 0).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('counts down the tries of a code, then says it is dead and clears it (issue 11 point 8)', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    await page.locator('input[name=phone]').fill('13800138125');
    await page.getByTestId('send-code').click();
    const code = page.getByTestId('dev-outbox-code');
    await expect
      .poll(async () => (await code.textContent())?.match(/\d{6}/)?.[0], { timeout: 10_000 })
      .toBeTruthy();
    const right = (await code.textContent())?.match(/\d{6}/)?.[0] ?? '';
    const wrong = right === '000000' ? '111111' : '000000';
    const error = page.getByTestId('login-error');
    const input = page.locator('input[name=code]');
    for (const left of [4, 3, 2, 1]) {
      await input.fill(wrong);
      await page.getByTestId('login-submit').click();
      await expect
        .poll(async () => (await error.textContent())?.trim())
        .toBe(`验证码错误，还可尝试 ${left} 次`);
    }
    await input.fill(wrong);
    await page.getByTestId('login-submit').click();
    await expect
      .poll(async () => (await error.textContent())?.trim())
      .toBe('验证码错误次数过多，已失效，请重新获取验证码');
    expect(await input.inputValue()).toBe('');
    // The right code is too late now.
    await input.fill(right);
    const answered = page.waitForResponse((r) => r.url().includes(contract.auth.login.path));
    await page.getByTestId('login-submit').click();
    expect((await (await answered).json()).code).toBe(4023);
    await expect
      .poll(async () => (await error.textContent())?.trim())
      .toBe('验证码错误次数过多，已失效，请重新获取验证码');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});

describe('back navigation', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the back button goes back to the page the user came from, or to the redirect target in a fresh tab', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    await page.getByTestId('login-entry').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: SHELL_TEXT.back }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`${baseURL}/login?redirect=${encodeURIComponent('/community/feed')}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: SHELL_TEXT.back }).click();
    await page.waitForURL((url) => url.pathname === '/community/feed');
    await page.context().close();
  });

  it('a feed card opens its content page, and the back button comes back to the feed', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    const card = page.locator('[data-testid="feed-card"]').first();
    const id = await card.getAttribute('data-content-id');
    await card.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === `/community/content/${id}`);
    await page.getByRole('button', { name: SHELL_TEXT.back }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('[data-testid="feed-card"]').first().waitFor();
    await page.context().close();
  });
});

describe('account basics (issue 14 point 6)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('the web login links the user agreement and the privacy policy, each a page with a way back', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    const consent = page.getByTestId('login-consent');
    expect(await consent.textContent()).toBe('登录即表示你已阅读并同意《用户协议》和《隐私政策》');
    for (const [name, title] of [
      ['《用户协议》', '用户协议'],
      ['《隐私政策》', '隐私政策'],
    ] as const) {
      await consent.getByRole('link', { name }).click();
      await page.getByTestId('legal').waitFor();
      expect(await page.locator('h1').first().textContent()).toBe(title);
      expect(await page.locator('main section').count()).toBeGreaterThanOrEqual(3);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/login');
    }
    expect((await page.goto(`${baseURL}/agreement/other`))?.status()).toBe(404);
    await page.context().close();
  });

  it('logs out on the web from the own home: the server ends the session and the feed shows the login entry', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/login`);
    await loginOnWebPage(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('viewer').click();
    await page.waitForURL('**/community/user?userId=*');
    const before = await page.context().cookies(baseURL);
    const logout = page.getByTestId('logout');
    expect(await logout.textContent()).toBe('退出登录');
    const ended = page.waitForResponse((r) => r.url().includes(contract.auth.logout.path));
    await logout.click();
    // Logging out asks first (issue 28 point 13).
    await page.getByTestId('logout-dialog-confirm').click();
    expect((await ended).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('login-entry').waitFor();
    expect((await page.context().cookies(baseURL)).some((c) => c.name === 'duToken')).toBe(false);
    // The old session is over on the server too: its cookies no longer log anyone in.
    await page.context().addCookies(before.map(({ name, value }) => ({ name, value, url: baseURL })));
    await page.goto(`${baseURL}/`);
    await page.getByTestId('login-entry').waitFor();
    await page.context().close();
  });
});
