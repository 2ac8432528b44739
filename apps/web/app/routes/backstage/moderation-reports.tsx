import type { AccusationStatus, AccuseTargetType, ReportRow } from '@h5/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { BACKSTAGE_TEXT as text } from '../../lib/ui-text/backstage';
import { MODERATION_TEXT as m } from '../../lib/ui-text/moderation';
import { useAction } from '../../lib/use-action';
import styles from './ui/backstage.module.css';
import type { Column } from './ui/DataTable';
import { PagedTable } from './ui/PagedTable';
import { ReasonDecision } from './ui/ReasonDecision';
import { RolePage } from './ui/RolePage';
import { optionsOf, SelectField } from './ui/SelectField';
import { usePages } from './ui/use-pages';

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN');

/** The decision cell of a pending report: its reason and the two decisions. */
function DecideCell({ row }: { row: ReportRow }) {
  const decide = useAction('feedback.moderationDecide', {
    fields: ['reason'],
    invalidates: ['feedback.moderationReports'],
  });
  if (row.status !== 'pending') {
    return (
      <>
        <span className={styles.badge}>{m.statuses[row.status]}</span>
        <div>{row.decisionReason}</div>
        {row.decidedBy && row.decidedAt ? <div>{m.decidedBy(row.decidedBy, when(row.decidedAt))}</div> : null}
      </>
    );
  }
  const send = (decision: 'upheld' | 'rejected') => (reason: string) =>
    void decide.run({ accuseId: row.accuseId, decision, reason });
  return (
    <ReasonDecision
      name={`reason-${row.accuseId}`}
      label={m.decisionReason}
      action={decide}
      decisions={[
        { label: m.uphold, danger: true, decide: send('upheld') },
        { label: m.reject, decide: send('rejected') },
      ]}
    />
  );
}

const columns: readonly Column<ReportRow>[] = [
  { key: 'createdAt', title: m.reportColumns.createdAt, cell: (row) => when(row.createdAt) },
  {
    key: 'reporter',
    title: m.reportColumns.reporter,
    cell: (row) => `${row.reporter.userName}（${row.reporter.userId}）`,
  },
  {
    key: 'target',
    title: m.reportColumns.target,
    cell: (row) => (
      <>
        <span className={styles.badge}>{m.targetTypes[row.target.type]}</span> #{row.target.id}
        <div>{row.target.title || m.gone}</div>
        {row.target.type === 'comment' ? (
          <Link to={`/backstage/moderation/comments?replyId=${row.target.id}`}>{m.hideFromReport}</Link>
        ) : null}
      </>
    ),
  },
  { key: 'reason', title: m.reportColumns.reason, cell: (row) => row.reason },
  { key: 'description', title: m.reportColumns.description, cell: (row) => row.description },
  {
    key: 'images',
    title: m.reportColumns.images,
    cell: (row) =>
      row.images.map((url, i) => (
        <a key={url} href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={m.evidence(i + 1)} width={64} height={64} style={{ objectFit: 'cover' }} />
        </a>
      )),
  },
  { key: 'decision', title: m.reportColumns.decision, cell: (row) => <DecideCell row={row} /> },
];

/** The report queue (issue 30 point 3): one status at a time (pending first), oldest first. */
export default function ModerationReportsPage() {
  const [status, setStatus] = useState<AccusationStatus>('pending');
  const [targetType, setTargetType] = useState<AccuseTargetType | ''>('');
  const pages = usePages('feedback.moderationReports', {
    status,
    ...(targetType ? { targetType } : {}),
  });
  return (
    <RolePage path="/backstage/moderation/reports">
      <section className={styles.panel}>
        <p className={styles.note}>{m.upheldNote}</p>
        <form
          className={styles.filters}
          aria-label={text.filter}
          onSubmit={(event) => event.preventDefault()}
        >
          <SelectField
            label={m.status}
            name="status"
            value={status}
            options={optionsOf(m.statuses)}
            onChange={setStatus}
          />
          <SelectField<AccuseTargetType | ''>
            label={m.targetType}
            name="targetType"
            value={targetType}
            options={[['', m.allTypes], ...optionsOf(m.targetTypes)]}
            onChange={setTargetType}
          />
        </form>
        <PagedTable
          pages={pages}
          caption={m.reports}
          columns={columns}
          rowKey={(row) => row.accuseId}
          testId="reports-table"
        />
      </section>
    </RolePage>
  );
}
