import { createApiClient } from '@h5/request';
import { inject } from 'vitest';
import { E2E_SIGN_SECRET } from './constants';

/** A signed API client for an e2e server (the shared one by default), to arrange state the way the app would. */
export function e2eApi(baseUrl: string = inject('baseURL')) {
  return createApiClient({ baseUrl, signSecret: E2E_SIGN_SECRET });
}
