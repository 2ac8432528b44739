import { DOCUMENT_VERSION_CONFLICT } from '@h5/core';
import { and, desc, eq, max } from 'drizzle-orm';
import type { Db, ReadDb } from '../../db/client';
import { documentVersions } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import type { OperatorSession } from '../../plugins/operator-session';

/** The kinds of document the backstage versions (issue 30 point 4). */
export type VersionKind = 'activity-window' | 'config';

/** What the backstage says about versions (zh-CN; docs/api.md "Backstage"). */
export const VERSION_MESSAGES = {
  notFound: (version: number) => `版本 ${version} 不存在`,
  conflict: (seen: number, current: number) =>
    `你看到的是版本 ${seen}，此后已有人保存为版本 ${current}：请刷新，在最新版本上修改`,
} as const;

/** Each document's current version number of `kind` (a document never edited is absent: version 0). */
export async function currentVersions(db: ReadDb, kind: VersionKind): Promise<Map<string, number>> {
  const rows = await db
    .select({ documentId: documentVersions.documentId, version: max(documentVersions.version) })
    .from(documentVersions)
    .where(eq(documentVersions.kind, kind))
    .groupBy(documentVersions.documentId);
  return new Map(rows.map((row) => [row.documentId, row.version ?? 0]));
}

/** A document's versions, newest first, as the backstage's history shows them. */
export async function versionHistory(db: ReadDb, kind: VersionKind, documentId: string) {
  const rows = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.kind, kind), eq(documentVersions.documentId, documentId)))
    .orderBy(desc(documentVersions.version));
  return rows.map((row) => ({
    version: row.version,
    value: row.value,
    operatorName: row.operatorName,
    restoredFrom: row.restoredFrom,
    at: row.at.toISOString(),
  }));
}

/** The value of one version of a document; a business 404 naming the version when there is none. */
export async function versionValue(
  db: Db,
  kind: VersionKind,
  documentId: string,
  version: number,
): Promise<unknown> {
  const [row] = await db
    .select({ value: documentVersions.value })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.kind, kind),
        eq(documentVersions.documentId, documentId),
        eq(documentVersions.version, version),
      ),
    );
  if (!row) throw notFound(VERSION_MESSAGES.notFound(version));
  return row.value;
}

/** The version numbers one change went from and to. */
export interface VersionStep {
  from: number;
  to: number;
}

/**
 * Stores `next` as a document's next version. The first edit first keeps the value found
 * (`previous`) as version 1, so that value can be restored too. Call it inside the change's
 * transaction, after locking the document's row: the numbers are then taken one writer at a time
 * (and the primary key refuses a duplicate anyway).
 */
export async function appendVersion(
  tx: Db,
  operator: OperatorSession,
  change: {
    kind: VersionKind;
    documentId: string;
    previous: unknown;
    next: unknown;
    restoredFrom?: number;
    /** The version the operator's page showed: another is current → 5007, nothing saved. */
    baseVersion?: number;
  },
): Promise<VersionStep> {
  const { kind, documentId } = change;
  const [last] = await tx
    .select({ version: max(documentVersions.version) })
    .from(documentVersions)
    .where(and(eq(documentVersions.kind, kind), eq(documentVersions.documentId, documentId)));
  let from = last?.version ?? 0;
  if (change.baseVersion !== undefined && change.baseVersion !== from)
    throw new AppError(DOCUMENT_VERSION_CONFLICT, VERSION_MESSAGES.conflict(change.baseVersion, from));
  if (from === 0) {
    await tx.insert(documentVersions).values({ kind, documentId, version: 1, value: change.previous });
    from = 1;
  }
  const to = from + 1;
  await tx.insert(documentVersions).values({
    kind,
    documentId,
    version: to,
    value: change.next,
    operatorId: operator.operator.operatorId,
    operatorName: operator.operator.name,
    restoredFrom: change.restoredFrom ?? null,
  });
  return { from, to };
}
