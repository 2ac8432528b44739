import { analyticsEventPayloads, contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema';
import { analyticsEvent, createTestApp, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const counts = async (input: { bucket?: 'minute' | 'hour' | 'day'; span?: number }) => {
  const res = await t.signedInject(contract.analytics.eventCounts, input);
  expect(res.body.code).toBe(SUCCESS);
  return res.body.data;
};
type Counts = Awaited<ReturnType<typeof counts>>;
const seriesOf = (data: Counts, event: string): number[] =>
  data.series.find((s) => s.event === event)?.counts ?? [];
const minus = (after: number[], before: number[]) => after.map((n, i) => n - (before[i] ?? 0));

/** Stored directly (the collector refuses expired events; counts go by occurred_at, however old). */
const store = (event: string, occurredAt: number) =>
  t.db.insert(analyticsEvents).values({
    ...analyticsEvent({ event }),
    payload: {},
    occurredAt: new Date(occurredAt),
    expiresAt: new Date(occurredAt + 1),
  });

describe('eventCounts', () => {
  it('counts per event per hour bucket for the last span buckets, zero-filled, oldest first', async () => {
    // The tests share one database: compare before and after. Retry if an hour boundary passed between.
    for (let attempt = 0; attempt < 2; attempt++) {
      const before = await counts({ bucket: 'hour', span: 5 });
      const start = (i: number) => Date.parse(before.buckets[i] as string);
      await store('feedClick', start(1) + 60_000);
      await store('feedClick', start(1) + HOUR_MS - 1);
      await store('pageView', start(3));
      await store('feedClick', start(0) - 1); // before the span
      await store('feedClick', start(4) + HOUR_MS); // after the current bucket
      const after = await counts({ bucket: 'hour', span: 5 });
      if (after.buckets[0] !== before.buckets[0]) continue;

      expect(after.bucket).toBe('hour');
      expect(after.buckets).toHaveLength(5);
      expect(after.buckets.map((b) => Date.parse(b) - start(0))).toEqual(
        [0, 1, 2, 3, 4].map((i) => i * HOUR_MS),
      );
      expect(after.buckets[4]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
      expect(Date.now() - start(4)).toBeLessThan(HOUR_MS);
      expect(after.series.map((s) => s.event)).toEqual(Object.keys(analyticsEventPayloads));
      for (const s of after.series) expect(s.counts).toHaveLength(5);
      expect(minus(seriesOf(after, 'feedClick'), seriesOf(before, 'feedClick'))).toEqual([0, 2, 0, 0, 0]);
      expect(minus(seriesOf(after, 'pageView'), seriesOf(before, 'pageView'))).toEqual([0, 0, 0, 1, 0]);
      expect(after.total - before.total).toBe(3);
      const sum = after.series.flatMap((s) => s.counts).reduce((a, b) => a + b, 0);
      expect(after.total).toBe(sum);
      return;
    }
    throw new Error('an hour boundary passed twice');
  });

  it('counts what the collector stored, in the current minute', async () => {
    const before = await counts({ bucket: 'minute', span: 3 });
    const res = await t.signedInject(contract.analytics.collectEvents, {
      events: [analyticsEvent(), analyticsEvent()],
    });
    expect(res.body.data.accepted).toHaveLength(2);
    const after = await counts({ bucket: 'minute', span: 3 });
    expect(after.buckets).toHaveLength(3);
    const added = minus(seriesOf(after, 'feedExposure'), seriesOf(before, 'feedExposure'));
    if (after.buckets[2] === before.buckets[2]) expect(added).toEqual([0, 0, 2]);
    expect(after.total).toBeGreaterThanOrEqual(2);
  });

  it('uses UTC day buckets and the defaults (hour, 24)', async () => {
    const days = await counts({ bucket: 'day', span: 7 });
    expect(days.buckets).toHaveLength(7);
    for (const b of days.buckets) expect(b).toMatch(/T00:00:00\.000Z$/);
    const defaults = await counts({});
    expect(defaults.bucket).toBe('hour');
    expect(defaults.buckets).toHaveLength(24);
  });

  it('refuses a span out of range naming the field', async () => {
    const res = await t.signedInject(contract.analytics.eventCounts, { span: 169 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^span: /);
  });
});
