import type { ContentReviewRow, ReviewState } from '@h5/contract';
import { useState } from 'react';
import { BACKSTAGE_TEXT as text } from '../../lib/ui-text/backstage';
import { CONTENT_REVIEW_TEXT as r } from '../../lib/ui-text/backstage-content-review';
import { useAction } from '../../lib/use-action';
import styles from './ui/backstage.module.css';
import type { Column } from './ui/DataTable';
import { PagedTable } from './ui/PagedTable';
import { ReasonDecision } from './ui/ReasonDecision';
import { RolePage } from './ui/RolePage';
import { optionsOf, SelectField } from './ui/SelectField';
import { usePages } from './ui/use-pages';

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN');

/** A pending content's decision: 通过, or 驳回 with the reason its author reads. */
function DecideCell({ row }: { row: ContentReviewRow }) {
  const decide = useAction('content.contentReviewDecide', {
    fields: ['reason'],
    invalidates: ['content.contentReviews'],
  });
  if (row.reviewState !== 'pending') {
    return (
      <>
        <span className={styles.badge}>{r.states[row.reviewState]}</span>
        {row.reviewReason ? <div>{row.reviewReason}</div> : null}
        {row.reviewedAt ? <div>{r.decidedAt(when(row.reviewedAt))}</div> : null}
      </>
    );
  }
  return (
    <ReasonDecision
      name={`reason-${row.contentId}`}
      label={r.reason}
      action={decide}
      decisions={[
        {
          label: r.approve,
          decide: () => void decide.run({ contentId: row.contentId, decision: 'approve' }),
        },
        {
          label: r.reject,
          danger: true,
          decide: (reason) => void decide.run({ contentId: row.contentId, decision: 'reject', reason }),
        },
      ]}
    />
  );
}

const columns: readonly Column<ContentReviewRow>[] = [
  { key: 'createdAt', title: r.columns.createdAt, cell: (row) => when(row.createdAt) },
  { key: 'author', title: r.columns.author, cell: (row) => `${row.author.userName}（${row.author.userId}）` },
  {
    key: 'content',
    title: r.columns.content,
    cell: (row) => (
      <>
        <strong>{row.title}</strong> #{row.contentId}
        {row.topic ? <div>{r.topic(row.topic)}</div> : null}
        <div>{row.body.slice(0, 120)}</div>
      </>
    ),
  },
  {
    key: 'images',
    title: r.columns.images,
    cell: (row) => (
      <>
        {row.images.map((image, i) => (
          <a key={image.url} href={image.url} target="_blank" rel="noreferrer">
            <img
              src={image.url}
              alt={r.picture(i + 1)}
              width={64}
              height={64}
              style={{ objectFit: 'cover' }}
            />
          </a>
        ))}
        {row.videoUrl ? (
          <a href={row.videoUrl} target="_blank" rel="noreferrer">
            {row.coverUrl ? <img src={row.coverUrl} alt={r.video} width={64} height={64} /> : r.video}
          </a>
        ) : null}
      </>
    ),
  },
  { key: 'decision', title: r.columns.decision, cell: (row) => <DecideCell row={row} /> },
];

/** The content review queue (issue 32 point 1): one state at a time (pending first), oldest first. */
export default function ModerationContentsPage() {
  const [state, setState] = useState<ReviewState>('pending');
  const pages = usePages('content.contentReviews', { state });
  return (
    <RolePage path="/backstage/moderation/contents">
      <section className={styles.panel}>
        <p className={styles.note}>{r.note}</p>
        <form
          className={styles.filters}
          aria-label={text.filter}
          onSubmit={(event) => event.preventDefault()}
        >
          <SelectField
            label={r.state}
            name="state"
            value={state}
            options={optionsOf(r.states)}
            onChange={setState}
          />
        </form>
        <PagedTable
          pages={pages}
          caption={r.captions[state]}
          columns={columns}
          rowKey={(row) => row.contentId}
          testId="content-reviews-table"
        />
      </section>
    </RolePage>
  );
}
