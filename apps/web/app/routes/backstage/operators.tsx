import type { OutputOf } from '../../lib/data-layer/entry';
import { useEntry } from '../../lib/data-layer/use-entry';
import { BACKSTAGE_TEXT as text } from '../../lib/ui-text/backstage';
import { BackstageEntry } from './ui/BackstageEntry';
import styles from './ui/backstage.module.css';
import { type Column, DataTable } from './ui/DataTable';
import { RolePage } from './ui/RolePage';

type Row = OutputOf<'backstage.operators'>['list'][number];

const columns: readonly Column<Row>[] = [
  { key: 'name', title: text.operatorColumns.name, cell: (row) => row.name },
  { key: 'role', title: text.operatorColumns.role, cell: (row) => text.roles[row.role] },
  { key: 'totp', title: text.operatorColumns.totp, cell: (row) => (row.totp ? text.on : text.off) },
  {
    key: 'disabled',
    title: text.operatorColumns.disabled,
    cell: (row) => (row.disabled ? text.disabled : text.active),
  },
  {
    key: 'lastLoginAt',
    title: text.operatorColumns.lastLoginAt,
    cell: (row) => (row.lastLoginAt ? new Date(row.lastLoginAt).toLocaleString('zh-CN') : text.never),
  },
];

/** The operator accounts (admin): made and changed on the command line only. */
export default function OperatorsPage() {
  const [state, reload] = useEntry('backstage.operators', {}, null);
  return (
    <RolePage path="/backstage/operators">
      <section className={styles.panel}>
        <p className={styles.note}>{text.operatorsNote}</p>
        <BackstageEntry state={state} onRetry={reload}>
          {({ list }) => (
            <DataTable
              caption={text.operators}
              columns={columns}
              rows={list}
              rowKey={(row) => row.operatorId}
            />
          )}
        </BackstageEntry>
      </section>
    </RolePage>
  );
}
