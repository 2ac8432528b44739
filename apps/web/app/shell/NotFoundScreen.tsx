import type { ReactNode } from 'react';
import { SHELL_TEXT } from '../lib/ui-text/shell';
import styles from './NotFound.module.css';
import { PageHeader } from './PageHeader';

/**
 * The not-found screen around its empty block: the page header's back and a main. Apart from
 * NotFound so the root error boundary (in the fallbacks' chunk) puts the block in directly,
 * without the lazy placeholder that loads that chunk (no import circle).
 */
export function NotFoundScreen({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className={styles.screen} data-testid="not-found">
      <PageHeader title={title ?? SHELL_TEXT.notFound} fallback="/" backTestId="not-found-back" />
      <main className={styles.main}>{children}</main>
    </div>
  );
}
