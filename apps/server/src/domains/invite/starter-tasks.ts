import type { StarterTask, StarterTaskKey } from '@h5/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

// Issue 18 point 3: an invitee's starter tasks, the ONE definition behind the inviter's progress
// (activity-page, weekly report) and the invitee's own task page (task-page). Nothing is stored:
// progress is counted from the rows the product writes on every read — the user's contents
// (`contents.author_id`), follows of creators (`follows`) and lights (`content_lights`).

export interface StarterTaskDefinition {
  key: StarterTaskKey;
  title: string;
  /** How many rows make the task done. */
  target: number;
}

/** The starter tasks, in the order they are shown. */
export const STARTER_TASKS: readonly StarterTaskDefinition[] = [
  { key: 'publish', title: '发布第一篇内容', target: 1 },
  { key: 'follow', title: '关注 3 位创作者', target: 3 },
  { key: 'light', title: '点亮 5 篇内容', target: 5 },
];

const targetOf = (key: StarterTaskKey): number => STARTER_TASKS.find((t) => t.key === key)?.target ?? 1;

/**
 * Per user of `userIds` (a subquery or a value list of user ids), the rows counted for each task,
 * each capped at its target (the count reads at most `target` rows: cheap for busy users).
 * A creator is a user marked as one or anyone who published a content.
 */
export function starterCountsSql(userIds: SQL): SQL {
  return sql`
    select u.id as user_id,
      (select count(*) from (select 1 from contents c where c.author_id = u.id and c.review_state = 'approved'
        limit ${targetOf('publish')}) p)::int as publish,
      (select count(*) from (select 1 from follows f join users fu on fu.id = f.followee_id
        where f.follower_id = u.id
          and (fu.is_creator or exists (select 1 from contents fc where fc.author_id = f.followee_id))
        limit ${targetOf('follow')}) fo)::int as follow,
      (select count(*) from (select 1 from content_lights l where l.user_id = u.id
        limit ${targetOf('light')}) li)::int as light
    from users u where u.id in (${userIds})`;
}

type CountsRow = { user_id: number } & Record<StarterTaskKey, number>;

/** The tasks of one user from their counts. */
export function starterTasksOf(counts: Partial<Record<StarterTaskKey, number>>): StarterTask[] {
  return STARTER_TASKS.map(({ key, title, target }) => {
    const progress = Math.min(target, Number(counts[key] ?? 0));
    return { key, title, target, progress, done: progress >= target };
  });
}

/**
 * The starter tasks of each user in `userIds`, by user id (an unknown id gets every task at 0).
 * One query for the whole list.
 */
export async function starterTaskProgress(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, StarterTask[]>> {
  const ids = [...new Set(userIds)];
  const progress = new Map<number, StarterTask[]>();
  if (ids.length === 0) return progress;
  const list = sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  const rows = rowsOf<CountsRow>(await db.execute(starterCountsSql(list)));
  const byUser = new Map(rows.map((row) => [Number(row.user_id), row]));
  for (const id of ids) progress.set(id, starterTasksOf(byUser.get(id) ?? {}));
  return progress;
}

/** A condition on a counts row (`s`) that every task is done. */
const allDoneSql = sql.join(
  STARTER_TASKS.map(({ key, target }) => sql`s.${sql.identifier(key)} >= ${target}`),
  sql` and `,
);

/** How many users of `userIds` (a subquery) finished every starter task. */
export async function finishedStarterCount(db: Db, userIds: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (${starterCountsSql(userIds)}) s where ${allDoneSql}`,
    ),
  );
  return Number(row?.n ?? 0);
}
