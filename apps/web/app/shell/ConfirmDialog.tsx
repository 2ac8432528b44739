import { useEffect, useId, useRef } from 'react';
import { CONFIRM_TEXT } from '../lib/ui-text/confirm';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  /** A line under the title: what else happens. */
  hint?: string;
  /** The confirming button's label (删除, 不再关注, 退出登录). */
  confirmLabel: string;
  /** A choice that cannot be undone in one tap: the confirming button in the danger colour. */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
  confirmTestId?: string;
}

/**
 * The one confirmation before a step people regret (delete a comment, unfollow, log out): a modal
 * alert dialog that focuses the safe choice (取消) first, cancels on Escape or a tap outside, and
 * gives focus back to where it was when it closes.
 */
export function ConfirmDialog({
  title,
  hint,
  confirmLabel,
  danger = false,
  onConfirm,
  onCancel,
  testId = 'confirm-dialog',
  confirmTestId = `${testId}-confirm`,
}: ConfirmDialogProps) {
  const titleId = useId();
  const hintId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
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
    // biome-ignore lint/a11y/noStaticElementInteractions: a tap on the dim page cancels; Escape does the same from the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (above) is the keyboard's way
    <div
      className={styles.backdrop}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={hint ? hintId : undefined}
        data-testid={testId}
      >
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        {hint ? (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button ref={cancel} type="button" className={styles.button} onClick={onCancel}>
            {CONFIRM_TEXT.cancel}
          </button>
          <button
            type="button"
            className={`${styles.button} ${danger ? styles.danger : ''}`}
            onClick={onConfirm}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
