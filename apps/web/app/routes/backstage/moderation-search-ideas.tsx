import type { SearchIdeaRow } from '@h5/contract';
import { MODERATION_TEXT as m } from '../../lib/ui-text/moderation';
import styles from './ui/backstage.module.css';
import type { Column } from './ui/DataTable';
import { PagedTable } from './ui/PagedTable';
import { RolePage } from './ui/RolePage';
import { usePages } from './ui/use-pages';

const columns: readonly Column<SearchIdeaRow>[] = [
  {
    key: 'createdAt',
    title: m.ideaColumns.createdAt,
    cell: (row) => new Date(row.createdAt).toLocaleString('zh-CN'),
  },
  { key: 'user', title: m.ideaColumns.user, cell: (row) => `${row.userName}（${row.userId}）` },
  { key: 'keyword', title: m.ideaColumns.keyword, cell: (row) => row.keyword },
  { key: 'options', title: m.ideaColumns.options, cell: (row) => row.options.join('、') },
  { key: 'content', title: m.ideaColumns.content, cell: (row) => row.content },
  {
    key: 'images',
    title: m.ideaColumns.images,
    cell: (row) =>
      row.images.map((url, i) => (
        <a key={url} href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={m.evidence(i + 1)} width={64} height={64} style={{ objectFit: 'cover' }} />
        </a>
      )),
  },
];

/** Search ideas users sent (issue 30 point 3), oldest first. */
export default function ModerationSearchIdeasPage() {
  const pages = usePages('feedback.moderationSearchIdeas', {});
  return (
    <RolePage path="/backstage/moderation/search-ideas">
      <section className={styles.panel}>
        <PagedTable
          pages={pages}
          caption={m.searchIdeas}
          columns={columns}
          rowKey={(row) => row.ideaId}
          testId="search-ideas-table"
        />
      </section>
    </RolePage>
  );
}
