// PENDING issue 6 (content detail): a stand-in so feed cards have somewhere to go. It fetches
// nothing and shows the empty placeholder with a way back; issue 6 replaces this screen.
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { BackButton } from '../../shell/BackButton';
import { Placeholder } from '../../shell/Placeholder';
import styles from './detail.module.css';

export default function ContentDetailPending() {
  return (
    <div className={styles.screen} data-testid="content-detail-pending">
      <header className={styles.bar}>
        <span className={styles.back}>
          <BackButton fallback="/" testId="back-link" />
        </span>
        <h1 className={styles.title}>{DETAIL_TEXT.title}</h1>
      </header>
      <Placeholder type="empty" />
    </div>
  );
}
