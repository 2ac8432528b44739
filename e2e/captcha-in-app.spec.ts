import { contract } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { e2eApi, nextPhone } from './support/api';
import { openBridgeConsole, runConsoleAction, useAppSimulator } from './support/app';
import { E2E_SIGN_SECRET } from './support/constants';

/**
 * Spec §4 in the app: the native verify passes with `{status: 200, code: 1}` alone. The app's
 * verify is a client of the server's captcha service with the page's cookies, so the server holds
 * the pass for the caller; the page replays the refused call without a session id and the server
 * spends that pass (docs/api.md "Native verify").
 */
describe('captcha in the app: a native verify without a session id', () => {
  const app = useAppSimulator();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SIGN_SECRET: E2E_SIGN_SECRET, RISK_LOGIN_CODE_LIMIT: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the refused call goes through after {status: 200, code: 1}, replayed without x-captcha-session', async () => {
    const sim = await app.launch({ baseURL: server.baseURL, autoSolveCaptcha: true, captchaSession: false });
    const sends: { status: number; session: string | undefined }[] = [];
    sim.page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/sns-auth/v1/common/h5/login/send-code') return;
      sends.push({ status: response.status(), session: response.request().headers()['x-captcha-session'] });
    });
    await openBridgeConsole(sim.page, `${server.baseURL}/internal/bridge`);
    expect((await runConsoleAction(sim.page, 'risk-send-code')).ok).toBe(true);

    const entry = await runConsoleAction(sim.page, 'risk-send-code');
    expect(entry.ok, entry.text).toBe(true);
    const verify = sim.calls.filter((c) => c.kind === 'riskVerify');
    expect(verify).toHaveLength(1);
    const answer = sim.answers.find((a) => a.response.id === verify[0]?.id)?.response;
    // Exactly the spec's pass: no sessionId for the page to send.
    expect(answer).toEqual({
      type: 'response',
      id: verify[0]?.id,
      ok: true,
      result: { status: 200, code: 1 },
    });
    await expect.poll(() => sends.length).toBe(3);
    expect(sends).toEqual([
      { status: 200, session: undefined },
      { status: 485, session: undefined },
      { status: 200, session: undefined },
    ]);

    // The pass was spent by that replay: the same caller's next call without one is refused again.
    const again = await e2eApi(server.baseURL)(contract.auth.sendLoginCode, { phone: nextPhone() }).then(
      () => 200,
      (error: { httpStatus?: number }) => error.httpStatus,
    );
    expect(again).toBe(485);
  });
});
