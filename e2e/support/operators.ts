import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { contract } from '@h5/contract';
import { createApiClient } from '@h5/request';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { type AddedOperator, REPO_ROOT } from '../../scripts/start-server.mjs';
import { E2E_SIGN_SECRET } from './constants';
import { waitForHydration } from './page';

type Role = AddedOperator['role'];
/** What logs in: a name and a password (and a TOTP secret where the account has one). */
type Account = Pick<AddedOperator, 'name' | 'password'> & { totpSecret?: string };

/** The shared e2e server's account of `role` (global-setup.ts makes one per role before it starts). */
export function e2eOperator(role: Role): AddedOperator {
  const found = inject('operators').find((account) => account.role === role);
  if (!found) throw new Error(`the e2e server has no ${role} operator`);
  return found;
}

const accountOf = (who: Role | Account): Account => (typeof who === 'string' ? e2eOperator(who) : who);

/**
 * Makes an operator account on a server's PostgreSQL (`npm run operator -- add`, which a running
 * server does not mind on PostgreSQL): for servers other than the shared one, e.g. the cluster's.
 */
export function addOperatorOn(
  databaseUrl: string,
  role: Role,
  options: { totp?: boolean } = {},
): AddedOperator {
  const name = `e2e-${role.replace('_', '-')}-${randomBytes(3).toString('hex')}`;
  const out = execFileSync(
    process.execPath,
    [
      join(REPO_ROOT, 'apps/server/dist/operator.js'),
      'add',
      name,
      '--role',
      role,
      '--json',
      ...(options.totp ? ['--totp'] : []),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATABASE_READ_URL: '',
        APP_ENV: 'local',
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1) as string) as AddedOperator;
}

/**
 * A backstage operator's API client (issue 30): logs the account in (a role: the shared server's;
 * `totp` where the account has a second factor) and sends its session cookie and CSRF token like
 * the backstage page; nonce and time come with every operator call.
 */
export async function operatorApi(who: Role | Account, baseUrl: string = inject('baseURL'), totp?: string) {
  const { name, password } = accountOf(who);
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([key, value]) => `${key}=${value}`).join('; ');
  const api = createApiClient({
    baseUrl,
    signSecret: E2E_SIGN_SECRET,
    cookies: cookieHeader,
    headers: (): Record<string, string> => (jar.size > 0 ? { cookie: cookieHeader() } : {}),
    fetch: async (input, init) => {
      const res = await globalThis.fetch(input, init);
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    },
  });
  await api(contract.backstage.login, { name, password, ...(totp ? { totp } : {}) });
  return api;
}

/**
 * Logs `page` into the backstage as `who` at `path` (the login form shows on every backstage
 * page), or where the page already is; `totp` where the account has a second factor.
 */
export async function backstageLogin(
  page: Page,
  baseURL: string,
  who: Role | Account,
  path?: string,
  totp?: string,
): Promise<void> {
  const { name, password } = accountOf(who);
  if (path) await page.goto(`${baseURL}${path}`);
  const form = page.getByTestId('backstage-login');
  await form.waitFor();
  await waitForHydration(page);
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="password"]').fill(password);
  if (totp) await form.locator('input[name="totp"]').fill(totp);
  await form.locator('button[type="submit"]').click();
  await page.getByTestId('backstage').waitFor();
}
