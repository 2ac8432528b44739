import { useEffect, useId, useRef } from 'react';
import { COMMENT_TEXT } from '../../lib/ui-text/comments';
import styles from './Comment.module.css';

/** The delete confirmation: a modal alert dialog; Escape or 取消 cancels. */
export function CommentConfirm({
  withChildren,
  onConfirm,
  onCancel,
}: {
  /** A top-level comment with replies: say they go too. */
  withChildren: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const hintId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Focus the safe choice first; give focus back to where it was on close.
    const before = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [onCancel]);
  return (
    <div className={styles.backdrop}>
      <div
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={withChildren ? hintId : undefined}
        data-testid="comment-delete-dialog"
      >
        <h3 id={titleId} className={styles.dialogTitle}>
          {COMMENT_TEXT.deleteConfirm}
        </h3>
        {withChildren ? (
          <p id={hintId} className={styles.dialogHint}>
            {COMMENT_TEXT.deleteHint}
          </p>
        ) : null}{' '}
        <div className={styles.dialogActions}>
          <button ref={cancel} type="button" className={styles.dialogButton} onClick={onCancel}>
            {COMMENT_TEXT.cancel}
          </button>
          <button
            type="button"
            className={`${styles.dialogButton} ${styles.danger}`}
            onClick={onConfirm}
            data-testid="comment-delete-confirm"
          >
            {COMMENT_TEXT.delete}
          </button>
        </div>
      </div>
    </div>
  );
}
