import type { VideoAccountApplication } from '@h5/contract';
import { useState } from 'react';
import { REVIEW_OPS_TEXT as text } from '../../lib/ui-text/backstage-ops';
import { useAction } from '../../lib/use-action';
import styles from './ui/backstage.module.css';
import type { Column } from './ui/DataTable';
import { FormError } from './ui/FormError';
import { PagedTable } from './ui/PagedTable';
import { RolePage } from './ui/RolePage';
import { SelectField } from './ui/SelectField';
import { usePages } from './ui/use-pages';

type State = VideoAccountApplication['state'];
const STATES: readonly State[] = ['pending', 'approved', 'rejected'];

const localTime = (at: string) => new Date(at).toLocaleString('zh-CN');

/** The decision cell of a pending application: the reason (what the creator reads) and 通过 / 驳回. */
function ReviewCell({ application: a }: { application: VideoAccountApplication }) {
  const [reason, setReason] = useState('');
  const review = useAction('creator.reviewVideoAccount', {
    fields: ['reason'],
    invalidates: ['creator.videoAccountApplications'],
  });
  if (a.state !== 'pending') {
    return (
      <>
        {a.reviewedAt ? <p className={styles.note}>{text.reviewedAt(localTime(a.reviewedAt))}</p> : null}
        {a.reason ? <p>{`${text.reason}：${a.reason}`}</p> : null}
      </>
    );
  }
  const reasonId = `review-reason-${a.applicationId}`;
  const refusal = review.fieldErrors.reason ?? review.error;
  return (
    <form
      className={styles.actions}
      aria-label={`${text.columns.review} ${a.name}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <label className={styles.field} htmlFor={reasonId}>
        {text.reason}
        <input
          id={reasonId}
          className={styles.input}
          name="reason"
          maxLength={200}
          value={reason}
          aria-describedby={`${reasonId}-hint`}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            review.reset();
          }}
          data-testid="review-reason"
        />
      </label>
      <p id={`${reasonId}-hint`} className={styles.note}>
        {text.reasonHint}
      </p>
      <FormError message={refusal} />
      <button
        type="button"
        className={styles.primary}
        disabled={review.busy}
        onClick={() => void review.run({ applicationId: a.applicationId, decision: 'approve' })}
        data-testid="review-approve"
      >
        {text.approve}
      </button>
      <button
        type="button"
        className={styles.danger}
        disabled={review.busy}
        onClick={() => void review.run({ applicationId: a.applicationId, decision: 'reject', reason })}
        data-testid="review-reject"
      >
        {text.reject}
      </button>
    </form>
  );
}

const columns: readonly Column<VideoAccountApplication>[] = [
  { key: 'createdAt', title: text.columns.createdAt, cell: (a) => localTime(a.createdAt) },
  { key: 'user', title: text.columns.user, cell: (a) => `${a.user.userName}（${a.user.userId}）` },
  {
    key: 'account',
    title: text.columns.account,
    cell: (a) => (
      <>
        <p>{`${a.name}（${a.accountId}）`}</p>
        <a href={a.profileUrl} target="_blank" rel="noreferrer noopener">
          {a.profileUrl}
        </a>
      </>
    ),
  },
  {
    key: 'screenshot',
    title: text.columns.screenshot,
    cell: (a) => (
      <a href={a.screenshotUrl} target="_blank" rel="noreferrer noopener">
        <img src={a.screenshotUrl} alt={`${text.openScreenshot}：${a.name}`} style={{ maxHeight: 120 }} />
      </a>
    ),
  },
  {
    key: 'state',
    title: text.columns.state,
    cell: (a) => <span className={styles.badge}>{text.states[a.state]}</span>,
  },
  { key: 'review', title: text.columns.review, cell: (a) => <ReviewCell application={a} /> },
];

/** 视频号审核 (issue 30 point 4, moderators): the pending oldest first, approve or reject with a reason. */
export default function VideoAccountReviewPage() {
  const [state, setState] = useState<State>('pending');
  const pages = usePages('creator.videoAccountApplications', { state });
  return (
    <RolePage path="/backstage/video-account-review">
      <section className={styles.panel}>
        <div className={styles.filters}>
          <SelectField
            label={text.stateLabel}
            name="state"
            value={state}
            options={STATES.map((s) => [s, text.states[s]] as const)}
            onChange={setState}
          />
        </div>
        <PagedTable
          pages={pages}
          caption={text.title}
          columns={columns}
          rowKey={(a) => a.applicationId}
          testId="video-account-review-table"
        />
      </section>
    </RolePage>
  );
}
