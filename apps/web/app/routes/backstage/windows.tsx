import type { BackstageWindow } from '@h5/contract';
import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { refusedFields } from '../../lib/failure';
import { DOCUMENTS_TEXT as text } from '../../lib/ui-text/backstage-documents';
import { useAction } from '../../lib/use-action';
import { ActivityProductsEditor } from './ActivityProductsEditor';
import { BackstageEntry } from './ui/BackstageEntry';
import styles from './ui/backstage.module.css';
import { type Column, DataTable } from './ui/DataTable';
import { RolePage } from './ui/RolePage';
import { VersionHistory } from './ui/VersionHistory';

/** An instant as a datetime-local input's value (the operator's local time, to the minute). */
const localInput = (iso: string): string => {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A datetime-local value as an ISO instant (empty or unreadable: sent as typed, the server names it). */
const instant = (local: string): string => {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
};

const show = (iso: string) => new Date(iso).toLocaleString('zh-CN');

function WindowEditor({ window, onDone }: { window: BackstageWindow; onDone: () => void }) {
  const [startsAt, setStartsAt] = useState(localInput(window.startsAt));
  const [endsAt, setEndsAt] = useState(localInput(window.endsAt));
  const [codes, setCodes] = useState(window.codes.join(', '));
  const [saved, setSaved] = useState<string | null>(null);
  const save = useAction('activity.windowUpdate', {
    fields: ['startsAt', 'endsAt', 'codes'],
    invalidates: ['activity'],
    onDone: (answer) => setSaved(text.saved(answer.version)),
  });
  const history = useEntry('activity.windowHistory', { code: window.code }, null);
  const restore = useAction('activity.windowRestore', {
    invalidates: ['activity'],
    onDone: (answer) => {
      // The form shows the restored window, and an edit's refusal no longer stands.
      setStartsAt(localInput(answer.startsAt));
      setEndsAt(localInput(answer.endsAt));
      setCodes(answer.codes.join(', '));
      save.reset();
      setSaved(text.restored(answer.version));
    },
  });
  // A restore is checked like an edit: the server's reasons by path, else its sentence.
  const restoreRefusal =
    Object.entries(refusedFields(restore.failure))
      .map(([field, why]) => `${field}: ${why}`)
      .join('；') || restore.error;
  const fieldError = (name: string) =>
    Object.entries(refusedFields(save.failure)).find(
      ([field]) => field === name || field.startsWith(`${name}.`),
    )?.[1];
  const field = (name: 'startsAt' | 'endsAt', value: string, set: (next: string) => void) => (
    <label className={styles.field}>
      {text[name]}
      <input
        className={styles.input}
        type="datetime-local"
        name={name}
        value={value}
        onChange={(event) => set(event.currentTarget.value)}
      />
      {fieldError(name) ? <span className={styles.error}>{fieldError(name)}</span> : null}
    </label>
  );
  return (
    <section className={styles.panel} aria-label={`${text.edit} ${window.code}`} data-testid="window-editor">
      <h2>{`${text.edit} ${window.code}（${window.title}）`}</h2>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(null);
          void save.run({
            code: window.code,
            baseVersion: window.version,
            startsAt: instant(startsAt),
            endsAt: instant(endsAt),
            codes: codes
              .split(/[,，\s]+/)
              .map((code) => code.trim())
              .filter(Boolean),
          });
        }}
      >
        {field('startsAt', startsAt, setStartsAt)}
        {field('endsAt', endsAt, setEndsAt)}
        <label className={styles.field}>
          {text.codes}
          <input
            className={styles.input}
            name="codes"
            value={codes}
            onChange={(event) => setCodes(event.currentTarget.value)}
          />
          {fieldError('codes') ? <span className={styles.error}>{fieldError('codes')}</span> : null}
        </label>
        <button type="submit" className={styles.primary} disabled={save.busy}>
          {save.busy ? text.saving : text.save}
        </button>
        <button type="button" className={styles.button} onClick={onDone}>
          {text.cancel}
        </button>
      </form>
      {(save.error && Object.keys(refusedFields(save.failure)).length === 0) || restoreRefusal ? (
        <p className={styles.error} role="alert">
          {restoreRefusal ?? save.error}
        </p>
      ) : null}
      {saved ? (
        <p className={styles.note} role="status">
          {saved}
        </p>
      ) : null}
      <ActivityProductsEditor code={window.code} />
      <h3>{text.history}</h3>
      <BackstageEntry state={history[0]} onRetry={history[1]}>
        {({ list }) => (
          <VersionHistory
            caption={`${text.history} ${window.code}`}
            rows={list}
            current={list[0]?.version ?? 0}
            busyVersion={restore.busyKey === null ? null : Number(restore.busyKey)}
            onRestore={(version) =>
              void restore.run({ code: window.code, version, baseVersion: window.version }, version)
            }
          />
        )}
      </BackstageEntry>
    </section>
  );
}

/** The activity windows (issue 30 point 4): when each runs and which activity codes it answers. */
export default function WindowsPage() {
  const [state, reload] = useEntry('activity.windows', {}, null);
  const [editing, setEditing] = useState<string | null>(null);
  const columns: readonly Column<BackstageWindow>[] = [
    { key: 'code', title: text.windowColumns.code, cell: (row) => row.code },
    { key: 'title', title: text.windowColumns.title, cell: (row) => row.title },
    { key: 'startsAt', title: text.windowColumns.startsAt, cell: (row) => show(row.startsAt) },
    { key: 'endsAt', title: text.windowColumns.endsAt, cell: (row) => show(row.endsAt) },
    { key: 'codes', title: text.windowColumns.codes, cell: (row) => row.codes.join(', ') },
    {
      key: 'state',
      title: text.windowColumns.state,
      cell: (row) => <span className={styles.badge}>{text.states[row.state]}</span>,
    },
    { key: 'version', title: text.windowColumns.version, cell: (row) => row.version },
    {
      key: 'edit',
      title: text.edit,
      cell: (row) => (
        <button type="button" className={styles.button} onClick={() => setEditing(row.code)}>
          {`${text.edit} ${row.code}`}
        </button>
      ),
    },
  ];
  return (
    <RolePage path="/backstage/windows">
      <section className={styles.panel}>
        <p className={styles.note}>{text.windowsNote}</p>
        <BackstageEntry state={state} onRetry={reload}>
          {({ list }) => {
            const window = list.find((row) => row.code === editing);
            return (
              <>
                <DataTable
                  caption={text.windows}
                  columns={columns}
                  rows={list}
                  rowKey={(row) => row.code}
                  testId="windows-table"
                />
                {window ? (
                  <WindowEditor key={window.code} window={window} onDone={() => setEditing(null)} />
                ) : null}
              </>
            );
          }}
        </BackstageEntry>
      </section>
    </RolePage>
  );
}
