// PENDING issue 6 (content detail): a stand-in so feed cards have somewhere to go. It fetches
// nothing and shows the empty placeholder with a way back; issue 6 replaces this screen.
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import styles from './detail.module.css';

export default function ContentDetailPending() {
  return (
    <div className={styles.screen} data-testid="content-detail-pending">
      <PageHeader title={DETAIL_TEXT.title} fallback="/" backTestId="back-link" />
      <Placeholder type="empty" />
    </div>
  );
}
