import { SHELL_TEXT } from '../lib/ui-text/shell';
import styles from './NotFound.module.css';
import { PageHeader } from './PageHeader';
import { Placeholder } from './Placeholder';

/**
 * The one not-found screen: an unknown URL, and a content, user or topic that does not exist
 * (their loaders answer HTTP 404 with `notFound()`, lib/not-found.ts; a browser load that finds
 * nothing renders it in place). The page header's back, one empty block and a way home.
 */
export function NotFound() {
  return (
    <div className={styles.screen} data-testid="not-found">
      <PageHeader title={SHELL_TEXT.notFound} fallback="/" backTestId="not-found-back" />
      <main className={styles.main}>
        <Placeholder type="empty" home />
      </main>
    </div>
  );
}
