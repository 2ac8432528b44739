import { contract } from '@h5/contract';
import { OPERATOR_CSRF_COOKIE, OPERATOR_SESSION_COOKIE } from '@h5/core';
import { buildRequest, createApiClient } from '@h5/request';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { AddedOperator } from '../../scripts/start-server.mjs';
import { E2E_SIGN_SECRET } from './constants';
import { waitForHydration } from './page';

/** The backstage accounts of the shared e2e server (global-setup makes one per role). */
export const e2eOperator = (role: AddedOperator['role']): AddedOperator => {
  const found = inject('operators').find((account) => account.role === role);
  if (!found) throw new Error(`the e2e server has no ${role} operator`);
  return found;
};

/**
 * An API client acting as a backstage operator: logs in through the login call (with the TOTP code where given) and
 * sends the session cookie and CSRF token as the backstage page does.
 */
export async function operatorApi(
  account: Pick<AddedOperator, 'name' | 'password'>,
  baseUrl: string = inject('baseURL'),
) {
  const wire = buildRequest(
    contract.backstage.login,
    { name: account.name, password: account.password },
    E2E_SIGN_SECRET,
  );
  const response = await fetch(`${baseUrl}${wire.url}`, {
    method: 'POST',
    headers: wire.headers,
    body: wire.body,
  });
  const body = (await response.json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`operator login failed: ${body.code} ${body.msg}`);
  const cookies = Object.fromEntries(
    response.headers.getSetCookie().map((line) => line.split(';')[0]?.split('=') as [string, string]),
  );
  const cookie = `${OPERATOR_SESSION_COOKIE}=${cookies[OPERATOR_SESSION_COOKIE]}; ${OPERATOR_CSRF_COOKIE}=${cookies[OPERATOR_CSRF_COOKIE]}`;
  return createApiClient({
    baseUrl,
    signSecret: E2E_SIGN_SECRET,
    headers: () => ({ cookie }),
    cookies: () => cookie,
  });
}

/** Logs in on the backstage's login form (the page is on /backstage…), with the TOTP code where given. */
export async function loginBackstage(
  page: Page,
  account: Pick<AddedOperator, 'name' | 'password'>,
  totp?: string,
) {
  await waitForHydration(page);
  const form = page.getByTestId('backstage-login');
  await form.locator('input[name=name]').fill(account.name);
  await form.locator('input[name=password]').fill(account.password);
  if (totp) await form.locator('input[name=totp]').fill(totp);
  await form.getByRole('button', { name: '登录' }).click();
  await page.getByTestId('backstage').waitFor();
}
