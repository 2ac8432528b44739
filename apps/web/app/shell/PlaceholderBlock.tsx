import { PLACEHOLDER_MESSAGES } from '@h5/core';
import { Link } from 'react-router';
import { MISSING_TEXT, type MissingKind } from '../lib/ui-text/missing';
import { SHELL_TEXT } from '../lib/ui-text/shell';
import styles from './Placeholder.module.css';

const text = PLACEHOLDER_MESSAGES;

export type PlaceholderType = 'empty' | 'networkError' | 'loading';

export interface PlaceholderProps {
  type: PlaceholderType;
  /** The refresh button (PLACEHOLDER_MESSAGES.refreshNetwork) of networkError. */
  onRetry?: () => void;
  /** A smaller block, e.g. at the bottom of a list. */
  compact?: boolean;
  /** empty: what is missing, said in place of the spec's text (one block, not two stacked). */
  text?: string;
  /** empty: a link home under the text (issue 14 point 2: every empty screen has a way home). */
  home?: boolean;
  /**
   * empty: the way forward in place of the way home (issue 28 point 5: an empty invite progress
   * offers 去分享, one's own empty home its first post): a link (`to`) or a button (`onClick`).
   */
  action?: PlaceholderAction;
  /** empty: a missing thing's own words (MISSING_TEXT), in this lazy chunk, not first-load JS. */
  missing?: MissingKind;
}

export interface PlaceholderAction {
  label: string;
  to?: string;
  onClick?: () => void;
  testId?: string;
}

/** The placeholder block of spec §2: empty, networkError (with a retry button) or loading. */
export function PlaceholderBlock({
  type,
  onRetry,
  compact = false,
  text: said,
  home = false,
  action,
  missing,
}: PlaceholderProps) {
  const className = `${styles.block} ${compact ? styles.compact : ''}`;
  if (type === 'loading') {
    return (
      <div className={className} role="status" aria-live="polite" data-testid="placeholder-loading">
        <span className={styles.spinner} aria-hidden="true" />
        <p className={styles.text}>{text.loading}</p>
      </div>
    );
  }
  if (type === 'networkError') {
    return (
      <div className={className} role="alert" data-testid="placeholder-network-error">
        <span className={styles.networkIcon} aria-hidden="true" />
        <p className={styles.text}>{text.networkError}</p>
        <button type="button" className={styles.retry} onClick={onRetry}>
          {text.refreshNetwork}
        </button>
      </div>
    );
  }
  return (
    <div className={className} role="status" data-testid="placeholder-empty">
      <span className={styles.emptyIcon} aria-hidden="true" />
      <p className={styles.text}>{said ?? (missing ? MISSING_TEXT[missing] : text.empty)}</p>
      {action?.to ? (
        <Link to={action.to} className={styles.home} data-testid={action.testId}>
          {action.label}
        </Link>
      ) : action ? (
        <button type="button" className={styles.home} onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </button>
      ) : home ? (
        <Link to="/" className={styles.home}>
          {SHELL_TEXT.backHome}
        </Link>
      ) : null}
    </div>
  );
}
