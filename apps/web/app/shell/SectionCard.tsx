import type { ReactNode } from 'react';
import styles from './screen.module.css';

/**
 * A card of a screen with its head (issue 27 point 3): a title, an optional note or link on the
 * right, the body.
 */
export function SectionCard({
  title,
  note,
  id,
  testId,
  data,
  children,
}: {
  title: string;
  note?: ReactNode;
  /** The card's anchor (a button scrolls to it); its title then names it for screen readers. */
  id?: string;
  testId?: string;
  /** Data attributes of the card (what it shows, for tests and styles). */
  data?: Readonly<Record<`data-${string}`, string | undefined>>;
  children: ReactNode;
}) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <section className={styles.card} id={id} aria-labelledby={titleId} data-testid={testId} {...data}>
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle} id={titleId}>
          {title}
        </h2>
        {typeof note === 'string' ? <span className={styles.note}>{note}</span> : note}
      </div>
      {children}
    </section>
  );
}
