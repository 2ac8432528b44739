// PENDING issue 6 (content detail): a stand-in so feed cards have somewhere to go. It fetches
// nothing and shows the empty placeholder with a way back; issue 6 replaces this screen.
import { Link } from 'react-router';
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { Placeholder } from '../../shell/Placeholder';
import styles from './detail.module.css';

export default function ContentDetailPending() {
  return (
    <div className={styles.screen} data-testid="content-detail-pending">
      <header className={styles.bar}>
        <Link to="/" className={styles.back} data-testid="back-link">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {SHELL_TEXT.back}
        </Link>
        <h1 className={styles.title}>{DETAIL_TEXT.title}</h1>
      </header>
      <Placeholder type="empty" />
    </div>
  );
}
