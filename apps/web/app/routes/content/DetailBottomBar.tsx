import { type ReactNode, Suspense } from 'react';
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { LightButton, type LightButtonProps } from '../../shell/community/LightButton';
import styles from './DetailBottomBar.module.css';

/**
 * Asks for the comment composer, a sheet of the lazily loaded comment section (issue 28 point 2),
 * by a mark on <html> the section watches and takes (CommentSection's COMPOSE_MARK): the page
 * stays where it is, and a tap before the section's chunk has arrived opens it once it has. No
 * import: a module shared with the section would be a chunk of its own in the detail's first
 * load (DESIGN.md §8 budget).
 */
const compose = () => {
  document.documentElement.dataset.compose = '';
};

/** The fixed bottom bar: the comment entry, the light toggle and share (≥ 44-px targets, safe area). */
export function DetailBottomBar({ light, share }: { light: LightButtonProps; share: ReactNode }) {
  return (
    <footer className={styles.bar} data-testid="detail-bottom-bar">
      <button
        type="button"
        className={styles.comment}
        onClick={compose}
        aria-haspopup="dialog"
        data-testid="comment-entry"
      >
        <span className={styles.pill}>{DETAIL_TEXT.commentEntry}</span>
      </button>
      <LightButton {...light} />
      {/* The share button may come from a chunk of its own (detail.tsx): its place is kept. */}
      <Suspense fallback={<span className="h5-share-button" />}>{share}</Suspense>
    </footer>
  );
}
