import { contract } from '@h5/contract';
import { describe, expect, inject, it } from 'vitest';
import { ANALYTICS_TEXT } from '../apps/web/app/lib/ui-text/analytics';
import { e2eApi } from './support/api';
import { usePhoneBrowser } from './support/browser';
import { waitForHydration } from './support/page';

describe('the internal telemetry page', () => {
  const phone = usePhoneBrowser();
  const baseURL = inject('baseURL');

  it('lists what clients reported, newest first, filters by kind and pages on', async () => {
    const api = e2eApi(baseURL);
    const marker = `e2e-${Date.now()}`;
    for (let i = 0; i < 21; i += 1) {
      await api(contract.analytics.reportTelemetry, {
        kind: 'timeout',
        message: `timeout of 10000 ms exceeded`,
        pageUrl: `${baseURL}/?n=${i}`,
        detail: `${marker} ${i}`,
      });
    }
    await api(contract.analytics.reportTelemetry, {
      kind: 'white-screen',
      message: '白屏风险',
      pageUrl: baseURL,
    });

    const page = await phone.newPage();
    await page.goto(`${baseURL}/internal/telemetry`);
    await waitForHydration(page);
    const reports = page.getByTestId('telemetry-report');
    expect(await reports.first().getAttribute('data-kind')).toBe('white-screen');

    await page.getByRole('link', { name: ANALYTICS_TEXT.kinds.timeout }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'timeout');
    await expect.poll(() => reports.first().getAttribute('data-kind')).toBe('timeout');
    expect(await reports.first().textContent()).toContain(`${marker} 20`);
    expect(new Set(await reports.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))))).toEqual(
      new Set(['timeout']),
    );

    await page.getByTestId('telemetry-next').click();
    await page.waitForURL((url) => url.searchParams.has('cursor'));
    await expect
      .poll(async () => (await reports.first().textContent())?.includes(`${marker} 20`))
      .toBe(false);
    await page.context().close();
  });
});
