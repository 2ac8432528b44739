import type { AuditEntry } from '@h5/contract';
import { useState } from 'react';
import { BACKSTAGE_TEXT as text } from '../../lib/ui-text/backstage';
import styles from './ui/backstage.module.css';
import type { Column } from './ui/DataTable';
import { PagedTable } from './ui/PagedTable';
import { RolePage } from './ui/RolePage';
import { usePages } from './ui/use-pages';

/** An action's Chinese name; a name this build does not know (a newer node's) shows as it is stored. */
const actionLabel = (action: string): string =>
  (text.auditActions as Record<string, string | undefined>)[action] ?? action;

const columns: readonly Column<AuditEntry>[] = [
  { key: 'at', title: text.auditColumns.at, cell: (row) => new Date(row.at).toLocaleString('zh-CN') },
  {
    key: 'operator',
    title: text.auditColumns.operator,
    cell: (row) => `${row.operatorName}${row.operatorId === null ? '' : `（${row.operatorId}）`}`,
  },
  { key: 'address', title: text.auditColumns.address, cell: (row) => row.address },
  {
    key: 'action',
    title: text.auditColumns.action,
    cell: (row) => (
      <span className={styles.badge} title={row.action}>
        {actionLabel(row.action)}
      </span>
    ),
  },
  { key: 'object', title: text.auditColumns.object, cell: (row) => `${row.objectType} #${row.objectId}` },
  {
    key: 'change',
    title: text.auditColumns.change,
    cell: (row) => (
      <>
        {row.before != null ? (
          <pre className={styles.code}>{`${text.before} ${JSON.stringify(row.before)}`}</pre>
        ) : null}
        {row.after != null ? (
          <pre className={styles.code}>{`${text.after} ${JSON.stringify(row.after)}`}</pre>
        ) : null}
      </>
    ),
  },
  { key: 'reason', title: text.auditColumns.reason, cell: (row) => row.reason },
];

interface Filters {
  operatorId?: string;
  objectType?: string;
  objectId?: string;
  from?: string;
  to?: string;
}

/** A local calendar day's start or end as an ISO instant, for the time filter. */
const dayBound = (day: string, end: boolean): string =>
  new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();

/** The audit log (issue 30 point 2): every operator action, searchable by operator, object and time. */
export default function AuditPage() {
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const input = {
    ...(filters.operatorId ? { operatorId: Number(filters.operatorId) } : {}),
    ...(filters.objectType ? { objectType: filters.objectType } : {}),
    ...(filters.objectId ? { objectId: filters.objectId } : {}),
    ...(filters.from ? { from: dayBound(filters.from, false) } : {}),
    ...(filters.to ? { to: dayBound(filters.to, true) } : {}),
  };
  const pages = usePages('backstage.audit', input);
  const field = (key: keyof Filters, type = 'text') => (
    <label className={styles.field}>
      {text.auditFilters[key]}
      <input
        className={styles.input}
        type={type}
        name={key}
        value={draft[key] ?? ''}
        onChange={(event) => setDraft({ ...draft, [key]: event.currentTarget.value })}
      />
    </label>
  );
  return (
    <RolePage path="/backstage/audit">
      <section className={styles.panel}>
        <form
          className={styles.filters}
          aria-label={text.filter}
          onSubmit={(event) => {
            event.preventDefault();
            setFilters(draft);
          }}
        >
          {field('operatorId', 'number')}
          {field('objectType')}
          {field('objectId')}
          {field('from', 'date')}
          {field('to', 'date')}
          <button type="submit" className={styles.primary}>
            {text.filter}
          </button>
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              setDraft({});
              setFilters({});
            }}
          >
            {text.clear}
          </button>
        </form>
        <PagedTable
          pages={pages}
          caption={text.audit}
          columns={columns}
          rowKey={(row) => row.id}
          testId="audit-table"
        />
      </section>
    </RolePage>
  );
}
