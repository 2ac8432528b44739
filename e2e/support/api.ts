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
