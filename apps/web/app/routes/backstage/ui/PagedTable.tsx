import type { Page } from '@h5/contract';
import type { EntryState } from '../../../lib/data-layer/use-entry';
import { BackstageEntry } from './BackstageEntry';
import { type Column, DataTable } from './DataTable';
import { Pager } from './Pager';

/** What {@link PagedTable} shows: a {@link usePages} list. */
interface PagedList<R> {
  state: EntryState<Page<R>>;
  reload: () => void;
  pageNumber: number;
  previous: (() => void) | null;
  next: (() => void) | null;
}

/** One page of a keyset-paged backstage list as a table, with 上一页 / 下一页 under it. */
export function PagedTable<R>({
  pages,
  caption,
  columns,
  rowKey,
  testId,
}: {
  pages: PagedList<R>;
  caption: string;
  columns: readonly Column<R>[];
  rowKey: (row: R) => string | number;
  testId?: string;
}) {
  return (
    <BackstageEntry state={pages.state} onRetry={pages.reload}>
      {(page) => (
        <>
          <DataTable caption={caption} columns={columns} rows={page.list} rowKey={rowKey} testId={testId} />
          <Pager pageNumber={pages.pageNumber} previous={pages.previous} next={pages.next} />
        </>
      )}
    </BackstageEntry>
  );
}
