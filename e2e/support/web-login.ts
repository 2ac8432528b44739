import type { NativeTokens } from '@h5/bridge';
import { contract, type ResponseOf } from '@h5/contract';
import type { Page } from 'playwright-core';
import { apiLogin, e2eApi, nextPhone } from './api';
import { waitForHydration } from './page';

/** Logs in on the web login page (the user is on it): phone, send, the dev outbox's code, submit. */
export async function loginOnWebPage(page: Page, phone = nextPhone()): Promise<void> {
  await waitForHydration(page);
  await page.locator('input[name=phone]').fill(phone);
  await page.getByTestId('send-code').click();
  const outbox = page.getByTestId('dev-outbox-code');
  await page.waitForFunction(
    (el) => /\d{6}/.test(el?.textContent ?? ''),
    await outbox.elementHandle({ timeout: 10_000 }),
  );
  const code = (await outbox.textContent())?.match(/\d{6}/)?.[0] ?? '';
  await page.locator('input[name=code]').fill(code);
  await page.getByTestId('login-submit').click();
}

/** Puts a session's cookies into the page's context, as a login in this browser would have. */
export async function setSessionCookies(
  page: Page,
  baseURL: string,
  tokens: { duToken: string; xAuthToken: string },
): Promise<void> {
  await page.context().addCookies([
    { name: 'duToken', value: tokens.duToken, url: baseURL },
    { name: 'x-auth-token', value: tokens.xAuthToken, url: baseURL },
  ]);
}

/** The session a login in this page's browser left in its cookies. */
export async function sessionFromCookies(
  page: Page,
  baseURL: string,
): Promise<{ duToken: string; xAuthToken: string }> {
  const cookies = await page.context().cookies(baseURL);
  const value = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
  return { duToken: value('duToken'), xAuthToken: value('x-auth-token') };
}

/** A new user logged in through the API, with the session in this page's browser: their tokens and profile. */
export async function loginNewUser(
  page: Page,
  baseURL: string,
): Promise<{ tokens: NativeTokens; me: ResponseOf<typeof contract.auth.me> }> {
  const tokens = await apiLogin(baseURL);
  await setSessionCookies(page, baseURL, tokens);
  return { tokens, me: await e2eApi(baseURL, tokens)(contract.auth.me, {}) };
}
