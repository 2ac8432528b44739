import type { ActivityState, ActivityWindow } from '@h5/contract';
import { ACTIVITY_NOT_FOUND, AI_ACTIVITY_ENDED, AI_ACTIVITY_NOT_STARTED } from '@h5/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { ACTIVITY_MESSAGES } from './messages';

type ActivityRow = typeof activities.$inferSelect;

/** Where `now` falls in a window: the start is inside it, the end is not. */
export function stateAt(row: Pick<ActivityRow, 'startsAt' | 'endsAt'>, now: Date): ActivityState {
  if (now < row.startsAt) return 'upcoming';
  return now < row.endsAt ? 'running' : 'ended';
}

/** The activity codes a window answers: its own code until an operator chose others. */
export const codesOf = (row: Pick<ActivityRow, 'code' | 'codes'>): string[] => row.codes ?? [row.code];

/** The window that answers `code` (one at most: the backstage keeps codes to one window each). */
async function activityRow(db: Db, code: string): Promise<ActivityRow> {
  const [row] = await db
    .select()
    .from(activities)
    .where(sql`${code} = any(coalesce(${activities.codes}, array[${activities.code}]))`)
    .limit(1);
  if (!row) throw new AppError(ACTIVITY_NOT_FOUND, ACTIVITY_MESSAGES.notFound(code));
  return row;
}

// The code asked about, which the page knows, even where another activity's window answers it.
const windowOf = (code: string, row: ActivityRow, now: Date): ActivityWindow => ({
  code,
  title: row.title,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  state: stateAt(row, now),
});

/** An activity's window and state (readable at any time: a page says when it starts or ended). */
export async function activityWindow(db: Db, code: string, now = new Date()): Promise<ActivityWindow> {
  return windowOf(code, await activityRow(db, code), now);
}

/**
 * The one gate of every activity action: the window when the activity runs, else the spec's
 * refusal (202010008 before the start, 202010009 from the end on) with the window as `data`.
 */
export async function requireRunning(db: Db, code: string, now = new Date()): Promise<ActivityWindow> {
  const window = windowOf(code, await activityRow(db, code), now);
  if (window.state === 'upcoming')
    throw new AppError(
      AI_ACTIVITY_NOT_STARTED,
      ACTIVITY_MESSAGES.notStarted(new Date(window.startsAt)),
      200,
      window,
    );
  if (window.state === 'ended')
    throw new AppError(AI_ACTIVITY_ENDED, ACTIVITY_MESSAGES.ended(new Date(window.endsAt)), 200, window);
  return window;
}
