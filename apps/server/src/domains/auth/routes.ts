import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { isProduction } from '../../env';
import { notFound } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { CAPTCHA_RESULT, createCaptchaChallenges } from './captcha';
import { registerCaptchaSdk } from './captcha-sdk';
import { createLoginCodes, LOGIN_CODE_TTL_SECONDS } from './login-codes';
import { findOrCreateUserByPhone } from './users';

/** Web login for browser users (phone + one-time code), the session calls, and the captcha of the risk check. */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const codes = createLoginCodes(deps.db);
  const captcha = createCaptchaChallenges(deps.db);
  const production = isProduction(deps.env);

  registerEndpoint(app, deps, contract.auth.sendLoginCode, async ({ phone }) => {
    await codes.issue(phone, !production);
    return { expiresInSeconds: LOGIN_CODE_TTL_SECONDS };
  });

  registerEndpoint(app, deps, contract.auth.loginOutbox, async ({ phone }) => ({
    messages: await codes.outbox(phone),
  }));

  registerEndpoint(app, deps, contract.auth.login, async ({ phone, code }, { reply }) => {
    await codes.consume(phone, code);
    const user = await findOrCreateUserByPhone(deps.db, phone);
    const tokens = await deps.sessions.create(user.userId);
    deps.sessions.setCookies(reply, tokens);
    return { user, duToken: tokens.duToken, xAuthToken: tokens.xAuthToken };
  });

  registerEndpoint(app, deps, contract.auth.me, (_input, { user }) => user as NonNullable<typeof user>);

  registerEndpoint(app, deps, contract.auth.logout, async (_input, { session, reply }) => {
    if (session) await deps.sessions.revoke(session.sessionId);
    deps.sessions.clearCookies(reply);
    return {};
  });

  registerEndpoint(app, deps, contract.auth.captchaChallenge, ({ scene }) =>
    captcha.issue(scene ?? null, !production),
  );

  registerEndpoint(
    app,
    deps,
    contract.auth.captchaVerify,
    async ({ challengeId, answer }, { request, user }) => {
      const { passed, scene } = await captcha.verify(challengeId, answer);
      if (!passed) return { resultCode: CAPTCHA_RESULT.failed, sessionId: '' };
      const sessionId = await deps.risk.issuePass({ request, user }, scene);
      return { resultCode: CAPTCHA_RESULT.passed, sessionId };
    },
  );

  registerEndpoint(app, deps, contract.auth.captchaDevAnswer, async ({ challengeId }) => {
    const answer = await captcha.devAnswer(challengeId);
    if (answer === undefined) throw notFound(SERVER_MESSAGES.captchaChallengeNotFound);
    return { answer };
  });

  registerCaptchaSdk(app);
}
