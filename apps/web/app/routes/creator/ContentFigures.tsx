import type { DataCenterContent, DataCenterPeriod } from '@h5/contract';
import { formatCount } from '@h5/core';
import { Link } from 'react-router';
import type { InfiniteList } from '../../lib/data-layer/use-infinite';
import { CREATOR_TEXT as text } from '../../lib/ui-text/creator';
import { PagedListView } from '../../shell/PagedListView';
import { SectionCard } from '../../shell/SectionCard';
import shell from '../../shell/screen.module.css';
import { Tabs } from '../../shell/Tabs';
import styles from './data-center.module.css';

export type SortKey = 'views' | 'lights' | 'newest';
const SORTS: SortKey[] = ['views', 'lights', 'newest'];

/** The creator's contents with the period's figures; a row opens the content's chart. */
export function ContentFigures(props: {
  list: InfiniteList<DataCenterContent>;
  period: DataCenterPeriod;
  sort: SortKey;
  onSort: (sort: SortKey) => void;
}) {
  const { list, period, sort, onSort } = props;
  return (
    <SectionCard title={text.contents} testId="content-figures">
      <Tabs
        label={text.contents}
        options={SORTS}
        chosen={sort}
        textOf={(s) => text.sorts[s]}
        onChoose={onSort}
        testIdPrefix="sort"
        className={styles.choices}
        tabClassName={styles.chip}
      />
      <PagedListView list={list} emptyText={text.contentEmpty}>
        {(items) => (
          <ol className={shell.rows}>
            {items.map((item) => (
              <li key={item.contentId}>
                <Link
                  className={styles.contentRow}
                  to={`/creator/data-center/content/${item.contentId}?period=${period}`}
                  data-testid="content-figure-row"
                  data-content-id={item.contentId}
                >
                  <span className={shell.rowTitle}>{item.title}</span>
                  <span className={styles.rowFigures}>
                    <span>
                      {text.figures.views} <b data-testid="row-views">{formatCount(item.views)}</b>
                    </span>
                    <span>
                      {text.figures.lights} <b>{formatCount(item.lights)}</b>
                    </span>
                    <span>
                      {text.figures.comments} <b>{formatCount(item.comments)}</b>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </PagedListView>
    </SectionCard>
  );
}
