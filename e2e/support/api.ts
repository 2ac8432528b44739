import { createApiClient } from '@h5/request';
import { inject } from 'vitest';
import { E2E_SIGN_SECRET } from './constants';

/** A signed API client for the e2e server, to arrange state the way the app would. */
export function e2eApi() {
  return createApiClient({ baseUrl: inject('baseURL'), signSecret: E2E_SIGN_SECRET });
}
