import { Link } from 'react-router';
import { SHELL_TEXT } from '../lib/ui-text/shell';
import styles from './NotFound.module.css';
import { Placeholder } from './Placeholder';

/**
 * The one not-found screen: an unknown URL, and a content, user or topic that does not exist
 * (their loaders answer HTTP 404 with `notFound()`, lib/not-found.ts; a browser load that finds
 * nothing renders it in place).
 */
export function NotFound() {
  return (
    <main className={styles.notFound} data-testid="not-found">
      <h1 className="visually-hidden">{SHELL_TEXT.notFound}</h1>
      <Placeholder type="empty" />
      <Link to="/" className={styles.home}>
        {SHELL_TEXT.backHome}
      </Link>
    </main>
  );
}
