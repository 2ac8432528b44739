import { contract } from '@h5/contract';
import { BAD_REQUEST, LOTTERY_ADDRESS_MISSING, NOT_FOUND, OPERATOR_ROLE_FORBIDDEN, SUCCESS } from '@h5/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lotteries } from '../../db/schema';
import {
  LOTTERY_ADDRESS as ADDRESS,
  createTestApp,
  liveOps,
  loginOperator,
  signedInUser,
  type TestApp,
  type TestOperator,
  winnerIds,
} from '../../test-utils';

let t: TestApp;
let ops: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  ops = await liveOps(t);
});
afterAll(() => t.close());

const auditOf = (objectType: string, objectId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, objectId)))
    .orderBy(auditLog.id);

/** Moves a lottery's draw time into the past: what waiting for it would do. */
const makeDue = (lotteryId: number) =>
  t.db.update(lotteries).set({ drawAt: sql`now() - interval '1 second'` }).where(eq(lotteries.id, lotteryId));

describe('the backstage lottery (issue 30 point 4)', () => {
  it('create → a user enters → drawn at its time without a draw call → address → shipped → the winner sees it', async () => {
    const host = await signedInUser(t.app, t.db, 'bs-lottery-host');
    const streamId = 800_000 + host.userId;
    const created = await ops.call(contract.lottery.createLottery, {
      streamId,
      hostUserId: host.userId,
      prize: '联名卫衣一件',
      quantity: 1,
      entryRule: 'none',
      drawInSeconds: 600,
    });
    expect(created.body.code).toBe(SUCCESS);
    expect(created.body.data).toMatchObject({
      streamId,
      host: { userId: host.userId, userName: 'bs-lottery-host' },
      prize: '联名卫衣一件',
      quantity: 1,
      drawn: false,
      entrantCount: 0,
      winners: [],
    });
    const { lotteryId } = created.body.data;
    const [createdAudit] = await auditOf('lottery', String(lotteryId));
    expect(createdAudit).toMatchObject({
      operatorId: ops.operator.operatorId,
      action: 'lottery.create',
      before: null,
      after: {
        streamId,
        hostUserId: host.userId,
        prize: '联名卫衣一件',
        quantity: 1,
        entryRule: 'none',
        drawAt: created.body.data.drawAt,
      },
    });

    const fan = await signedInUser(t.app, t.db, 'bs-lottery-fan');
    const entered = await t.signedInject(
      contract.lottery.enterLottery,
      { lotteryId },
      { cookies: fan.cookies },
    );
    expect(entered.body.data.my.state).toBe('entered');

    // The draw time passes; the backstage's list and the fan's page read at once: one draw.
    await makeDue(lotteryId);
    const [listed, seen] = await Promise.all([
      ops.call(contract.lottery.lotteries, { streamId }),
      t.signedInject(contract.lottery.lotteryInfo, { lotteryId }, { cookies: fan.cookies }),
    ]);
    expect(await winnerIds(t, lotteryId)).toEqual([fan.userId]);
    expect(seen.body.data.my.state).toBe('won');
    expect(listed.body.data.list).toHaveLength(1);
    expect(listed.body.data.list[0]).toMatchObject({
      lotteryId,
      drawn: true,
      entrantCount: 1,
      winners: [
        {
          user: { userId: fan.userId, userName: 'bs-lottery-fan' },
          address: null,
          shipping: { state: 'awaiting_address', courier: null, trackingNo: null, shippedAt: null },
        },
      ],
    });

    const waybill = { lotteryId, winnerUserId: fan.userId, courier: '顺丰速运', trackingNo: 'SF1234567890' };
    const early = await ops.call(contract.lottery.shipLotteryPrize, waybill);
    expect(early.body).toEqual({
      code: LOTTERY_ADDRESS_MISSING,
      msg: '中奖用户尚未填写收货地址，暂不能填写运单',
      data: null,
    });
    const addressed = await t.signedInject(
      contract.lottery.addrSubmit,
      { lotteryId, ...ADDRESS },
      { cookies: fan.cookies },
    );
    expect(addressed.body.data.my.shipping?.state).toBe('awaiting_shipment');

    const shipped = await ops.call(contract.lottery.shipLotteryPrize, waybill);
    expect(shipped.body.data.winners[0]).toMatchObject({
      address: ADDRESS,
      shipping: { state: 'shipped', courier: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    const mine = await t.signedInject(contract.lottery.lotteryInfo, { lotteryId }, { cookies: fan.cookies });
    expect(mine.body.data.my.shipping).toMatchObject({
      state: 'shipped',
      courier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    const shippedAt = mine.body.data.my.shipping?.shippedAt;
    expect(shippedAt).toEqual(expect.any(String));

    const [shipAudit] = await auditOf('lottery_winner', `${lotteryId}:${fan.userId}`);
    expect(shipAudit).toMatchObject({
      operatorId: ops.operator.operatorId,
      action: 'lottery.ship',
      before: { state: 'awaiting_shipment', courier: null, trackingNo: null, shippedAt: null },
      after: { state: 'shipped', courier: '顺丰速运', trackingNo: 'SF1234567890', shippedAt },
    });

    const entrants = await ops.call(contract.lottery.lotteryEntrants, { lotteryId });
    expect(entrants.body.data).toMatchObject({
      list: [
        {
          userId: fan.userId,
          userName: 'bs-lottery-fan',
          avatar: '/cdn/seed/avatar-test.svg',
          enteredAt: expect.any(String),
        },
      ],
      hasMore: false,
    });
  });

  it('validates the create like the old console, and names an unknown host', async () => {
    const host = await signedInUser(t.app, t.db, 'bs-lottery-bad');
    const base = {
      streamId: 1,
      hostUserId: host.userId,
      prize: '奖品',
      quantity: 1,
      entryRule: 'none' as const,
    };
    const short = await ops.call(contract.lottery.createLottery, { ...base, drawInSeconds: 5 });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      code: BAD_REQUEST,
      msg: 'drawInSeconds: 开奖时间须为 10 秒到 24 小时后',
    });
    const noHost = await ops.call(contract.lottery.createLottery, {
      ...base,
      hostUserId: 2_000_000_000,
      drawInSeconds: 60,
    });
    expect(noHost.body).toEqual({ code: NOT_FOUND, msg: '主播不存在', data: null });
  });

  it('filters by state and pages', async () => {
    const host = await signedInUser(t.app, t.db, 'bs-lottery-pages');
    const streamId = 900_000 + host.userId;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await ops.call(contract.lottery.createLottery, {
        streamId,
        hostUserId: host.userId,
        prize: `奖品 ${i + 1}`,
        quantity: 1,
        entryRule: 'none',
        drawInSeconds: 600,
      });
      ids.push(res.body.data.lotteryId);
    }
    await makeDue(ids[0] as number);
    const first = await ops.call(contract.lottery.lotteries, { streamId, limit: 2 });
    expect(first.body.data.list.map((l) => l.lotteryId)).toEqual([ids[2], ids[1]]);
    const second = await ops.call(contract.lottery.lotteries, {
      streamId,
      limit: 2,
      lastId: first.body.data.lastId as string,
    });
    expect(second.body.data).toMatchObject({ hasMore: false, lastId: null });
    expect(second.body.data.list.map((l) => [l.lotteryId, l.drawn])).toEqual([[ids[0], true]]);
    const open = await ops.call(contract.lottery.lotteries, { streamId, state: 'open' });
    expect(open.body.data.list.map((l) => l.lotteryId)).toEqual([ids[2], ids[1]]);
    const drawn = await ops.call(contract.lottery.lotteries, { streamId, state: 'drawn' });
    expect(drawn.body.data.list.map((l) => l.lotteryId)).toEqual([ids[0]]);
  });

  it('pages the entrants by entry time, past any first page', async () => {
    const host = await signedInUser(t.app, t.db, 'bs-entrants-host');
    const created = await ops.call(contract.lottery.createLottery, {
      streamId: 800_000 + host.userId,
      hostUserId: host.userId,
      prize: '联名卫衣一件',
      quantity: 1,
      entryRule: 'none',
      drawInSeconds: 600,
    });
    const { lotteryId } = created.body.data;
    const names = ['bs-entrant-1', 'bs-entrant-2', 'bs-entrant-3'];
    for (const name of names) {
      const fan = await signedInUser(t.app, t.db, name);
      await t.signedInject(contract.lottery.enterLottery, { lotteryId }, { cookies: fan.cookies });
    }
    const first = (await ops.call(contract.lottery.lotteryEntrants, { lotteryId, limit: 2 })).body.data;
    expect([first.list.map((e) => e.userName), first.hasMore]).toEqual([
      ['bs-entrant-1', 'bs-entrant-2'],
      true,
    ]);
    const second = (
      await ops.call(contract.lottery.lotteryEntrants, { lotteryId, limit: 2, lastId: first.lastId ?? '' })
    ).body.data;
    expect([second.list.map((e) => e.userName), second.hasMore]).toEqual([['bs-entrant-3'], false]);
    const missing = await ops.call(contract.lottery.lotteryEntrants, { lotteryId: 999_999 });
    expect(missing.body.code).toBe(NOT_FOUND);
  });

  it('refuses a moderator (5002)', async () => {
    const moderator = await loginOperator(t, 'moderator');
    const res = await moderator.call(contract.lottery.lotteries, {});
    expect(res.body).toMatchObject({
      code: OPERATOR_ROLE_FORBIDDEN,
      msg: '当前角色（moderator）无权进行此操作',
    });
    const create = await moderator.call(contract.lottery.createLottery, {
      streamId: 1,
      hostUserId: 1,
      prize: '奖品',
      quantity: 1,
      entryRule: 'none',
      drawInSeconds: 60,
    });
    expect(create.body.code).toBe(OPERATOR_ROLE_FORBIDDEN);
  });

  it('works in production, where the test-only draw call answers 404', async () => {
    const pro = await createTestApp({ APP_ENV: 'pro' });
    try {
      const proOps = await loginOperator(pro, 'live_ops');
      const host = await signedInUser(pro.app, pro.db, 'bs-lottery-pro');
      const created = await proOps.call(contract.lottery.createLottery, {
        streamId: 1,
        hostUserId: host.userId,
        prize: '奖品',
        quantity: 1,
        entryRule: 'none',
        drawInSeconds: 60,
      });
      expect(created.body.code).toBe(SUCCESS);
      const draw = await pro.signedInject(contract.lottery.drawLottery, {
        lotteryId: created.body.data.lotteryId,
      });
      expect(draw.status).toBe(404);
    } finally {
      await pro.close();
    }
  });
});
