import { contract } from '@h5/contract';
import { BAD_REQUEST, SUCCESS } from '@h5/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  LOTTERY_ADDRESS,
  type LotteryUser,
  lotteryWith,
  type TestApp,
  winnerIds,
} from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A drawn one-prize lottery and its winner. */
async function drawnWinner() {
  const { lotteryId, users } = await lotteryWith(t, 1, 1, { draw: true });
  const [winnerId] = await winnerIds(t, lotteryId);
  return { lotteryId, winner: users.find((u) => u.userId === winnerId) as LotteryUser };
}

// Issue 26 point 7: the region is one of the national division's province / city / district
// triples (@vant/area-data, decision 015), on the wire form-encoded as the spec has it.
describe('lottery address: the region against the national division', () => {
  it('takes a region of any province, e.g. 新疆, 西藏, 黑龙江, down to the district', async () => {
    for (const region of [
      '新疆维吾尔自治区 乌鲁木齐市 天山区',
      '西藏自治区 拉萨市 城关区',
      '黑龙江省 哈尔滨市 南岗区',
    ]) {
      const { lotteryId, winner } = await drawnWinner();
      const res = await t.signedInject(
        contract.lottery.addrSubmit,
        { lotteryId, ...LOTTERY_ADDRESS, region },
        { cookies: winner.cookies },
      );
      expect(res.body.code).toBe(SUCCESS);
      expect(res.body.data.my.address?.region).toBe(region);
    }
  });

  it.each([
    ['an unknown province', '火星 奥林匹斯市 山区'],
    ['a city of another province', '广东省 杭州市 西湖区'],
    ['a district of another city', '北京市 北京市 南山区'],
  ])('refuses %s with a 400 naming the region, on submit and on update', async (_, region) => {
    const { lotteryId, winner } = await drawnWinner();
    const refused = await t.signedInject(
      contract.lottery.addrSubmit,
      { lotteryId, ...LOTTERY_ADDRESS, region },
      { cookies: winner.cookies },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: BAD_REQUEST,
      msg: 'region: 所在地区不存在，请重新选择省、市、区县',
    });
    const submitted = await t.signedInject(
      contract.lottery.addrSubmit,
      { lotteryId, ...LOTTERY_ADDRESS },
      { cookies: winner.cookies },
    );
    expect(submitted.body.code).toBe(SUCCESS);
    const update = await t.signedInject(
      contract.lottery.addrUpdate,
      { lotteryId, ...LOTTERY_ADDRESS, region },
      { cookies: winner.cookies },
    );
    expect(update.status).toBe(400);
    expect(update.body.msg).toBe('region: 所在地区不存在，请重新选择省、市、区县');
    expect(
      (await t.signedInject(contract.lottery.lotteryInfo, { lotteryId }, { cookies: winner.cookies })).body
        .data.my.address?.region,
    ).toBe(LOTTERY_ADDRESS.region);
  });

  it('keeps every region the old eight-province picker offered (stored addresses change as before)', async () => {
    const { lotteryId, winner } = await drawnWinner();
    for (const [i, region] of [
      '广东省 东莞市 松山湖',
      '江苏省 苏州市 工业园区',
      '四川省 成都市 高新区',
      '上海市 上海市 浦东新区',
    ].entries()) {
      const call = i === 0 ? contract.lottery.addrSubmit : contract.lottery.addrUpdate;
      const res = await t.signedInject(
        call,
        { lotteryId, ...LOTTERY_ADDRESS, region },
        { cookies: winner.cookies },
      );
      expect(res.body.code).toBe(SUCCESS);
    }
  });
});
