import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { contract } from '@h5/contract';
import { createApiClient } from '@h5/request';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { REPO_ROOT } from '../../scripts/start-server.mjs';
import { E2E_SIGN_SECRET } from './constants';
import { waitForHydration } from './page';

type Role = 'moderator' | 'live_ops';
type Account = { name: string; password: string };

/**
 * Makes an operator account on a server's PostgreSQL (`npm run operator -- add`, which a running
 * server does not mind on PostgreSQL): for servers other than the shared one, e.g. the cluster's.
 */
export function addOperatorOn(databaseUrl: string, role: Role): Account {
  const name = `e2e-${role.replace('_', '-')}-${randomBytes(3).toString('hex')}`;
  const out = execFileSync(
    process.execPath,
    [join(REPO_ROOT, 'apps/server/dist/operator.js'), 'add', name, '--role', role, '--json'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: 'local', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  const { password } = JSON.parse(out.trim().split('\n').at(-1) as string) as { password: string };
  return { name, password };
}

/**
 * A backstage operator's API client on the shared server (issue 30): logs the role's account in
 * (made before the server started, global-setup.ts) and sends its session cookie and CSRF token
 * like the backstage page; nonce and time come with every operator call.
 */
export async function operatorApi(role: Role | Account, baseUrl: string = inject('baseURL')) {
  const account = typeof role === 'string' ? inject('operators')[role] : role;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
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
  await api(contract.backstage.login, account);
  return api;
}

/**
 * Logs `page` into the backstage as the role's account, at `path` (the login form shows on every
 * backstage page), or where the page already is without one.
 */
export async function backstageLogin(page: Page, baseURL: string, role: Role, path?: string): Promise<void> {
  const account = inject('operators')[role];
  if (path) await page.goto(`${baseURL}${path}`);
  const form = page.getByTestId('backstage-login');
  await form.waitFor();
  await waitForHydration(page);
  await form.locator('input[name="name"]').fill(account.name);
  await form.locator('input[name="password"]').fill(account.password);
  await form.locator('button[type="submit"]').click();
  await form.waitFor({ state: 'detached' });
}
