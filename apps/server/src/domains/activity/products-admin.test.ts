import { contract } from '@h5/contract';
import { ACTIVITY_NOT_FOUND, BAD_REQUEST, OPERATOR_ROLE_FORBIDDEN, SUCCESS } from '@h5/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, auditLog, products } from '../../db/schema';
import {
  createTestApp,
  loginOperator,
  signedInUser,
  type TestApp,
  type TestOperator,
} from '../../test-utils';
import { xinyinProducts } from './sociality';

let t: TestApp;
let ops: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  ops = await loginOperator(t, 'activity_ops');
});
afterAll(() => t.close());

const a = contract.activity;
const XINYIN = 'gravity-xinyin';

describe("an activity's products, from the backstage (issue 32: who writes 心引力's list in production)", () => {
  it('replaces 心引力’s products in the order given; the page lists exactly those; audited', async () => {
    const [window] = await t.db.select().from(activities).where(eq(activities.code, XINYIN));
    const inside = new Date((window?.startsAt.getTime() ?? 0) + 60_000);
    const before = (await ops.call(a.activityProducts, { code: XINYIN })).body.data.list.map(
      (item: { spuId: number }) => item.spuId,
    );
    const three = (
      await t.db.select({ spuId: products.spuId }).from(products).orderBy(asc(products.spuId)).limit(3)
    )
      .map((row) => row.spuId)
      .reverse();
    try {
      const saved = await ops.call(a.setActivityProducts, { code: XINYIN, spuIds: three });
      expect(saved.body.code).toBe(SUCCESS);
      expect(saved.body.data.list.map((item: { spuId: number }) => item.spuId)).toEqual(three);
      const user = await signedInUser(t.app, t.db, 'xinyin-reader');
      const page = await xinyinProducts(t.db, user.userId, inside);
      expect(page.list.map((item) => item.product.spuId)).toEqual(three);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'activity.products.update'), eq(auditLog.objectId, XINYIN)));
      expect(audit).toMatchObject({
        objectType: 'activity',
        before: { spuIds: before },
        after: { spuIds: three },
      });
    } finally {
      await ops.call(a.setActivityProducts, { code: XINYIN, spuIds: before });
    }
  });

  it('refuses an unknown product or activity, and other roles', async () => {
    const unknown = await ops.call(a.setActivityProducts, { code: XINYIN, spuIds: [999] });
    expect(unknown.body).toMatchObject({ code: BAD_REQUEST });
    expect(unknown.body.msg).toContain('spuIds: 商品 999 不存在');
    const missing = await ops.call(a.setActivityProducts, { code: 'no-such-activity', spuIds: [] });
    expect(missing.body.code).toBe(ACTIVITY_NOT_FOUND);
    const moderator = await loginOperator(t, 'moderator');
    expect((await moderator.call(a.activityProducts, { code: XINYIN })).body.code).toBe(
      OPERATOR_ROLE_FORBIDDEN,
    );
  });
});
