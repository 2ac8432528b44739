import type { VideoAccountApplication } from '@h5/contract';
import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { REVIEW_TEXT as text } from '../../lib/ui-text/creator-upgrade';
import { useAction } from '../../lib/use-action';
import { EntryView } from '../../shell/EntryView';
import { Screen } from '../../shell/Screen';
import styles from '../../shell/screen.module.css';
import { TimeText } from '../../shell/TimeText';
import type { Route } from './+types/video-account-review';

export const meta: Route.MetaFunction = () => [{ title: text.title }];

/** Internal (the server's internal-route guard; 404 in production): pending applications. */
export async function loader({ context }: Route.LoaderArgs) {
  return { queue: dataOf(await prefetch(context, 'creator.videoAccountApplications', {})) };
}

export default function VideoAccountReview({ loaderData }: Route.ComponentProps) {
  const [state, reload] = useEntry('creator.videoAccountApplications', {}, loaderData.queue);
  return (
    <Screen title={text.title} testId="video-account-review">
      <EntryView state={state} onRetry={reload}>
        {({ list }) =>
          list.length === 0 ? (
            <p className={styles.note}>{text.empty}</p>
          ) : (
            list.map((a) => <ApplicationCard key={a.applicationId} application={a} />)
          )
        }
      </EntryView>
    </Screen>
  );
}

const DECISIONS = ['approve', 'reject'] as const;

function ApplicationCard({ application: a }: { application: VideoAccountApplication }) {
  const [reason, setReason] = useState('');
  // A decision takes the application off the queue (the queue loads again, answered or refused).
  const review = useAction('creator.reviewVideoAccount', {
    invalidates: ['creator.videoAccountApplications'],
  });
  return (
    <section className={styles.card} data-testid="review-application" data-user-id={a.user.userId}>
      <p className={styles.sectionTitle}>
        {a.name}（{a.accountId}）
      </p>
      <p className={styles.note}>
        {a.user.userName} · <TimeText at={a.createdAt} />
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
      {review.error ? <p className={styles.error}>{review.error}</p> : null}
      <div className={styles.tabs}>
        {DECISIONS.map((decision) => (
          <button
            key={decision}
            type="button"
            className={styles.action}
            disabled={review.busy}
            onClick={() => void review.run({ applicationId: a.applicationId, decision, reason })}
            data-testid={`review-${decision}`}
          >
            {text[decision]}
          </button>
        ))}
      </div>
    </section>
  );
}
