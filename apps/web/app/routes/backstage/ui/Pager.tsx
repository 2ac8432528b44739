import { BACKSTAGE_TEXT as text } from '../../../lib/ui-text/backstage';
import styles from './backstage.module.css';

/** 上一页 / 第 n 页 / 下一页 under a paged table. */
export function Pager({
  pageNumber,
  previous,
  next,
}: {
  pageNumber: number;
  previous: (() => void) | null;
  next: (() => void) | null;
}) {
  return (
    <nav className={styles.pager} aria-label={text.pageNumber(pageNumber)}>
      <button type="button" className={styles.button} disabled={!previous} onClick={previous ?? undefined}>
        {text.previous}
      </button>
      <span aria-live="polite">{text.pageNumber(pageNumber)}</span>
      <button type="button" className={styles.button} disabled={!next} onClick={next ?? undefined}>
        {text.next}
      </button>
    </nav>
  );
}
