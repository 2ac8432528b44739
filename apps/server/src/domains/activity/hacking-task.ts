import type { HackingCommit, HackingTask } from '@h5/contract';
import { HACKING_CONTENT_NOT_OWNED, HACKING_TASK_ALREADY_COMMITTED, NOT_FOUND } from '@h5/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contents, hackingTaskCommits, hackingTasks } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { visibleContent } from '../content/visible';
import { ACTIVITY_MESSAGES } from './messages';
import { activityWindow, requireRunning } from './window';

const commitOf = (row: typeof hackingTaskCommits.$inferSelect): HackingCommit => ({
  commitId: row.id,
  taskId: row.taskId,
  contentId: row.contentId,
  committedAt: row.createdAt.toISOString(),
});

/** GET task/list (ours): an activity's tasks in id order, each with the caller's commit (null for a visitor). */
export async function hackingTaskList(
  db: Db,
  viewerId: number | null,
  code: string,
): Promise<{ list: HackingTask[] }> {
  await activityWindow(db, code); // 4501 for an unknown activity
  const rows = await db
    .select({ task: hackingTasks, commit: hackingTaskCommits })
    .from(hackingTasks)
    .leftJoin(
      hackingTaskCommits,
      and(eq(hackingTaskCommits.taskId, hackingTasks.id), eq(hackingTaskCommits.userId, viewerId ?? 0)),
    )
    .where(eq(hackingTasks.activityCode, code))
    .orderBy(asc(hackingTasks.id));
  return {
    list: rows.map(({ task, commit }) => ({
      taskId: task.id,
      title: task.title,
      commit: commit ? commitOf(commit) : null,
    })),
  };
}

/**
 * POST /hacking-task/v1/task/commit: the caller's content for a task of a running activity.
 * Checked in order: the task exists, its activity's window, the content is the caller's; the
 * unique (task, user) pair makes one commit under concurrent or repeated commits, the rest refused.
 */
export async function commitHackingTask(
  db: Db,
  userId: number,
  input: { taskId: number; contentId: number },
  now = new Date(),
): Promise<HackingCommit> {
  const [task] = await db.select().from(hackingTasks).where(eq(hackingTasks.id, input.taskId));
  if (!task) throw new AppError(NOT_FOUND, ACTIVITY_MESSAGES.taskNotFound(input.taskId));
  await requireRunning(db, task.activityCode, now);
  const [owned] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, input.contentId), eq(contents.authorId, userId), visibleContent));
  if (!owned)
    throw new AppError(HACKING_CONTENT_NOT_OWNED, ACTIVITY_MESSAGES.contentNotOwned(input.contentId));
  const [row] = await db
    .insert(hackingTaskCommits)
    .values({ taskId: task.id, userId, contentId: input.contentId })
    .onConflictDoNothing({ target: [hackingTaskCommits.taskId, hackingTaskCommits.userId] })
    .returning();
  if (!row) throw new AppError(HACKING_TASK_ALREADY_COMMITTED, ACTIVITY_MESSAGES.taskAlreadyCommitted);
  return commitOf(row);
}
