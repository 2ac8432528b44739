import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telemetry } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('telemetry', () => {
  it('stores a report with the user agent and flow type', async () => {
    const res = await t.signedInject(
      contract.analytics.reportTelemetry,
      { kind: 'render-error', message: '渲染错误', pageUrl: '/content/feed', detail: 'TypeError: x' },
      { headers: { 'user-agent': 'Mozilla/5.0 test', 'x-flow-type': 'feature-a' } },
    );
    expect(res.body.code).toBe(SUCCESS);
    const [row] = await t.db.select().from(telemetry).where(eq(telemetry.id, res.body.data.id));
    expect(row).toMatchObject({
      kind: 'render-error',
      message: '渲染错误',
      pageUrl: '/content/feed',
      detail: 'TypeError: x',
      userAgent: 'Mozilla/5.0 test',
      flowType: 'feature-a',
    });
  });

  it('refuses an unknown kind naming the field', async () => {
    const res = await t.signedInject(contract.analytics.reportTelemetry, {
      kind: 'nope' as 'timeout',
      message: 'm',
      pageUrl: '/',
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^kind: /);
  });
});
