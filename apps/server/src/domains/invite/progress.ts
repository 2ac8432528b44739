import type { ActivityPage, PageQuery } from '@h5/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { inviteBindings, inviteRewards, users } from '../../db/schema';
import { userBrief } from './invitations';
import { finishedStarterCount, starterTaskProgress } from './starter-tasks';

const inviteeOrder = timeKeyset(inviteBindings.createdAt, inviteBindings.inviteeId);

/**
 * activity-page: the inviter's invitees, newest first and paged, each with their starter tasks
 * (counted from their rows now) and the reward credited for them; the totals over all of them.
 */
export async function activityPage(db: Db, inviterId: number, query: PageQuery): Promise<ActivityPage> {
  const mine = eq(inviteBindings.inviterId, inviterId);
  const inviteesOf = sql`select invitee_id from invite_bindings where inviter_id = ${inviterId}`;
  const [rows, [bindings], [rewards], finished] = await Promise.all([
    db
      .select({
        user: userBrief,
        joinedAt: inviteBindings.createdAt,
        via: inviteBindings.via,
        points: sql<number>`coalesce(${inviteRewards.points}, 0)::int`,
      })
      .from(inviteBindings)
      .innerJoin(users, eq(users.id, inviteBindings.inviteeId))
      .leftJoin(
        inviteRewards,
        and(
          eq(inviteRewards.inviterId, inviteBindings.inviterId),
          eq(inviteRewards.inviteeId, inviteBindings.inviteeId),
        ),
      )
      .where(and(mine, inviteeOrder.after(query.lastId)))
      .orderBy(...inviteeOrder.orderBy)
      .limit(rowsToRead(query)),
    db.select({ n: count() }).from(inviteBindings).where(mine),
    db
      .select({ points: sql<number>`coalesce(sum(${inviteRewards.points}), 0)::int` })
      .from(inviteRewards)
      .where(eq(inviteRewards.inviterId, inviterId)),
    finishedStarterCount(db, inviteesOf),
  ]);
  const page = pageFrom(rows, query.limit, (row) => inviteeOrder.cursor(row.joinedAt, row.user.userId));
  const tasks = await starterTaskProgress(
    db,
    page.list.map((row) => row.user.userId),
  );
  return {
    ...page,
    list: page.list.map((row) => ({
      user: row.user,
      joinedAt: row.joinedAt.toISOString(),
      via: row.via === 'bind' ? 'bind' : 'sign_up',
      tasks: tasks.get(row.user.userId) ?? [],
      rewardPoints: Number(row.points),
    })),
    totals: {
      signUps: bindings?.n ?? 0,
      rewardPoints: Number(rewards?.points ?? 0),
      finishedInvitees: finished,
    },
  };
}
