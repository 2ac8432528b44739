import { contract } from '@h5/contract';
import { COMMISSION_NOT_ELIGIBLE, SUCCESS, TOURIST } from '@h5/core';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { accusations, accuseReasons, commissionMembers, contents, follows, users } from '../../db/schema';
import { createTestApp, signedInUser, type TestApp } from '../../test-utils';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new creator with `fans` followers (seeded users) and `made` contents. */
async function creator(fans: number, made: number) {
  const user = await signedInUser(t.app, t.db, 'commission-creator');
  const others = await t.db.select({ id: users.id }).from(users).where(ne(users.id, user.userId)).limit(fans);
  if (others.length > 0)
    await t.db.insert(follows).values(others.map((o) => ({ followerId: o.id, followeeId: user.userId })));
  const ids: number[] = [];
  for (let i = 0; i < made; i++) {
    const [row] = await t.db
      .insert(contents)
      .values({ authorId: user.userId, contentType: 2, title: `佣金测试内容 ${i}`, body: '正文' })
      .returning({ id: contents.id });
    ids.push((row as { id: number }).id);
  }
  return { ...user, contentIds: ids, as: { cookies: user.cookies } };
}

async function upheldReportOn(contentId: number) {
  const [reason] = await t.db.select({ id: accuseReasons.id }).from(accuseReasons).limit(1);
  const reporter = await signedInUser(t.app, t.db, 'commission-reporter');
  await t.db.insert(accusations).values({
    userId: reporter.userId,
    targetType: 'content',
    targetId: String(contentId),
    reasonId: (reason as { id: number }).id,
    images: [],
    status: 'upheld',
    requestId: crypto.randomUUID(),
  });
}

describe('commission check and join', () => {
  it('refuses a visitor with 7999', async () => {
    expect((await t.signedInject(contract.commerce.commissionCheck, {})).body.code).toBe(TOURIST);
    expect((await t.signedInject(contract.commerce.commissionJoin, {})).body.code).toBe(TOURIST);
  });

  it('tells a new user the rules with their figures, and refuses the join naming every unmet rule', async () => {
    const c = await creator(3, 2);
    const check = await t.signedInject(contract.commerce.commissionCheck, {}, c.as);
    expect(check.body.data).toEqual({
      eligible: false,
      joined: false,
      joinedAt: null,
      rules: [
        { key: 'followers', title: '粉丝数达到 100', met: false, current: 3, required: 100 },
        { key: 'contents', title: '发布内容达到 10 篇', met: false, current: 2, required: 10 },
        { key: 'clean', title: '近 90 天无违规（被举报并经审核成立）', met: true, current: 0, required: 0 },
      ],
    });
    const join = await t.signedInject(contract.commerce.commissionJoin, {}, c.as);
    expect(join.body).toMatchObject({
      code: COMMISSION_NOT_ELIGIBLE,
      msg: '暂不满足加入条件：粉丝数达到 100（当前 3）；发布内容达到 10 篇（当前 2）',
    });
    expect(await t.db.select().from(commissionMembers).where(eq(commissionMembers.userId, c.userId))).toEqual(
      [],
    );
  });

  it('joins an eligible creator once under 20 concurrent joins; a repeat answers the same join', async () => {
    const c = await creator(100, 10);
    expect((await t.signedInject(contract.commerce.commissionCheck, {}, c.as)).body.data.eligible).toBe(true);
    const joins = await Promise.all(
      Array.from({ length: 20 }, () => t.signedInject(contract.commerce.commissionJoin, {}, c.as)),
    );
    expect(joins.every((j) => j.body.code === SUCCESS && j.body.data.joined)).toBe(true);
    const [rows] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from commission_members where user_id = ${c.userId}`),
    );
    expect(rows?.n).toBe(1);
    const again = await t.signedInject(contract.commerce.commissionJoin, {}, c.as);
    const [member] = await t.db
      .select()
      .from(commissionMembers)
      .where(eq(commissionMembers.userId, c.userId));
    expect(again.body.data.joinedAt).toBe(member?.joinedAt.toISOString());
  });

  it('an upheld report in the last 90 days keeps an otherwise eligible creator out', async () => {
    const c = await creator(100, 10);
    await upheldReportOn(c.contentIds[0] as number);
    const check = await t.signedInject(contract.commerce.commissionCheck, {}, c.as);
    expect(check.body.data.eligible).toBe(false);
    expect(check.body.data.rules[2]).toMatchObject({ key: 'clean', met: false, current: 1 });
    const join = await t.signedInject(contract.commerce.commissionJoin, {}, c.as);
    expect(join.body.msg).toBe('暂不满足加入条件：近 90 天无违规（被举报并经审核成立）（当前 1 次）');
  });
});
