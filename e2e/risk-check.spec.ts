import { contract } from '@h5/contract';
import { TELEMETRY_MESSAGES } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../apps/web/app/lib/ui-text/auth';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { e2eApi, nextPhone } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { CAPTCHA_CHALLENGE_PATH, captchaAnswer, nextChallengeId } from './support/captcha';
import { E2E_SIGN_SECRET } from './support/constants';
import { waitForHydration } from './support/page';

/** The login page with a phone typed in, ready to send a code. */
async function loginPageWithPhone(page: import('playwright-core').Page, baseURL: string) {
  await page.goto(`${baseURL}/login`);
  await waitForHydration(page);
  const phone = nextPhone();
  await page.locator('input[name=phone]').fill(phone);
  return phone;
}

/**
 * Spec §4 risk check in a browser: the server answers 485 past its login-code limit (1 per IP
 * here); the captcha SDK loads, the user passes it, and the refused call goes through.
 */
describe('risk check and captcha in a browser', () => {
  const phone = usePhoneBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SIGN_SECRET: E2E_SIGN_SECRET, RISK_LOGIN_CODE_LIMIT: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a 485 opens the captcha; a wrong answer asks again; the right one lets the call through', async () => {
    const page = await phone.newPage();
    const api = e2eApi(server.baseURL);
    await loginPageWithPhone(page, server.baseURL);
    await page.getByTestId('send-code').click();
    await page.getByText(AUTH_TEXT.codeSent).waitFor();

    const second = await loginPageWithPhone(page, server.baseURL);
    const firstChallenge = nextChallengeId(page);
    await page.getByTestId('send-code').click();
    const dialog = page.getByRole('dialog', { name: '安全验证' });
    await dialog.waitFor();
    const wrongId = await firstChallenge;
    // The challenge is a raster (issue 11 point 10): a PNG data URL the browser decodes.
    const image = dialog.getByRole('img', { name: '验证码图片' });
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(100);
    const retryChallenge = nextChallengeId(page);
    await dialog.getByRole('textbox', { name: '验证码' }).fill('zzzz');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('验证码错误，请重新输入').waitFor();
    const challengeId = await retryChallenge;
    expect(challengeId).not.toBe(wrongId);
    // Nothing was sent while the captcha was pending.
    expect((await api(contract.auth.loginOutbox, { phone: second })).messages).toHaveLength(0);

    await dialog
      .getByRole('textbox', { name: '验证码' })
      .fill(await captchaAnswer(server.baseURL, challengeId));
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(AUTH_TEXT.codeSent).waitFor();
    expect((await api(contract.auth.loginOutbox, { phone: second })).messages).toHaveLength(1);
    await page.context().close();
  });

  it('when the captcha script cannot load: the error page, and 加载验证码SDK失败 reported', async () => {
    const page = await phone.newPage();
    await page.route('**/captcha/sdk.js', (route) => route.abort());
    await loginPageWithPhone(page, server.baseURL);
    await page.getByTestId('send-code').click();
    await page.getByTestId('error-page').waitFor();
    const api = e2eApi(server.baseURL);
    await expect
      .poll(async () => (await api(contract.analytics.listTelemetry, { kind: 'captcha-sdk' })).list.length)
      .toBeGreaterThan(0);
    const { list } = await api(contract.analytics.listTelemetry, { kind: 'captcha-sdk' });
    expect(list[0]?.message).toBe(TELEMETRY_MESSAGES.captchaSdkLoadFailed);
    await page.context().close();
  });
});

/** Issue 11 point 10: captcha challenges per address are limited; the dialog says so. */
describe('captcha limits in a browser', () => {
  const phone = usePhoneBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      SIGN_SECRET: E2E_SIGN_SECRET,
      RISK_LOGIN_CODE_LIMIT: '1',
      RATE_CAPTCHA_PER_IP: '2',
      RATE_CAPTCHA_WINDOW_SECONDS: '600',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('past the challenges of the window, the dialog shows the 429 message', async () => {
    const page = await phone.newPage();
    await loginPageWithPhone(page, server.baseURL);
    await page.getByTestId('send-code').click();
    await page.getByText(AUTH_TEXT.codeSent).waitFor();
    await loginPageWithPhone(page, server.baseURL);
    await page.getByTestId('send-code').click();
    const dialog = page.getByRole('dialog', { name: '安全验证' });
    await dialog.getByRole('img', { name: '验证码图片' }).waitFor();
    const refused = page.waitForResponse(
      (r) => r.url().includes(CAPTCHA_CHALLENGE_PATH) && r.status() === 429,
    );
    await dialog.getByRole('button', { name: '换一张' }).click();
    await expect.poll(async () => dialog.getByRole('button', { name: '换一张' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: '换一张' }).click();
    expect((await refused).status()).toBe(429);
    await dialog.getByText('验证码请求过于频繁，请 10 分钟后再试').waitFor();
    await page.context().close();
  });
});
