import { ERROR_PAGE_MESSAGES } from '@h5/core';
import styles from './ErrorPage.module.css';

const text = ERROR_PAGE_MESSAGES;

/**
 * The error page of spec §2: the apology and a refresh button that reloads the page. The reload
 * is the document's (`data-reload`, platform/early-errors.ts), so the button works before this
 * component has hydrated.
 */
export function ErrorPage() {
  return (
    <main className={styles.page} data-testid="error-page">
      <span className={styles.illustration} aria-hidden="true" />
      <h1 className={styles.title}>{text.title}</h1>
      <button type="button" className={styles.refresh} data-reload="">
        {text.refresh}
      </button>
    </main>
  );
}
