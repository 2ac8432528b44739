import { contract } from '@h5/contract';
import { SUCCESS } from '@h5/core';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { lotteryWinners } from '../db/schema';
import type { TestApp } from './app';
import { signedInUser } from './feedback';
import { loginOperator, type TestOperator } from './operators';

export type LotteryUser = Awaited<ReturnType<typeof signedInUser>>;

/** A winner's address the seedless tests give (the picker's form: province city district). */
export const LOTTERY_ADDRESS = {
  name: '张三',
  mobile: '13800138000',
  region: '广东省 深圳市 南山区',
  street: '科技园南路 88 号 2 栋',
};

const liveOpsOf = new WeakMap<TestApp, Promise<TestOperator>>();

/** The test app's one live_ops operator (logged in once: a login hashes with argon2). */
export function liveOps(t: TestApp): Promise<TestOperator> {
  let operator = liveOpsOf.get(t);
  if (!operator) {
    operator = loginOperator(t, 'live_ops');
    liveOpsOf.set(t, operator);
  }
  return operator;
}

/** A host's lottery in stream `streamId`, and `entrants` users who entered it; drawn when `draw`. */
export async function lotteryWith(
  t: TestApp,
  entrants: number,
  quantity: number,
  options: { draw?: boolean; rule?: 'none' | 'follow' } = {},
) {
  const host = await signedInUser(t.app, t.db, 'lottery-host');
  const streamId = 700_000 + host.userId;
  const created = await (await liveOps(t)).call(contract.lottery.createLottery, {
    streamId,
    hostUserId: host.userId,
    prize: '签名球鞋一双',
    quantity,
    entryRule: options.rule ?? 'none',
    drawInSeconds: 600,
  });
  expect(created.body.code).toBe(SUCCESS);
  const lotteryId = created.body.data.lotteryId;
  const users: LotteryUser[] = [];
  for (let i = 0; i < entrants; i++) {
    const user = await signedInUser(t.app, t.db, `lottery-fan-${i}`);
    const entered = await t.signedInject(
      contract.lottery.enterLottery,
      { lotteryId },
      { cookies: user.cookies },
    );
    expect(entered.body.data.my.state).toBe('entered');
    users.push(user);
  }
  if (options.draw) await t.signedInject(contract.lottery.drawLottery, { lotteryId });
  return { host, streamId, lotteryId, users };
}

/** The drawn winners' user ids, ascending. */
export async function winnerIds(t: TestApp, lotteryId: number): Promise<number[]> {
  const rows = await t.db.select().from(lotteryWinners).where(eq(lotteryWinners.lotteryId, lotteryId));
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}
