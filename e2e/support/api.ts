import { randomInt } from 'node:crypto';
import type { NativeTokens } from '@h5/bridge';
import { contract } from '@h5/contract';
import { createApiClient } from '@h5/request';
import { inject } from 'vitest';
import { E2E_SIGN_SECRET } from './constants';

/**
 * A signed API client for an e2e server (the shared one by default), to arrange state the way the
 * app would; with `tokens`, as that logged-in user.
 */
export function e2eApi(baseUrl: string = inject('baseURL'), tokens?: NativeTokens) {
  return createApiClient({ baseUrl, signSecret: E2E_SIGN_SECRET, authTokens: () => tokens });
}

/** Ends a session on the server only: the browser keeps its cookies, which then answer 700. */
export async function revokeSession(
  tokens: NativeTokens,
  baseUrl: string = inject('baseURL'),
): Promise<void> {
  await e2eApi(baseUrl, tokens)(contract.auth.logout, {});
}

/**
 * A fresh phone per login, so the server's 60 s resend limit never meets a test. Random, because
 * test files run in worker threads of one process, each with its own copy of this module.
 */
export function nextPhone(): string {
  return `136${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** Logs a new user in through the API (code from the development outbox) and returns the tokens. */
export async function apiLogin(
  baseUrl: string = inject('baseURL'),
  phone = nextPhone(),
): Promise<NativeTokens> {
  const api = e2eApi(baseUrl);
  await api(contract.auth.sendLoginCode, { phone });
  const { messages } = await api(contract.auth.loginOutbox, { phone });
  const newest = [...messages].sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
  const code = newest?.code ?? '';
  const { duToken, xAuthToken } = await api(contract.auth.login, { phone, code });
  return { duToken, xAuthToken };
}
