import { type BackstageWindow, type WindowValue, windowValueSchema } from '@h5/contract';
import { ACTIVITY_NOT_FOUND } from '@h5/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activities } from '../../db/schema';
import { AppError, badRequest } from '../../plugins/errors';
import type { OperatorSession } from '../../plugins/operator-session';
import { recordAudit } from '../backstage/audit';
import { appendVersion, currentVersions, versionValue } from '../backstage/versions';
import { ACTIVITY_MESSAGES } from './messages';
import { codesOf, stateAt } from './window';

type ActivityRow = typeof activities.$inferSelect;

const KIND = 'activity-window';

const windowValue = (row: ActivityRow): WindowValue => ({
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  codes: codesOf(row),
});

const listed = (row: ActivityRow, version: number, now: Date): BackstageWindow => ({
  code: row.code,
  title: row.title,
  ...windowValue(row),
  state: stateAt(row, now),
  version,
});

/** Every window with the codes it answers, its state now and its current version (issue 30 point 4). */
export async function listWindows(db: Db, now = new Date()): Promise<BackstageWindow[]> {
  const [rows, versions] = await Promise.all([
    db.select().from(activities).orderBy(asc(activities.code)),
    currentVersions(db, KIND),
  ]);
  return rows.map((row) => listed(row, versions.get(row.code) ?? 0, now));
}

/**
 * `value` made sure of against every window (`rows`, all of them): a start before the end, and
 * codes that are activities' codes answered by no other window. A 400 names the refused field.
 */
function checkedValue(value: WindowValue, code: string, rows: readonly ActivityRow[]) {
  const startsAt = new Date(value.startsAt);
  const endsAt = new Date(value.endsAt);
  if (Number.isNaN(startsAt.getTime())) throw badRequest('startsAt', ACTIVITY_MESSAGES.badTime);
  if (Number.isNaN(endsAt.getTime())) throw badRequest('endsAt', ACTIVITY_MESSAGES.badTime);
  if (endsAt <= startsAt) throw badRequest('endsAt', ACTIVITY_MESSAGES.endBeforeStart);
  const codes = [...new Set(value.codes)];
  for (const answered of codes) {
    if (!rows.some((row) => row.code === answered))
      throw badRequest('codes', ACTIVITY_MESSAGES.codeUnknown(answered));
    const other = rows.find((row) => row.code !== code && codesOf(row).includes(answered));
    if (other) throw badRequest('codes', ACTIVITY_MESSAGES.codeTaken(answered, other.code));
  }
  return { startsAt, endsAt, codes };
}

/** Sets a window to `value` as its next version, audited, in one transaction. */
async function applyWindow(
  db: Db,
  operator: OperatorSession,
  code: string,
  value: WindowValue,
  { restoredFrom, baseVersion }: { restoredFrom?: number; baseVersion?: number },
): Promise<BackstageWindow> {
  return db.transaction(async (tx) => {
    // Every row, locked: whether a code is free depends on the other windows.
    const rows = await tx.select().from(activities).orderBy(asc(activities.code)).for('update');
    const row = rows.find((candidate) => candidate.code === code);
    if (!row) throw new AppError(ACTIVITY_NOT_FOUND, ACTIVITY_MESSAGES.notFound(code));
    const next = checkedValue(value, code, rows);
    const [updated] = await tx.update(activities).set(next).where(eq(activities.code, code)).returning();
    if (!updated) throw new AppError(ACTIVITY_NOT_FOUND, ACTIVITY_MESSAGES.notFound(code));
    const before = windowValue(row);
    const after = windowValue(updated);
    const step = await appendVersion(tx, operator, {
      kind: KIND,
      documentId: code,
      previous: before,
      next: after,
      restoredFrom,
      baseVersion,
    });
    await recordAudit(tx, operator, {
      action: restoredFrom === undefined ? 'activity.window.update' : 'activity.window.restore',
      objectType: 'activity_window',
      objectId: code,
      before: { version: step.from, ...before },
      after: { version: step.to, ...after },
      reason: restoredFrom === undefined ? '' : ACTIVITY_MESSAGES.restored(restoredFrom),
    });
    return listed(updated, step.to, new Date());
  });
}

/** An operator's change of a window's start, end and codes. */
export const updateWindow = (
  db: Db,
  operator: OperatorSession,
  input: WindowValue & { code: string; baseVersion?: number },
): Promise<BackstageWindow> =>
  applyWindow(
    db,
    operator,
    input.code,
    { startsAt: input.startsAt, endsAt: input.endsAt, codes: input.codes },
    { baseVersion: input.baseVersion },
  );

/** Makes version `version` of a window current again, as its next version (checked like an edit). */
export async function restoreWindow(
  db: Db,
  operator: OperatorSession,
  input: { code: string; version: number; baseVersion?: number },
): Promise<BackstageWindow> {
  const value = windowValueSchema.parse(await versionValue(db, KIND, input.code, input.version));
  return applyWindow(db, operator, input.code, value, {
    restoredFrom: input.version,
    baseVersion: input.baseVersion,
  });
}
