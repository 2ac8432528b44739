import { DOCUMENTS_TEXT as text } from '../../../lib/ui-text/backstage-documents';
import styles from './backstage.module.css';
import { type Column, DataTable } from './DataTable';

/** One stored version of a backstage document. */
export interface VersionRow {
  version: number;
  value: unknown;
  operatorName: string | null;
  restoredFrom: number | null;
  at: string;
}

/** A document's versions, newest first, each but the current one with its 恢复 button. */
export function VersionHistory({
  caption,
  rows,
  current,
  busyVersion,
  onRestore,
}: {
  caption: string;
  rows: readonly VersionRow[];
  current: number;
  busyVersion: number | null;
  onRestore: (version: number) => void;
}) {
  const columns: readonly Column<VersionRow>[] = [
    {
      key: 'version',
      title: text.versionColumns.version,
      cell: (row) => `${row.version}${row.restoredFrom === null ? '' : text.restoredFrom(row.restoredFrom)}`,
    },
    {
      key: 'value',
      title: text.versionColumns.value,
      cell: (row) => <pre className={styles.code}>{JSON.stringify(row.value, null, 2)}</pre>,
    },
    { key: 'who', title: text.versionColumns.who, cell: (row) => row.operatorName ?? text.initial },
    { key: 'at', title: text.versionColumns.at, cell: (row) => new Date(row.at).toLocaleString('zh-CN') },
    {
      key: 'restore',
      title: text.restore,
      cell: (row) =>
        row.version === current ? null : (
          <button
            type="button"
            className={styles.button}
            disabled={busyVersion !== null}
            onClick={() => onRestore(row.version)}
            data-testid={`restore-${row.version}`}
          >
            {text.restore} {row.version}
          </button>
        ),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={rows} rowKey={(row) => row.version} />;
}
