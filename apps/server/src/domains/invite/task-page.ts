import type { SuggestedCreator, TaskPage } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { starterTaskProgress } from './starter-tasks';
import { TASK_MESSAGES } from './task-messages';

/** How many creators the follow task suggests at a time. */
export const SUGGESTED_CREATORS = 6;

/**
 * Creators `userId` does not follow yet (and not the user), most followed first: whom the follow
 * task suggests. Following one takes it off the list.
 */
export async function suggestedCreators(db: Db, userId: number): Promise<SuggestedCreator[]> {
  const rows = rowsOf<{
    user_id: number;
    user_name: string;
    avatar: string;
    follower_count: number;
    content_count: number;
  }>(
    await db.execute(sql`
      select u.id as user_id, u.user_name, u.avatar,
        (select count(*) from follows f where f.followee_id = u.id)::int as follower_count,
        (select count(*) from contents c where c.author_id = u.id)::int as content_count
      from users u
      where u.is_creator and u.id <> ${userId}
        and not exists (select 1 from follows mine where mine.follower_id = ${userId} and mine.followee_id = u.id)
      order by follower_count desc, u.id
      limit ${SUGGESTED_CREATORS}`),
  );
  return rows.map((r) => ({
    userId: r.user_id,
    userName: r.user_name,
    avatar: r.avatar,
    followerCount: r.follower_count,
    contentCount: r.content_count,
  }));
}

/** task-page: the caller's starter tasks from their rows, the badges they light, creators to follow. */
export async function taskPage(db: Db, userId: number): Promise<TaskPage> {
  const [progress, creators] = await Promise.all([
    starterTaskProgress(db, [userId]),
    suggestedCreators(db, userId),
  ]);
  const tasks = (progress.get(userId) ?? []).map((task) => ({
    ...task,
    reward: TASK_MESSAGES.rewards[task.key],
    hint: TASK_MESSAGES.hints[task.key],
  }));
  const doneCount = tasks.filter((t) => t.done).length;
  return {
    tasks,
    doneCount,
    reward: { ...TASK_MESSAGES.graduation, earned: doneCount === tasks.length },
    suggestedCreators: creators,
  };
}
