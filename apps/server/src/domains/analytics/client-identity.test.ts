import { randomUUID } from 'node:crypto';
import { contract } from '@h5/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, telemetry } from '../../db/schema';
import { analyticsEvent, createTestApp, signedInUser, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Issue 12 points 3 and 7: the device's anonymous id, our client id and build release reach the rows. */
describe('anonymous id, client id and release', () => {
  it('stores them with each event, the same id before and after a login', async () => {
    const anonymousId = randomUUID();
    const client = { anonymousId, clientId: 'h5', release: '5.79.1' };
    const visitor = analyticsEvent({ ...client, event: 'pageView', payload: { pageId: 9, path: '/' } });
    const user = await signedInUser(t.app, t.db, 'anon-id-tester');
    const member = analyticsEvent({ ...client });
    expect(
      (await t.signedInject(contract.analytics.collectEvents, { events: [visitor] })).body.data,
    ).toMatchObject({
      accepted: [visitor.uuid],
    });
    const after = await t.signedInject(
      contract.analytics.collectEvents,
      { events: [member] },
      { cookies: user.cookies },
    );
    expect(after.body.data).toMatchObject({ accepted: [member.uuid] });

    const rows = await t.db
      .select()
      .from(analyticsEvents)
      .where(inArray(analyticsEvents.uuid, [visitor.uuid, member.uuid]));
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    expect(byUuid.get(visitor.uuid)).toMatchObject({
      anonymousId,
      userId: null,
      clientId: 'h5',
      clientRelease: '5.79.1',
    });
    expect(byUuid.get(member.uuid)).toMatchObject({
      anonymousId,
      userId: user.userId,
      clientId: 'h5',
      clientRelease: '5.79.1',
    });

    // The internal list finds the device's events by its id, newest first.
    const listed = await t.signedInject(contract.analytics.listEvents, { anonymousId });
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({
        uuid: member.uuid,
        anonymousId,
        userId: user.userId,
        clientId: 'h5',
        release: '5.79.1',
      }),
      expect.objectContaining({ uuid: visitor.uuid, anonymousId, userId: null, event: 'pageView' }),
    ]);
  });

  it('keeps accepting events queued before the fields existed, storing nulls', async () => {
    const old = analyticsEvent();
    await t.signedInject(contract.analytics.collectEvents, { events: [old] });
    const [row] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.uuid, old.uuid));
    expect(row).toMatchObject({ anonymousId: null, clientId: null, clientRelease: null });
  });

  it('refuses an event whose anonymous id is not an id, naming the field', async () => {
    const bad = analyticsEvent({ anonymousId: 'not an id' });
    const res = await t.signedInject(contract.analytics.collectEvents, { events: [bad] });
    expect(res.body.data.rejected).toEqual([
      { index: 0, uuid: bad.uuid, reason: 'anonymousId: anonymousId must be 16–64 hex digits or dashes' },
    ]);
  });

  it('stores them with a telemetry report and lists them', async () => {
    const anonymousId = randomUUID();
    const res = await t.signedInject(contract.analytics.reportTelemetry, {
      kind: 'render-error',
      message: '渲染错误',
      pageUrl: '/',
      anonymousId,
      clientId: 'h5',
      release: '5.79.1',
    });
    const [row] = await t.db.select().from(telemetry).where(eq(telemetry.id, res.body.data.id));
    expect(row).toMatchObject({ anonymousId, clientId: 'h5', clientRelease: '5.79.1' });
    const listed = await t.signedInject(contract.analytics.listTelemetry, { kind: 'render-error' });
    expect(listed.body.data.list.find((r: { id: number }) => r.id === res.body.data.id)).toMatchObject({
      anonymousId,
      clientId: 'h5',
      release: '5.79.1',
    });
  });
});
