import type { StaffingSigning } from '@h5/contract';
import { useState } from 'react';
import { STAFFING_OPS_TEXT as text } from '../../lib/ui-text/backstage-ops';
import styles from './ui/backstage.module.css';
import type { Column } from './ui/DataTable';
import { PagedTable } from './ui/PagedTable';
import { RolePage } from './ui/RolePage';
import { SelectField } from './ui/SelectField';
import { usePages } from './ui/use-pages';

const columns: readonly Column<StaffingSigning>[] = [
  { key: 'user', title: text.columns.user, cell: (row) => row.user.userName },
  { key: 'userId', title: text.columns.userId, cell: (row) => row.user.userId },
  {
    key: 'state',
    title: text.columns.state,
    cell: (row) => <span className={styles.badge}>{row.signed ? text.signed : text.unsigned}</span>,
  },
  {
    key: 'signedAt',
    title: text.columns.signedAt,
    cell: (row) => (row.signedAt ? new Date(row.signedAt).toLocaleString('zh-CN') : '—'),
  },
];

/** 灵活用工签约 (issue 30 point 4, moderators, read-only): every creator's payout signing. */
export default function StaffingPage() {
  const [signed, setSigned] = useState<'' | 'yes' | 'no'>('');
  const pages = usePages('creator.staffingSignings', signed ? { signed } : {});
  return (
    <RolePage path="/backstage/staffing">
      <section className={styles.panel}>
        <div className={styles.filters}>
          <SelectField<'' | 'yes' | 'no'>
            label={text.filterSigned}
            name="signed"
            value={signed}
            options={[
              ['', text.any],
              ['yes', text.signed],
              ['no', text.unsigned],
            ]}
            onChange={setSigned}
          />
        </div>
        <PagedTable
          pages={pages}
          caption={text.title}
          columns={columns}
          rowKey={(row) => row.user.userId}
          testId="staffing-table"
        />
      </section>
    </RolePage>
  );
}
