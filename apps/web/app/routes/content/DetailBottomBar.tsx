import { type ReactNode, Suspense } from 'react';
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { LightButton, type LightButtonProps } from '../../shell/community/LightButton';
import styles from './DetailBottomBar.module.css';

/** Moves to the comment section (the comment composer lives there). */
function toComments() {
  const section = document.querySelector('[data-testid="comment-section"], #comments');
  section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const input = section?.querySelector<HTMLElement>('textarea, input');
  input?.focus({ preventScroll: true });
}

/** The fixed bottom bar: the comment entry, the light toggle and share (≥ 44-px targets, safe area). */
export function DetailBottomBar({ light, share }: { light: LightButtonProps; share: ReactNode }) {
  return (
    <footer className={styles.bar} data-testid="detail-bottom-bar">
      <button type="button" className={styles.comment} onClick={toComments} data-testid="comment-entry">
        <span className={styles.pill}>{DETAIL_TEXT.commentEntry}</span>
      </button>
      <LightButton {...light} />
      {/* The share button may come from a chunk of its own (detail.tsx): its place is kept. */}
      <Suspense fallback={<span className="h5-share-button" />}>{share}</Suspense>
    </footer>
  );
}
