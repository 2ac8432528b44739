import type { ReactNode } from 'react';
import type { EntryState } from '../lib/data-layer/use-entry';
import { EntryView } from './EntryView';
import styles from './screen.module.css';

interface CardProps {
  title: string;
  note?: ReactNode;
  /** The card's anchor (a button scrolls to it); its title then names it for screen readers. */
  id?: string;
  testId?: string;
  /** Data attributes of the card (what it shows, for tests and styles). */
  data?: Readonly<Record<`data-${string}`, string | undefined>>;
}

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
}: CardProps & { children: ReactNode }) {
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

/**
 * A card that shows one entry (the week's tasks, the allowances): its head, then the entry's four
 * states (EntryView); a note may read the entry once it is there.
 */
export function EntryCard<T>({
  entry: [state, reload],
  note,
  skeleton,
  children,
  ...card
}: Omit<CardProps, 'note'> & {
  /** What `useEntry` answered: the entry's state and its reload. */
  entry: readonly [EntryState<T>, () => void];
  note?: ReactNode | ((data: T) => ReactNode);
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const said = typeof note === 'function' ? (state.status === 'ready' ? note(state.data) : null) : note;
  return (
    <SectionCard {...card} note={said}>
      <EntryView state={state} onRetry={reload} skeleton={skeleton}>
        {children}
      </EntryView>
    </SectionCard>
  );
}
