import { contract } from '@h5/contract';
import {
  BAD_REQUEST,
  FORBIDDEN,
  LOTTERY_ADDRESS_EXISTS,
  LOTTERY_ADDRESS_MISSING,
  LOTTERY_CLOSED,
  LOTTERY_FOLLOW_REQUIRED,
  LOTTERY_HOST_CANNOT_ENTER,
  LOTTERY_NOT_DRAWN,
  LOTTERY_NOT_WINNER,
  LOTTERY_SHIPPED,
  NOT_FOUND,
  SIGN_INVALID,
  SUCCESS,
  TOURIST,
} from '@h5/core';
import { buildRequest } from '@h5/request';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { follows, lotteries, lotteryWinners, notifications } from '../../db/schema';
import {
  LOTTERY_ADDRESS as ADDRESS,
  createTestApp,
  type LotteryUser,
  lotteryWith,
  signedInUser,
  type TestApp,
  winnerIds,
} from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = LotteryUser;

describe('lottery/info and entering', () => {
  it('tells a visitor the lottery, by id and by stream; refuses an unknown one and a query without either', async () => {
    const { lotteryId, streamId } = await lotteryWith(t, 2, 1);
    const byId = await t.signedInject(contract.lottery.lotteryInfo, { lotteryId });
    expect(byId.body.data).toMatchObject({
      prize: '签名球鞋一双',
      quantity: 1,
      drawn: false,
      entrantCount: 2,
    });
    expect(byId.body.data.my).toEqual({ state: 'visitor', address: null, shipping: null });
    expect(byId.body.data.winners).toBeNull();
    const byStream = await t.signedInject(contract.lottery.lotteryInfo, { streamId });
    expect(byStream.body.data.lotteryId).toBe(lotteryId);
    const unknown = await t.signedInject(contract.lottery.lotteryInfo, { lotteryId: 2_000_000_000 });
    expect(unknown.body).toMatchObject({ code: NOT_FOUND, msg: '抽奖不存在' });
    const neither = await t.signedInject(contract.lottery.lotteryInfo, {});
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ code: BAD_REQUEST, msg: 'lotteryId: 请提供 lotteryId 或 streamId' });
  });

  it('takes one entry per user however often they tap; a visitor gets the login; the host cannot enter', async () => {
    const { lotteryId, host, users } = await lotteryWith(t, 1, 1);
    const fan = users[0] as User;
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.signedInject(contract.lottery.enterLottery, { lotteryId }, { cookies: fan.cookies }),
      ),
    );
    expect(again.map((r) => r.body.code)).toEqual([SUCCESS, SUCCESS, SUCCESS, SUCCESS, SUCCESS]);
    const [entries] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from lottery_entries where lottery_id = ${lotteryId}`),
    );
    expect(entries?.n).toBe(1);
    expect((await t.signedInject(contract.lottery.enterLottery, { lotteryId })).body.code).toBe(TOURIST);
    const own = await t.signedInject(contract.lottery.enterLottery, { lotteryId }, { cookies: host.cookies });
    expect(own.body).toMatchObject({ code: LOTTERY_HOST_CANNOT_ENTER, msg: '主播不能参与自己的抽奖' });
  });

  it('a follow-only lottery takes the host’s followers only', async () => {
    const { lotteryId, host } = await lotteryWith(t, 0, 1, { rule: 'follow' });
    const fan = await signedInUser(t.app, t.db, 'lottery-follower');
    const refused = await t.signedInject(
      contract.lottery.enterLottery,
      { lotteryId },
      { cookies: fan.cookies },
    );
    expect(refused.body).toMatchObject({ code: LOTTERY_FOLLOW_REQUIRED, msg: '关注主播后才能参与本次抽奖' });
    await t.db.insert(follows).values({ followerId: fan.userId, followeeId: host.userId });
    const entered = await t.signedInject(
      contract.lottery.enterLottery,
      { lotteryId },
      { cookies: fan.cookies },
    );
    expect(entered.body.data.my.state).toBe('entered');
  });

  it('draws once, at its time, among the entrants: concurrent readers see one set of winners', async () => {
    const { lotteryId, users } = await lotteryWith(t, 6, 2);
    await t.db
      .update(lotteries)
      .set({ drawAt: sql`now() - interval '1 second'` })
      .where(eq(lotteries.id, lotteryId));
    const reads = await Promise.all(
      users.map((u) => t.signedInject(contract.lottery.lotteryInfo, { lotteryId }, { cookies: u.cookies })),
    );
    const winners = await winnerIds(t, lotteryId);
    expect(winners).toHaveLength(2);
    const entrantIds = users.map((u) => u.userId);
    for (const id of winners) expect(entrantIds).toContain(id);
    expect(reads.map((r) => r.body.data.my.state).sort()).toEqual([
      'lost',
      'lost',
      'lost',
      'lost',
      'won',
      'won',
    ]);
    // A second draw changes nothing.
    await t.signedInject(contract.lottery.drawLottery, { lotteryId });
    expect(await winnerIds(t, lotteryId)).toEqual(winners);
    // Issue 32 point 3: each winner, and nobody else, got one notice of the win.
    const notices = await t.db
      .select({ userId: notifications.recipientId, text: notifications.text, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `system:lottery:${lotteryId}`));
    expect(notices.sort((a, b) => a.userId - b.userId)).toEqual(
      winners.map((userId) => ({
        userId,
        text: '恭喜你在直播抽奖中抽中「签名球鞋一双」，请尽快填写收货地址',
        link: `/live/lottery?lotteryId=${lotteryId}`,
      })),
    );
    const late = await signedInUser(t.app, t.db, 'lottery-late');
    const closed = await t.signedInject(
      contract.lottery.enterLottery,
      { lotteryId },
      { cookies: late.cookies },
    );
    expect(closed.body).toMatchObject({ code: LOTTERY_CLOSED, msg: '本次抽奖已截止参与' });
  });

  it('with fewer entrants than prizes, everyone wins; with none, nobody', async () => {
    const few = await lotteryWith(t, 2, 5, { draw: true });
    expect(await winnerIds(t, few.lotteryId)).toEqual(few.users.map((u) => u.userId).sort((a, b) => a - b));
    const none = await lotteryWith(t, 0, 3, { draw: true });
    expect(await winnerIds(t, none.lotteryId)).toEqual([]);
    expect(
      (await t.signedInject(contract.lottery.lotteryInfo, { lotteryId: none.lotteryId })).body.data.drawn,
    ).toBe(true);
  });
});

describe('the winner’s address and the host’s waybill (form-encoded)', () => {
  it('refuses an address before the draw and from a loser, and names a bad field', async () => {
    const pending = await lotteryWith(t, 1, 1);
    const early = await t.signedInject(
      contract.lottery.addrSubmit,
      { lotteryId: pending.lotteryId, ...ADDRESS },
      { cookies: (pending.users[0] as User).cookies },
    );
    expect(early.body).toMatchObject({
      code: LOTTERY_NOT_DRAWN,
      msg: '尚未开奖，开奖后中奖用户才能填写收货地址',
    });
    const drawn = await lotteryWith(t, 3, 1, { draw: true });
    const [winnerId] = await winnerIds(t, drawn.lotteryId);
    const loser = drawn.users.find((u) => u.userId !== winnerId) as User;
    const refused = await t.signedInject(
      contract.lottery.addrSubmit,
      { lotteryId: drawn.lotteryId, ...ADDRESS },
      { cookies: loser.cookies },
    );
    expect(refused.body).toMatchObject({ code: LOTTERY_NOT_WINNER, msg: '未中奖，无法填写收货地址' });
    const winner = drawn.users.find((u) => u.userId === winnerId) as User;
    const bad = await t.signedInject(
      contract.lottery.addrSubmit,
      { lotteryId: drawn.lotteryId, ...ADDRESS, mobile: '1380013' },
      { cookies: winner.cookies },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('mobile: 请填写正确的 11 位手机号');
    const noRegion = await t.signedInject(
      contract.lottery.addrSubmit,
      { lotteryId: drawn.lotteryId, ...ADDRESS, region: '广东省' },
      { cookies: winner.cookies },
    );
    expect(noRegion.body.msg).toBe('region: 请选择所在地区（省 市 区）');
  });

  it('keeps one address per prize under 20 concurrent submits; updates it until shipped; then refuses', async () => {
    const { lotteryId, users, host } = await lotteryWith(t, 2, 1, { draw: true });
    const [winnerId] = await winnerIds(t, lotteryId);
    const winner = users.find((u) => u.userId === winnerId) as User;
    const submits = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.signedInject(
          contract.lottery.addrSubmit,
          { lotteryId, ...ADDRESS, street: `科技园南路 ${i + 1} 号` },
          { cookies: winner.cookies },
        ),
      ),
    );
    const codes = submits.map((r) => r.body.code);
    expect(codes.filter((c) => c === SUCCESS)).toHaveLength(1);
    expect(codes.filter((c) => c === LOTTERY_ADDRESS_EXISTS)).toHaveLength(19);
    expect(submits.find((r) => r.body.code === LOTTERY_ADDRESS_EXISTS)?.body.msg).toBe(
      '收货地址已提交，如需修改请使用修改地址',
    );
    const stored = await t.db.select().from(lotteryWinners).where(eq(lotteryWinners.lotteryId, lotteryId));
    expect(stored).toHaveLength(1);
    const accepted = submits.find((r) => r.body.code === SUCCESS)?.body.data.my.address;
    expect(stored[0]?.street).toBe(accepted?.street);

    const updated = await t.signedInject(
      contract.lottery.addrUpdate,
      { lotteryId, ...ADDRESS, street: '深南大道 1000 号 3 楼' },
      { cookies: winner.cookies },
    );
    expect(updated.body.data.my).toMatchObject({
      state: 'won',
      address: { ...ADDRESS, street: '深南大道 1000 号 3 楼' },
      shipping: { state: 'awaiting_shipment', trackingNo: null },
    });

    const notHost = await t.signedInject(
      contract.lottery.waybillSubmit,
      { lotteryId, winnerUserId: winner.userId, courier: '顺丰速运', trackingNo: 'SF1234567890' },
      { cookies: winner.cookies },
    );
    expect(notHost.body).toMatchObject({ code: FORBIDDEN, msg: '只有本场主播可以填写运单' });
    const shipped = await t.signedInject(
      contract.lottery.waybillSubmit,
      { lotteryId, winnerUserId: winner.userId, courier: '顺丰速运', trackingNo: 'SF1234567890' },
      { cookies: host.cookies },
    );
    expect(shipped.body.data.winners).toEqual([
      expect.objectContaining({
        shipping: expect.objectContaining({ state: 'shipped', trackingNo: 'SF1234567890' }),
      }),
    ]);
    const seen = await t.signedInject(
      contract.lottery.lotteryInfo,
      { lotteryId },
      { cookies: winner.cookies },
    );
    expect(seen.body.data.my.shipping).toMatchObject({
      state: 'shipped',
      courier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    const late = await t.signedInject(
      contract.lottery.addrUpdate,
      { lotteryId, ...ADDRESS },
      { cookies: winner.cookies },
    );
    expect(late.body).toMatchObject({ code: LOTTERY_SHIPPED, msg: '奖品已发货，收货地址不能再修改' });
  });

  it('refuses a waybill before the winner’s address, and an update before any address', async () => {
    const { lotteryId, users, host } = await lotteryWith(t, 1, 1, { draw: true });
    const winner = users[0] as User;
    const waybill = await t.signedInject(
      contract.lottery.waybillSubmit,
      { lotteryId, winnerUserId: winner.userId, courier: '中通快递', trackingNo: 'ZT88888888' },
      { cookies: host.cookies },
    );
    expect(waybill.body).toMatchObject({
      code: LOTTERY_ADDRESS_MISSING,
      msg: '中奖用户尚未填写收货地址，暂不能填写运单',
    });
    const update = await t.signedInject(
      contract.lottery.addrUpdate,
      { lotteryId, ...ADDRESS },
      { cookies: winner.cookies },
    );
    expect(update.body).toMatchObject({ code: LOTTERY_ADDRESS_MISSING, msg: '还没有提交收货地址，请先填写' });
  });

  it('verifies the sign over the form body: a tampered field is refused with 403', async () => {
    const { lotteryId, users } = await lotteryWith(t, 1, 1, { draw: true });
    const winner = users[0] as User;
    const wire = buildRequest(contract.lottery.addrSubmit, { lotteryId, ...ADDRESS }, t.env.SIGN_SECRET);
    expect(wire.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const tampered = (wire.body ?? '').replace(encodeURIComponent('张三'), encodeURIComponent('李四'));
    expect(tampered).not.toBe(wire.body);
    const refused = await t.app.inject({
      method: 'POST',
      url: wire.url,
      headers: wire.headers,
      payload: tampered,
      cookies: winner.cookies,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: SIGN_INVALID });
    const honest = await t.app.inject({
      method: 'POST',
      url: wire.url,
      headers: wire.headers,
      payload: wire.body,
      cookies: winner.cookies,
    });
    expect(honest.json().data.my.address).toEqual(ADDRESS);
  });
});
