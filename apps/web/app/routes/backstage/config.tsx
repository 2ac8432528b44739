import type { ConfigDocumentBrief } from '@h5/contract';
import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { refusedFields } from '../../lib/failure';
import { DOCUMENTS_TEXT as text } from '../../lib/ui-text/backstage-documents';
import { useAction } from '../../lib/use-action';
import { BackstageEntry } from './ui/BackstageEntry';
import styles from './ui/backstage.module.css';
import { type Column, DataTable } from './ui/DataTable';
import { FormError } from './ui/FormError';
import { RolePage } from './ui/RolePage';
import { VersionHistory } from './ui/VersionHistory';

/** Why `source` is not JSON, or null (checked as typed; the server checks the schema). */
function jsonProblem(source: string): string | null {
  try {
    JSON.parse(source);
    return null;
  } catch (error) {
    return text.badJson((error as Error).message);
  }
}

function DocumentEditor({ id, onDone }: { id: number; onDone: () => void }) {
  const [state, reload] = useEntry('config.document', { id }, null);
  const history = useEntry('config.documentHistory', { id }, null);
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useAction('config.documentUpdate', {
    invalidates: ['config'],
    onDone: (answer) => {
      setSaved(text.saved(answer.version));
      setDraft(null);
    },
  });
  const restore = useAction('config.documentRestore', {
    invalidates: ['config'],
    onDone: (answer) => {
      setSaved(text.restored(answer.version));
      setDraft(null);
    },
  });
  // A restore is checked like an edit: the server's reasons by path, else its sentence.
  const restoreRefusal =
    Object.entries(refusedFields(restore.failure))
      .map(([field, why]) => `${field}: ${why}`)
      .join('；') || restore.error;
  return (
    <section className={styles.panel} aria-label={text.editor} data-testid="config-editor">
      <BackstageEntry state={state} onRetry={reload}>
        {(document) => {
          const source = draft ?? JSON.stringify(document.value, null, 2);
          const problem = jsonProblem(source);
          const refusals = Object.entries(refusedFields(save.failure)).map(
            ([field, why]) => `${field}: ${why}`,
          );
          // What is wrong, as typed first (JSON), then as the server refused it (the schema's path).
          const shown = problem ?? (refusals.length > 0 ? refusals.join('；') : save.error);
          return (
            <>
              <h2>{`${document.projectName} / ${document.key}（${document.type}）`}</h2>
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  setSaved(null);
                  if (!problem) void save.run({ id, text: source, baseVersion: document.version });
                }}
              >
                <label className={styles.field}>
                  {`${text.editor}（${document.schema ? text.schemaChecked : text.schemaAny}）`}
                  <textarea
                    className={styles.textarea}
                    name="text"
                    rows={16}
                    spellCheck={false}
                    value={source}
                    aria-invalid={shown !== null}
                    onChange={(event) => {
                      setDraft(event.currentTarget.value);
                      save.reset();
                    }}
                  />
                </label>
                <FormError message={shown} testId="config-error" />
                <div className={styles.actions}>
                  <button type="submit" className={styles.primary} disabled={save.busy || problem !== null}>
                    {save.busy ? text.saving : text.save}
                  </button>
                  <button type="button" className={styles.button} onClick={onDone}>
                    {text.cancel}
                  </button>
                </div>
              </form>
              {saved ? (
                <p className={styles.note} role="status">
                  {saved}
                </p>
              ) : null}
              <FormError message={restoreRefusal} />
              <h3>{text.history}</h3>
              <BackstageEntry state={history[0]} onRetry={history[1]}>
                {({ list }) => (
                  <VersionHistory
                    caption={`${text.history} ${document.key}`}
                    rows={list}
                    current={document.version}
                    busyVersion={restore.busyKey === null ? null : Number(restore.busyKey)}
                    onRestore={(version) =>
                      void restore.run({ id, version, baseVersion: document.version }, version)
                    }
                  />
                )}
              </BackstageEntry>
            </>
          );
        }}
      </BackstageEntry>
    </section>
  );
}

/** The config centre (issue 30 point 4, admin): client-conf and the other documents, versioned. */
export default function ConfigPage() {
  const [state, reload] = useEntry('config.documents', {}, null);
  const [editing, setEditing] = useState<number | null>(null);
  const columns: readonly Column<ConfigDocumentBrief>[] = [
    { key: 'project', title: text.docColumns.project, cell: (row) => row.projectName },
    { key: 'key', title: text.docColumns.key, cell: (row) => row.key },
    { key: 'type', title: text.docColumns.type, cell: (row) => row.type },
    { key: 'hash', title: text.docColumns.hash, cell: (row) => <code>{row.hash}</code> },
    { key: 'version', title: text.docColumns.version, cell: (row) => row.version },
    {
      key: 'schema',
      title: text.docColumns.schema,
      cell: (row) => (row.schema ? text.schemaChecked : text.schemaAny),
    },
    {
      key: 'edit',
      title: text.edit,
      cell: (row) => (
        <button type="button" className={styles.button} onClick={() => setEditing(row.id)}>
          {`${text.edit} ${row.key}`}
        </button>
      ),
    },
  ];
  return (
    <RolePage path="/backstage/config">
      <section className={styles.panel}>
        <p className={styles.note}>{text.configNote}</p>
        <BackstageEntry state={state} onRetry={reload}>
          {({ list }) => (
            <DataTable
              caption={text.config}
              columns={columns}
              rows={list}
              rowKey={(row) => row.id}
              testId="config-table"
            />
          )}
        </BackstageEntry>
        {editing === null ? null : (
          <DocumentEditor key={editing} id={editing} onDone={() => setEditing(null)} />
        )}
      </section>
    </RolePage>
  );
}
