import type { ReactNode } from 'react';
import { BACKSTAGE_TEXT as text } from '../../../lib/ui-text/backstage';
import styles from './backstage.module.css';
import { BACKSTAGE_PAGES, mayOpen } from './nav';
import { useOperator } from './operator';

/**
 * A backstage page under its title, for the roles its navigation entry names; anyone else reads
 * that their role may not (the server refuses their calls anyway).
 */
export function RolePage({ path, children }: { path: string; children: ReactNode }) {
  const operator = useOperator();
  const page = BACKSTAGE_PAGES.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`no backstage page ${path}`);
  return (
    <>
      <h1 className={styles.title}>{page.label}</h1>
      {mayOpen(operator.role, page) ? (
        children
      ) : (
        <p className={styles.error} role="alert" data-testid="backstage-forbidden">
          {text.forbidden}
        </p>
      )}
    </>
  );
}
