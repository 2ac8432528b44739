import { contract } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { isProduction } from '../../env';
import { routeNotFound } from '../../plugins/errors';
import { registerEndpoint } from '../../plugins/register-endpoint';
import { createLoginCodes, LOGIN_CODE_TTL_SECONDS } from './login-codes';
import { findOrCreateUserByPhone } from './users';

/** Web login for browser users (phone + one-time code) and the session calls. */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const codes = createLoginCodes(deps.db);
  const production = isProduction(deps.env);

  registerEndpoint(app, deps, contract.auth.sendLoginCode, async ({ phone }) => {
    await codes.issue(phone, !production);
    return { expiresInSeconds: LOGIN_CODE_TTL_SECONDS };
  });

  registerEndpoint(app, deps, contract.auth.loginOutbox, async ({ phone }) => {
    if (production) throw routeNotFound();
    return { messages: await codes.outbox(phone) };
  });

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
}
