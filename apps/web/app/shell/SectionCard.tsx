import type { ReactNode } from 'react';
import styles from './screen.module.css';

/**
 * A card of a screen with its head (issue 27 point 3): a title, an optional note or link on the
 * right, the body.
 */
export function SectionCard({
  title,
  note,
  testId,
  children,
}: {
  title: string;
  note?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.card} data-testid={testId}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {typeof note === 'string' ? <span className={styles.note}>{note}</span> : note}
      </div>
      {children}
    </section>
  );
}
