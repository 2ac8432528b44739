import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { invalidate } from '../../lib/data-layer/cache';
import { useRootData } from '../../lib/root-data';
import { PUBLISH_TEXT as text } from '../../lib/ui-text/publish';
import { Toast } from '../Toast';
import { useToast } from '../use-toast';
import styles from './PublishEntry.module.css';
import { usePublish } from './use-publish';

/**
 * The floating + over the feed (issue 32 point 1): the web publisher in a browser, the app's own
 * through the bridge; after a native publish, the author's home, where the new post shows.
 */
export default function PublishEntry() {
  const navigate = useNavigate();
  const userId = useRootData()?.viewer?.userId;
  const [toast, showToast] = useToast();
  const onPublished = useCallback(() => {
    invalidate('community.uhomepageContents');
    if (userId) navigate(`/community/user?userId=${userId}`);
  }, [navigate, userId]);
  const publish = usePublish(onPublished, showToast);
  return (
    <>
      <button
        type="button"
        className={styles.entry}
        aria-label={text.entry}
        onClick={() => void publish()}
        data-testid="publish-entry"
      >
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
      <Toast message={toast} testId="publish-entry-toast" />
    </>
  );
}
