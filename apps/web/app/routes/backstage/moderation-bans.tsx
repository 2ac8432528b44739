import type { UserBan } from '@h5/contract';
import { useState } from 'react';
import { MODERATION_TEXT as m } from '../../lib/ui-text/moderation';
import { useAction } from '../../lib/use-action';
import styles from './ui/backstage.module.css';
import type { Column } from './ui/DataTable';
import { FormError } from './ui/FormError';
import { PagedTable } from './ui/PagedTable';
import { RolePage } from './ui/RolePage';
import { usePages } from './ui/use-pages';

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN');

const columns: readonly Column<UserBan>[] = [
  { key: 'user', title: m.banColumns.user, cell: (row) => `${row.userName}（${row.userId}）` },
  { key: 'until', title: m.banColumns.until, cell: (row) => when(row.until) },
  { key: 'reason', title: m.banColumns.reason, cell: (row) => row.reason },
  { key: 'operator', title: m.banColumns.operator, cell: (row) => row.operatorName },
  { key: 'createdAt', title: m.banColumns.createdAt, cell: (row) => when(row.createdAt) },
  {
    key: 'active',
    title: m.banColumns.active,
    cell: (row) => <span className={styles.badge}>{row.active ? m.banActive : m.banExpired}</span>,
  },
];

/** A text or number field of the forms below, labelled, its refusal under it. */
function Field(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  error?: string | undefined;
}) {
  return (
    <label className={styles.field}>
      {props.label}
      <input
        className={styles.input}
        name={props.name}
        type={props.type ?? 'text'}
        required
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.error ? <span className={styles.error}>{props.error}</span> : null}
    </label>
  );
}

/** Writing bans (issue 30 point 3): ban a user until a time, lift a ban, the list. */
export default function ModerationBansPage() {
  const pages = usePages('feedback.moderationBans', {});
  const [ban, setBan] = useState({ userId: '', until: '', reason: '' });
  const [lift, setLift] = useState({ userId: '', reason: '' });
  const [done, setDone] = useState<string | null>(null);
  const banAction = useAction('feedback.moderationBan', {
    fields: ['userId', 'until', 'reason'],
    invalidates: ['feedback.moderationBans'],
    onDone: (answer) => {
      setDone(m.banned(answer.userName, when(answer.until)));
      setBan({ userId: '', until: '', reason: '' });
    },
  });
  const liftAction = useAction('feedback.moderationLiftBan', {
    fields: ['userId', 'reason'],
    invalidates: ['feedback.moderationBans'],
    onDone: (answer) => {
      setDone(answer.lifted ? m.lifted : m.notBanned);
      setLift({ userId: '', reason: '' });
    },
  });
  return (
    <RolePage path="/backstage/moderation/bans">
      <section className={styles.panel}>
        <h2 className={styles.subtitle}>{m.banForm}</h2>
        <form
          className={styles.filters}
          aria-label={m.banForm}
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            // datetime-local is the operator's local time; the server takes an instant.
            const until = ban.until ? new Date(ban.until).toISOString() : '';
            void banAction.run({ userId: Number(ban.userId), until, reason: ban.reason });
          }}
        >
          <Field
            label={m.userId}
            name="userId"
            value={ban.userId}
            onChange={(userId) => setBan({ ...ban, userId })}
            error={banAction.fieldErrors.userId}
          />
          <Field
            label={m.until}
            name="until"
            type="datetime-local"
            value={ban.until}
            onChange={(until) => setBan({ ...ban, until })}
            error={banAction.fieldErrors.until}
          />
          <Field
            label={m.reason}
            name="reason"
            value={ban.reason}
            onChange={(reason) => setBan({ ...ban, reason })}
            error={banAction.fieldErrors.reason}
          />
          <button type="submit" className={styles.danger} disabled={banAction.busy}>
            {m.ban}
          </button>
        </form>
        <FormError message={banAction.error} />
        <h2 className={styles.subtitle}>{m.liftForm}</h2>
        <form
          className={styles.filters}
          aria-label={m.liftForm}
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            void liftAction.run({ userId: Number(lift.userId), reason: lift.reason });
          }}
        >
          <Field
            label={m.userId}
            name="liftUserId"
            value={lift.userId}
            onChange={(userId) => setLift({ ...lift, userId })}
            error={liftAction.fieldErrors.userId}
          />
          <Field
            label={m.reason}
            name="liftReason"
            value={lift.reason}
            onChange={(reason) => setLift({ ...lift, reason })}
            error={liftAction.fieldErrors.reason}
          />
          <button type="submit" className={styles.button} disabled={liftAction.busy}>
            {m.lift}
          </button>
        </form>
        <FormError message={liftAction.error} />
        {done ? (
          <p className={styles.note} role="status">
            {done}
          </p>
        ) : null}
        <PagedTable
          pages={pages}
          caption={m.bans}
          columns={columns}
          rowKey={(row) => row.userId}
          testId="bans-table"
        />
      </section>
    </RolePage>
  );
}
