import { CONFIG_DOCUMENT_SCHEMAS, type ConfigDocumentBrief } from '@h5/contract';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { configEntries } from '../../db/schema';
import { badRequest, notFound } from '../../plugins/errors';
import { SERVER_MESSAGES } from '../../plugins/messages';
import type { OperatorSession } from '../../plugins/operator-session';
import { recordAudit } from '../backstage/audit';
import { appendVersion, currentVersions, versionValue } from '../backstage/versions';

type EntryRow = typeof configEntries.$inferSelect;

const KIND = 'config';

/** What the backstage says about config documents (zh-CN; docs/api.md "Backstage"). */
export const CONFIG_DOCUMENT_MESSAGES = {
  notJson: (why: string) => `不是有效的 JSON：${why}`,
  notObjectOrString: '文档必须是 JSON 对象或字符串',
  restored: (version: number) => `恢复版本 ${version}`,
} as const;

/** What clients read of a document with no schema of its own: the `{hash}` call's object or string. */
const anyDocumentSchema = z.union([z.string(), z.record(z.string(), z.unknown())], {
  error: CONFIG_DOCUMENT_MESSAGES.notObjectOrString,
});

/** The schema the app reads an entry with ({@link CONFIG_DOCUMENT_SCHEMAS} by key, for type 'config'). */
const schemaOf = (row: Pick<EntryRow, 'key' | 'type'>): z.ZodType | undefined =>
  row.type === 'config' ? CONFIG_DOCUMENT_SCHEMAS[row.key] : undefined;

const brief = (row: EntryRow, version: number): ConfigDocumentBrief => ({
  id: row.id,
  projectName: row.projectName,
  key: row.key,
  type: row.type,
  hash: row.hash,
  version,
  schema: schemaOf(row) !== undefined,
});

/** Every config-centre document (issue 30 point 4), by project, key and type. */
export async function listDocuments(db: Db): Promise<ConfigDocumentBrief[]> {
  const [rows, versions] = await Promise.all([
    db
      .select()
      .from(configEntries)
      .orderBy(asc(configEntries.projectName), asc(configEntries.key), asc(configEntries.type)),
    currentVersions(db, KIND),
  ]);
  return rows.map((row) => brief(row, versions.get(String(row.id)) ?? 0));
}

async function entryRow(db: Db, id: number, lock = false): Promise<EntryRow> {
  const query = db.select().from(configEntries).where(eq(configEntries.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(SERVER_MESSAGES.configNotFound);
  return row;
}

/** One document with its value and current version. */
export async function readDocument(db: Db, id: number) {
  const [row, versions] = await Promise.all([entryRow(db, id), currentVersions(db, KIND)]);
  return { ...brief(row, versions.get(String(id)) ?? 0), value: row.value };
}

/**
 * `value` as the app would read it, or a 400 naming where it fails (`value.errorPageSwitch`).
 * Stored as given: what passes the schema is kept whole (client-conf may hold more keys).
 */
function checkedValue(row: EntryRow, value: unknown): unknown {
  const stored = anyDocumentSchema.safeParse(value);
  if (!stored.success) throw badRequest('value', CONFIG_DOCUMENT_MESSAGES.notObjectOrString);
  const schema = schemaOf(row);
  // A document stored as a JSON string is read parsed (the `{hash}` call's `data` string).
  const read = typeof value === 'string' && schema ? parseText(value) : value;
  const parsed = schema?.safeParse(read);
  if (parsed && !parsed.success) {
    const [issue] = parsed.error.issues;
    const path = ['value', ...(issue?.path ?? []).map(String)].join('.');
    throw badRequest(path, issue?.message ?? CONFIG_DOCUMENT_MESSAGES.notObjectOrString);
  }
  return value;
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest('text', CONFIG_DOCUMENT_MESSAGES.notJson((error as Error).message));
  }
}

/** Replaces a document's value as its next version, audited, in one transaction. */
async function applyDocument(
  db: Db,
  operator: OperatorSession,
  id: number,
  value: unknown,
  { restoredFrom, baseVersion }: { restoredFrom?: number; baseVersion?: number },
) {
  return db.transaction(async (tx) => {
    const row = await entryRow(tx, id, true);
    const next = checkedValue(row, value);
    await tx.update(configEntries).set({ value: next }).where(eq(configEntries.id, id));
    const step = await appendVersion(tx, operator, {
      kind: KIND,
      documentId: String(id),
      previous: row.value,
      next,
      restoredFrom,
      baseVersion,
    });
    await recordAudit(tx, operator, {
      action: restoredFrom === undefined ? 'config.document.update' : 'config.document.restore',
      objectType: 'config_document',
      objectId: id,
      before: { version: step.from, value: row.value },
      after: { version: step.to, value: next },
      reason:
        restoredFrom === undefined
          ? `${row.projectName}/${row.key}`
          : `${row.projectName}/${row.key} ${CONFIG_DOCUMENT_MESSAGES.restored(restoredFrom)}`,
    });
    return { ...brief(row, step.to), value: next };
  });
}

/** An operator's edit: `text` is the document's JSON, made on `baseVersion` where the page says. */
export const updateDocument = (
  db: Db,
  operator: OperatorSession,
  input: { id: number; text: string; baseVersion?: number },
) => applyDocument(db, operator, input.id, parseText(input.text), { baseVersion: input.baseVersion });

/** Makes version `version` of a document current again, as its next version (checked like an edit). */
export async function restoreDocument(
  db: Db,
  operator: OperatorSession,
  input: { id: number; version: number; baseVersion?: number },
) {
  const value = await versionValue(db, KIND, String(input.id), input.version);
  return applyDocument(db, operator, input.id, value, {
    restoredFrom: input.version,
    baseVersion: input.baseVersion,
  });
}
