import type { LiveContext } from '@h5/contract';
import { type FormEvent, useState } from 'react';
import { invalidate } from '../../lib/data-layer/cache';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { useApi } from '../../lib/use-api';
import styles from '../../shell/screen.module.css';
import { trackLiveAction } from './track-live';
import { useOnce } from './use-once';

/**
 * The host's group name and its rename form. The rules (length, characters, one rename per 30
 * days) are the server's: its refusal, naming the problem, shows under the field.
 */
export function GroupManage({
  context,
  name,
  memberCount,
  onRenamed,
  toast,
}: {
  context: LiveContext;
  name: string;
  memberCount: number;
  onRenamed: () => void;
  toast: (message: string) => void;
}) {
  const api = useApi();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useOnce<'rename'>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('rename', async () => {
      try {
        const saved = await api('live.editGroup', { ...context, name: draft }, { errorToast: false });
        setError(null);
        setEditing(false);
        trackLiveAction('rename', context);
        invalidate('live');
        toast(text.renameDone(saved.name));
        onRenamed();
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
      }
    });
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
          <button type="submit" className={styles.primary} disabled={busy !== null} data-testid="rename-save">
            {busy ? text.renameSaving : text.renameSave}
          </button>
        </form>
      ) : null}
    </section>
  );
}
