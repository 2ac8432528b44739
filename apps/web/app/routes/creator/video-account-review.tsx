import type { VideoAccountApplication } from '@h5/contract';
import { useState } from 'react';
import { invalidate } from '../../lib/data-layer/cache';
import { useEntry } from '../../lib/data-layer/use-entry';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { REVIEW_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { useApi } from '../../lib/use-api';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import styles from '../../shell/screen.module.css';
import type { Route } from './+types/video-account-review';

export const meta: Route.MetaFunction = () => [{ title: text.title }];

/** Internal (the server's internal-route guard; 404 in production): pending applications. */
export async function loader({ context }: Route.LoaderArgs) {
  return { queue: dataOf(await prefetch(context, 'creator.videoAccountApplications', {})) };
}

export default function VideoAccountReview({ loaderData }: Route.ComponentProps) {
  const [seeded, setSeeded] = useState(true);
  const [state, reload] = useEntry('creator.videoAccountApplications', {}, seeded ? loaderData.queue : null);
  const done = () => {
    setSeeded(false);
    invalidate('creator.videoAccountApplications');
    reload();
  };
  return (
    <div className={styles.screen} data-testid="video-account-review">
      <PageHeader title={text.title} fallback="/" />
      <main className={styles.main}>
        {state.status === 'ready' ? (
          state.data.list.length === 0 ? (
            <p className={styles.note}>{text.empty}</p>
          ) : (
            state.data.list.map((a) => (
              <ApplicationCard key={a.applicationId} application={a} onDone={done} />
            ))
          )
        ) : state.status === 'loading' ? (
          <div className={styles.skeleton} />
        ) : (
          <Placeholder type="networkError" onRetry={reload} />
        )}
      </main>
    </div>
  );
}

function ApplicationCard({
  application: a,
  onDone,
}: {
  application: VideoAccountApplication;
  onDone: () => void;
}) {
  const api = useApi();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const review = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    setError(null);
    try {
      await api(
        'creator.reviewVideoAccount',
        { applicationId: a.applicationId, decision, reason },
        { errorToast: false },
      );
      onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} data-testid="review-application" data-user-id={a.user.userId}>
      <p className={styles.sectionTitle}>
        {a.name}（{a.accountId}）
      </p>
      <p className={styles.note}>
        {a.user.userName} · {new Date(a.createdAt).toLocaleString('zh-CN')}
      </p>
      <p className={styles.note}>{a.profileUrl}</p>
      <img src={a.screenshotUrl} alt="" style={{ maxWidth: '100%', maxHeight: 240, marginTop: 8 }} />
      <input
        className={styles.input}
        value={reason}
        placeholder={text.reasonPlaceholder}
        onChange={(event) => setReason(event.currentTarget.value)}
        data-testid="review-reason"
      />
      {error ? <p className={styles.error}>{error}</p> : null}
      <div className={styles.tabs}>
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() => void review('approve')}
          data-testid="review-approve"
        >
          {text.approve}
        </button>
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() => void review('reject')}
          data-testid="review-reject"
        >
          {text.reject}
        </button>
      </div>
    </section>
  );
}
