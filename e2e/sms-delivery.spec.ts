import { contract } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFTED_LIMITS } from '../scripts/lifted-limits.mjs';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { e2eApi, nextPhone } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { E2E_SIGN_SECRET } from './support/constants';
import { waitForHydration } from './support/page';

// Issue 31 point 2, "Done when": with SMS_DRIVER=aliyun the invitation's code reaches the phone
// through the provider (the stand-in, which checks Aliyun's signature); a provider failure shows
// the user a clear message and costs no quota (one code a day for the number here).

describe('SMS delivery through the provider', () => {
  const phone = usePhoneBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      SIGN_SECRET: E2E_SIGN_SECRET,
      ...LIFTED_LIMITS,
      SMS_DRIVER: 'aliyun',
      INVITE_SMS_DAILY_PER_PHONE: '1',
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The codes the provider stand-in delivered to `number`. */
  const delivered = (number: string) => server.sms?.codes(number) ?? [];

  it('a failed delivery says so and costs nothing; the next send reaches the phone and signs up', async () => {
    // The inviter logs in with a code the stand-in received.
    const api = e2eApi(server.baseURL);
    const inviterPhone = nextPhone();
    await api(contract.auth.sendLoginCode, { phone: inviterPhone });
    const [loginCode] = delivered(inviterPhone);
    const tokens = await api(contract.auth.login, { phone: inviterPhone, code: loginCode ?? '' });
    const { code } = await e2eApi(server.baseURL, tokens)(contract.invite.startInvite, {});

    const page = await phone.newPage();
    await page.goto(`${server.baseURL}/invite/landing?code=${code}`);
    await waitForHydration(page);
    const number = nextPhone();
    const form = page.getByTestId('invite-signup-form');
    await form.locator('input[name=phone]').fill(number);
    const send = page.getByTestId('invite-send-code');

    // The provider refuses (its flow control): the user reads why, and may send again at once.
    server.sms?.fail('limit', 1);
    await send.click();
    await expect
      .poll(() => page.getByTestId('invite-signup-error').textContent(), { timeout: 10_000 })
      .toBe('短信发送失败，请稍后重试');
    expect(await send.isDisabled()).toBe(false);
    expect(delivered(number)).toEqual([]);

    // The number's one code of the day was not spent: this one goes out, through the provider.
    await send.click();
    await expect.poll(() => send.textContent(), { timeout: 10_000 }).toMatch(/^\d{1,2} 秒后重发$/);
    await expect.poll(() => delivered(number).length, { timeout: 10_000 }).toBe(1);
    const message = server.sms?.delivered.find((m) => m.phone === number);
    expect(message).toMatchObject({ signName: '社区测试', templateCode: 'SMS_000000001' });
    await form.locator('input[name=code]').fill(delivered(number)[0] ?? '');
    await page.getByTestId('invite-signup-submit').click();
    await page.waitForURL((url) => url.pathname === '/invite/tasks', { timeout: 15_000 });
    await page.context().close();
  });
});
