import { PLACEHOLDER_MESSAGES } from '@h5/core';
import styles from './Placeholder.module.css';

const text = PLACEHOLDER_MESSAGES;

export type PlaceholderType = 'empty' | 'networkError' | 'loading';

interface Props {
  type: PlaceholderType;
  /** The 'refresh network' button of networkError. */
  onRetry?: () => void;
  /** A smaller block, e.g. at the bottom of a list. */
  compact?: boolean;
}

/** The placeholder block of spec §2: empty, networkError (with a retry button) or loading. */
export function Placeholder({ type, onRetry, compact = false }: Props) {
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
        <NetworkIcon />
        <p className={styles.text}>{text.networkError}</p>
        <button type="button" className={styles.retry} onClick={onRetry}>
          {text.refreshNetwork}
        </button>
      </div>
    );
  }
  return (
    <div className={className} role="status" data-testid="placeholder-empty">
      <EmptyIcon />
      <p className={styles.text}>{text.empty}</p>
    </div>
  );
}

function EmptyIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 64 64" aria-hidden="true">
      <rect x="10" y="14" width="44" height="36" rx="6" fill="var(--color-surface-muted)" />
      <rect x="18" y="24" width="28" height="4" rx="2" fill="var(--color-skeleton)" />
      <rect x="18" y="33" width="18" height="4" rx="2" fill="var(--color-skeleton)" />
    </svg>
  );
}

function NetworkIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="24" fill="var(--color-surface-muted)" />
      <path
        d="M20 30a17 17 0 0 1 24 0M24.5 35a10.5 10.5 0 0 1 15 0"
        fill="none"
        stroke="var(--color-text-tertiary)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="32" cy="41" r="2.5" fill="var(--color-text-tertiary)" />
    </svg>
  );
}
