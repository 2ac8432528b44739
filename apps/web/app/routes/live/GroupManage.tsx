import type { LiveContext } from '@h5/contract';
import { type FormEvent, useState } from 'react';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { useAction } from '../../lib/use-action';
import styles from '../../shell/screen.module.css';
import { trackLiveAction } from './track-live';

/**
 * The host's group name and its rename form. The rules (length, characters, one rename per 30
 * days) are the server's: its refusal, naming the problem, shows under the field.
 */
export function GroupManage({
  context,
  name,
  memberCount,
  toast,
}: {
  context: LiveContext;
  name: string;
  memberCount: number;
  toast: (message: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const rename = useAction('live.editGroup', {
    fields: ['name'],
    invalidates: ['live'],
    onDone: (saved) => {
      setEditing(false);
      trackLiveAction('rename', context);
      toast(text.renameDone(saved.name));
    },
  });
  const error = rename.fieldErrors.name ?? rename.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void rename.run({ ...context, name: draft });
  };
  return (
    <section className={styles.card} data-testid="group-manage">
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{text.groupTitle}</h2>
        {editing ? null : (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              setDraft(name);
              setEditing(true);
            }}
            data-testid="rename-open"
          >
            {text.rename}
          </button>
        )}
      </div>
      <p className={styles.rowTitle} data-testid="group-name">
        {name}
      </p>
      <p className={styles.note}>{text.members(memberCount)}</p>
      {editing ? (
        <form onSubmit={submit} noValidate style={{ marginTop: 'var(--space-2)' }}>
          <label className={styles.field}>
            <span>{text.renameLabel}</span>
            <input
              className={styles.input}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={error !== null}
              aria-describedby="rename-hint"
              data-testid="rename-input"
            />
          </label>
          <p id="rename-hint" className={styles.note}>
            {text.renameHint}
          </p>
          {error ? (
            <p className={styles.error} role="alert" data-testid="rename-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className={styles.primary} disabled={rename.busy} data-testid="rename-save">
            {rename.busy ? text.renameSaving : text.renameSave}
          </button>
        </form>
      ) : null}
    </section>
  );
}
