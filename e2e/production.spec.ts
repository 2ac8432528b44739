import { contract } from '@h5/contract';
import { isApiError } from '@h5/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../scripts/start-server.mjs';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { E2E_SIGN_SECRET } from './support/constants';
import { FEED_CARD, slowPrefetch, waitForHydration } from './support/page';

/** What APP_ENV=pro turns off: the test helpers and development conveniences. */
describe('production (APP_ENV=pro)', () => {
  const phone = usePhoneBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ APP_ENV: 'pro', SIGN_SECRET: E2E_SIGN_SECRET });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows no floating buttons and loads no chunk for them', async () => {
    const page = await phone.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${server.baseURL}/`);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator(FEED_CARD).count()).toBe(20);
    expect(await page.getByTestId('floating-copy-link').count()).toBe(0);
    expect(scripts.filter((url) => /FloatingButtons/i.test(url))).toEqual([]);
    await page.context().close();
  });

  it('ignores the prefetch-delay test hook and serves no debug route', async () => {
    const page = await phone.newPage();
    await slowPrefetch(page, 3500);
    const response = await page.goto(`${server.baseURL}/`);
    expect(await response?.text()).toContain('data-testid="feed-card"');
    const debug = await page.goto(`${server.baseURL}/__debug/render-error`);
    expect(debug?.status()).toBe(404);
    for (const internal of ['/internal/telemetry', '/internal/bridge', '/internal/analytics', '/analytics']) {
      expect((await page.goto(`${server.baseURL}${internal}`))?.status(), internal).toBe(404);
    }
    await page.context().close();
  });

  it('has no login outbox and no client-conf write', async () => {
    const api = e2eApi(server.baseURL);
    const outbox = await api(contract.auth.loginOutbox, { phone: '13800138000' }).catch((e: unknown) => e);
    expect(isApiError(outbox) && outbox.httpStatus).toBe(404);
    const write = await api(contract.config.setClientConf, { key: 'errorPageSwitch', value: true }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(write) && write.httpStatus).toBe(404);
    const reports = await api(contract.analytics.listTelemetry, {}).catch((e: unknown) => e);
    expect(isApiError(reports) && reports.httpStatus).toBe(404);
    const answer = await api(contract.auth.captchaDevAnswer, { challengeId: 'x' }).catch((e: unknown) => e);
    expect(isApiError(answer) && answer.httpStatus).toBe(404);
    const counts = await api(contract.analytics.eventCounts, {}).catch((e: unknown) => e);
    expect(isApiError(counts) && counts.httpStatus).toBe(404);
  });
});
