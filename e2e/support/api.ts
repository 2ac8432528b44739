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

let phoneSeq = 0;
/** A fresh phone per login (per process and run), so the server's 60 s resend limit never meets a test. */
export function nextPhone(): string {
  phoneSeq += 1;
  const run = String(process.pid % 1000).padStart(3, '0');
  return `136${run}${String(phoneSeq).padStart(5, '0')}`;
}

/** Logs a new user in through the API (code from the development outbox) and returns the tokens. */
export async function apiLogin(
  baseUrl: string = inject('baseURL'),
  phone = nextPhone(),
): Promise<NativeTokens> {
  const api = e2eApi(baseUrl);
  await api(contract.auth.sendLoginCode, { phone });
  const { messages } = await api(contract.auth.loginOutbox, { phone });
  const code = messages.at(-1)?.code ?? '';
  const { duToken, xAuthToken } = await api(contract.auth.login, { phone, code });
  return { duToken, xAuthToken };
}
