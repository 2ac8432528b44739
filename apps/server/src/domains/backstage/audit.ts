import type { AuditAction, AuditEntry, contract, InputOf, Page } from '@h5/contract';
import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db, ReadDb } from '../../db/client';
import { pageFrom, rowsToRead, timeKeyset } from '../../db/keyset';
import { auditLog } from '../../db/schema';

/** What one operator action changed: `before` / `after` are the object's values (null where it did not exist). */
export interface AuditChange {
  action: AuditAction;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/**
 * Who acted: an operator's session (plugins/operator-session.ts, which has this shape), or the
 * command line (`npm run operator`), which has no operator id.
 */
export interface AuditActor {
  address: string;
  operator: { operatorId: number | null; name: string };
}

/**
 * Appends one action to the audit log (issue 30 point 2). Call it with the transaction that makes
 * the change, so the change and its record are written together or not at all.
 */
export async function recordAudit(db: Db, actor: AuditActor, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: actor.operator.operatorId,
    operatorName: actor.operator.name,
    address: actor.address,
    action: change.action,
    objectType: change.objectType,
    objectId: String(change.objectId),
    before: change.before ?? null,
    after: change.after ?? null,
    reason: change.reason ?? '',
  });
}

const keyset = timeKeyset(auditLog.at, auditLog.id);

/** The audit log, newest first, filtered by operator, object and time. */
export async function listAudit(
  db: ReadDb,
  input: InputOf<typeof contract.backstage.audit>,
): Promise<Page<AuditEntry>> {
  const conditions: (SQL | undefined)[] = [
    keyset.after(input.lastId),
    input.operatorId === undefined ? undefined : eq(auditLog.operatorId, input.operatorId),
    input.objectType ? eq(auditLog.objectType, input.objectType) : undefined,
    input.objectId ? eq(auditLog.objectId, input.objectId) : undefined,
    input.from ? gte(auditLog.at, new Date(input.from)) : undefined,
    input.to ? lte(auditLog.at, new Date(input.to)) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(...keyset.orderBy)
    .limit(rowsToRead(input));
  const page = pageFrom(rows, input.limit, (row) => keyset.cursor(row.at, row.id));
  return {
    ...page,
    list: page.list.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      operatorId: row.operatorId,
      operatorName: row.operatorName,
      address: row.address,
      action: row.action,
      objectType: row.objectType,
      objectId: row.objectId,
      before: row.before,
      after: row.after,
      reason: row.reason,
    })),
  };
}
