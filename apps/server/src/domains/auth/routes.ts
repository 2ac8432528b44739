import { contract } from '@h5/contract';
import { CAPTCHA_SDK_PATH } from '@h5/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { isProduction } from '../../env';
import { notFound } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';
import { rateRule, subjectOf } from '../../plugins/rate-limit';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { createSmsSender } from '../../sms/sender';
import { CAPTCHA_RESULT, createCaptchaChallenges } from './captcha';
import { captchaSdkHandler } from './captcha-sdk';
import { createLoginCodes, LOGIN_CODE_TTL_SECONDS } from './login-codes';
import { AUTH_MESSAGES } from './messages';
import { readProfile, updateProfile } from './profile';
import { findOrCreateUserByPhone } from './users';

/** The 429 limits of the auth calls (docs/api.md "Limits"), from the environment. */
function authRateRules(env: AppDeps['env']) {
  return {
    loginPerPhone: rateRule(
      'login-verify:phone',
      env.RATE_LOGIN_VERIFY_PER_PHONE,
      env.RATE_LOGIN_VERIFY_WINDOW_SECONDS,
    ),
    loginPerAddress: rateRule(
      'login-verify:ip',
      env.RATE_LOGIN_VERIFY_PER_IP,
      env.RATE_LOGIN_VERIFY_WINDOW_SECONDS,
    ),
    challengePerAddress: rateRule(
      'captcha-challenge',
      env.RATE_CAPTCHA_PER_IP,
      env.RATE_CAPTCHA_WINDOW_SECONDS,
    ),
    verifyPerAddress: rateRule('captcha-verify', env.RATE_CAPTCHA_PER_IP, env.RATE_CAPTCHA_WINDOW_SECONDS),
  };
}

/** Web login for browser users (phone + one-time code), the session calls, and the captcha of the risk check. */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const codes = createLoginCodes(deps.db, deps.env.LOGIN_CODE_MAX_ATTEMPTS);
  const sms = createSmsSender(deps.db, deps.env);
  const captcha = createCaptchaChallenges(deps.db);
  const production = isProduction(deps.env);
  const rules = authRateRules(deps.env);
  const { limits } = deps;

  registerEndpoint(app, deps, contract.auth.sendLoginCode, async ({ phone }) => {
    await codes.issue(phone, sms);
    return { expiresInSeconds: LOGIN_CODE_TTL_SECONDS };
  });

  registerEndpoint(app, deps, contract.auth.loginOutbox, async ({ phone }) => ({
    messages: await codes.outbox(phone),
  }));

  registerEndpoint(app, deps, contract.auth.login, async ({ phone, code }, { request, reply }) => {
    await limits.enforce(
      [
        { rule: rules.loginPerPhone, subject: subjectOf('phone', phone) },
        { rule: rules.loginPerAddress, subject: limits.address(request) },
      ],
      AUTH_MESSAGES.tooManyGuesses,
      reply,
    );
    await codes.consume(phone, code);
    const user = await findOrCreateUserByPhone(deps.db, phone);
    const tokens = await deps.sessions.create(user.userId);
    deps.sessions.setCookies(reply, tokens);
    return { user, duToken: tokens.duToken, xAuthToken: tokens.xAuthToken };
  });

  registerEndpoint(app, deps, contract.auth.me, (_input, { user }) => user);

  registerEndpoint(app, deps, contract.auth.profile, (_input, { user }) => readProfile(deps.db, user.userId));

  registerEndpoint(app, deps, contract.auth.updateProfile, (change, { user }) =>
    updateProfile(deps.db, user.userId, change),
  );

  registerEndpoint(app, deps, contract.auth.logout, async (_input, { session, reply }) => {
    await deps.sessions.revoke(session.sessionId);
    deps.sessions.clearCookies(reply);
    return {};
  });

  registerEndpoint(app, deps, contract.auth.captchaChallenge, async ({ scene }, { request, reply }) => {
    const key = { rule: rules.challengePerAddress, subject: limits.address(request) };
    await limits.enforce([key], AUTH_MESSAGES.tooManyCaptchas, reply);
    return captcha.issue(scene ?? null, !production);
  });

  registerEndpoint(
    app,
    deps,
    contract.auth.captchaVerify,
    async ({ challengeId, answer }, { request, reply, user }) => {
      const key = { rule: rules.verifyPerAddress, subject: limits.address(request) };
      await limits.enforce([key], AUTH_MESSAGES.tooManyCaptchas, reply);
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

  app.get(CAPTCHA_SDK_PATH, captchaSdkHandler());
}
