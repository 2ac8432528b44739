import { ERROR_PAGE_MESSAGES } from '@h5/core';
import styles from './ErrorPage.module.css';

const text = ERROR_PAGE_MESSAGES;

/** The error page of spec §2: the apology and a refresh button that reloads the page. */
export function ErrorPage() {
  return (
    <main className={styles.page} data-testid="error-page">
      <svg className={styles.illustration} viewBox="0 0 120 96" aria-hidden="true">
        <rect x="14" y="10" width="92" height="68" rx="10" fill="var(--color-surface)" />
        <rect x="14" y="10" width="92" height="14" rx="7" fill="var(--color-surface-muted)" />
        <circle cx="46" cy="48" r="4" fill="var(--color-text-tertiary)" />
        <circle cx="74" cy="48" r="4" fill="var(--color-text-tertiary)" />
        <path
          d="M48 64q12-8 24 0"
          fill="none"
          stroke="var(--color-text-tertiary)"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <h1 className={styles.title}>{text.title}</h1>
      <button type="button" className={styles.refresh} onClick={() => location.reload()}>
        {text.refresh}
      </button>
    </main>
  );
}
