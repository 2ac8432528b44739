import type { CommissionRule, CommissionState } from '@h5/contract';
import { COMMISSION_NOT_ELIGIBLE } from '@h5/core';
import { and, count, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accusations, commissionMembers, contents, follows } from '../../db/schema';
import { AppError } from '../../plugins/errors';

/**
 * The commission programme's rules (issue 17 point 2; docs/api.md): enough followers, enough
 * contents, and no report upheld by moderation against the creator or one of their contents in
 * the last 90 days. Figures come from `follows`, `contents` and `accusations`.
 */
export const COMMISSION_RULES = { followers: 100, contents: 10, cleanDays: 90 } as const;

const DAY_MS = 86_400_000;

/** The rules as the creator meets them now. */
export async function commissionRules(db: Db, userId: number, now = new Date()): Promise<CommissionRule[]> {
  const since = new Date(now.getTime() - COMMISSION_RULES.cleanDays * DAY_MS);
  const mine = db
    .select({ id: sql`${contents.id}::text` })
    .from(contents)
    .where(eq(contents.authorId, userId));
  const [[fans], [made], [upheld]] = await Promise.all([
    db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId)),
    db.select({ n: count() }).from(contents).where(eq(contents.authorId, userId)),
    db
      .select({ n: count() })
      .from(accusations)
      .where(
        and(
          eq(accusations.status, 'upheld'),
          gte(accusations.createdAt, since),
          or(
            and(eq(accusations.targetType, 'user'), eq(accusations.targetId, String(userId))),
            and(eq(accusations.targetType, 'content'), inArray(accusations.targetId, mine)),
          ),
        ),
      ),
  ]);
  const followers = fans?.n ?? 0;
  const madeCount = made?.n ?? 0;
  const upheldCount = upheld?.n ?? 0;
  return [
    {
      key: 'followers',
      title: `粉丝数达到 ${COMMISSION_RULES.followers}`,
      met: followers >= COMMISSION_RULES.followers,
      current: followers,
      required: COMMISSION_RULES.followers,
    },
    {
      key: 'contents',
      title: `发布内容达到 ${COMMISSION_RULES.contents} 篇`,
      met: madeCount >= COMMISSION_RULES.contents,
      current: madeCount,
      required: COMMISSION_RULES.contents,
    },
    {
      key: 'clean',
      title: `近 ${COMMISSION_RULES.cleanDays} 天无违规（被举报并经审核成立）`,
      met: upheldCount === 0,
      current: upheldCount,
      required: 0,
    },
  ];
}

async function stateOf(db: Db, userId: number): Promise<CommissionState> {
  const [rules, [member]] = await Promise.all([
    commissionRules(db, userId),
    db.select().from(commissionMembers).where(eq(commissionMembers.userId, userId)),
  ]);
  return {
    eligible: rules.every((r) => r.met),
    joined: member !== undefined,
    joinedAt: member?.joinedAt.toISOString() ?? null,
    rules,
  };
}

/** commission/check: the rules, whether they are all met, and whether the creator joined. */
export const commissionCheck = (db: Db, userId: number) => stateOf(db, userId);

/** The refusal of an ineligible creator: every unmet rule with the creator's figure. */
export function notEligible(rules: readonly CommissionRule[]): AppError {
  const unmet = rules
    .filter((r) => !r.met)
    .map((r) =>
      r.key === 'clean' ? `${r.title}（当前 ${r.current} 次）` : `${r.title}（当前 ${r.current}）`,
    );
  return new AppError(COMMISSION_NOT_ELIGIBLE, `暂不满足加入条件：${unmet.join('；')}`);
}

/**
 * commission/join: once. A member stays a member (a repeat answers the same join time: the
 * primary key and ON CONFLICT DO NOTHING make concurrent joins one row); an ineligible creator
 * is refused with the rules they do not meet.
 */
export async function commissionJoin(db: Db, userId: number): Promise<CommissionState> {
  const before = await stateOf(db, userId);
  if (before.joined) return before;
  if (!before.eligible) throw notEligible(before.rules);
  await db.insert(commissionMembers).values({ userId }).onConflictDoNothing();
  return stateOf(db, userId);
}
