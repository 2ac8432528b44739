import { contract, type TelemetryKind } from '@h5/contract';
import { CLIENT_MESSAGES, REQUEST_TIMEOUT_MS, TELEMETRY_MESSAGES } from '@h5/core';
import { describe, expect, inject, it } from 'vitest';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { FEED_API, waitForHydration } from './support/page';

/** The newest stored report of a kind whose fields match `where`, polled until it shows up. */
async function reported(
  kind: TelemetryKind,
  where: (r: { message: string; detail: string | null }) => boolean,
) {
  const api = e2eApi(inject('baseURL'));
  let found: { message: string; detail: string | null } | undefined;
  await expect
    .poll(
      async () => {
        found = (await api(contract.analytics.listTelemetry, { kind, limit: 100 })).list.find(where);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

describe('page telemetry (spec §8)', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('a script that fails to load is reported as 脚本加载失败，URL：…', async () => {
    const page = await phone.newPage();
    await page.route('**/assets/debug-console-*.js', (route) => route.abort());
    await page.goto(`${baseURL}/?debug=1`);
    await waitForHydration(page);
    const report = await reported('script-load', (r) => r.message.includes('debug-console'));
    expect(report?.message.startsWith(TELEMETRY_MESSAGES.scriptLoadFailed(''))).toBe(true);
    // The page itself carries on: only the debug console is missing.
    expect(await page.getByTestId('feed-card').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it(`a call with no answer in ${REQUEST_TIMEOUT_MS} ms is rejected, toasted and reported`, async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL}/`);
    await waitForHydration(page);
    // Page 2 of the feed never answers.
    await page.route(`**${FEED_API}?*lastId=*`, () => undefined);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const timeoutText = CLIENT_MESSAGES.timeout(REQUEST_TIMEOUT_MS);
    await page
      .getByTestId('page-toast')
      .getByText(timeoutText)
      .waitFor({ timeout: REQUEST_TIMEOUT_MS + 5000 });
    const report = await reported('timeout', (r) => r.detail === `GET ${FEED_API}`);
    expect(report?.message).toBe(timeoutText);
    await page.getByTestId('placeholder-network-error').waitFor();
    await page.context().close();
  });
});
