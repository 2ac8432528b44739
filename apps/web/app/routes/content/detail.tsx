// PENDING issue 6 (content detail): a stand-in so feed cards have somewhere to go. It fetches
// nothing and shows the empty placeholder with a way back; issue 6 replaces this screen.
import { Link, useParams } from 'react-router';
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import styles from './detail.module.css';

export default function ContentDetailPending() {
  const { contentId } = useParams();
  return (
    <div className={styles.screen} data-testid="content-detail-pending">
      <PageHeader title={DETAIL_TEXT.title} fallback="/" backTestId="back-link" />
      <Placeholder type="empty" />
      {/* Feedback (issue 5): the report entry, kept when issue 6 replaces this screen. */}
      <Link
        className={styles.report}
        to={`/feedback/accuse?${new URLSearchParams({ targetType: 'content', targetId: contentId ?? '' })}`}
        data-testid="report-entry"
      >
        {DETAIL_TEXT.report}
      </Link>
    </div>
  );
}
