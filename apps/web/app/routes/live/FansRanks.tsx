import type { FansRankItem, LiveContext, RankPeriod } from '@h5/contract';
import { useState } from 'react';
import { useEntry } from '../../lib/data-layer/use-entry';
import { type InfiniteList, useInfinite } from '../../lib/data-layer/use-infinite';
import { LIVE_TEXT as text } from '../../lib/ui-text/live';
import { EntryView } from '../../shell/EntryView';
import { PagedListView } from '../../shell/PagedListView';
import { Placeholder } from '../../shell/Placeholder';
import styles from '../../shell/screen.module.css';
import { Tabs } from '../../shell/Tabs';
import live from './live.module.css';

export const RANK_PAGE = 20;
const userIdOf = (r: FansRankItem) => r.user.userId;
const PERIODS: RankPeriod[] = ['today', 'all'];

/** One member's row of a rank. */
export function RankRow({ item, testId = 'rank-row' }: { item: FansRankItem; testId?: string }) {
  return (
    <li className={styles.row} data-testid={testId} data-user-id={item.user.userId}>
      <span className={`${live.rankNo} ${item.rank <= 3 ? live.rankTop : ''}`}>{item.rank}</span>
      <img className={live.smallAvatar} src={item.user.avatar} alt="" width={40} height={40} loading="lazy" />
      <span className={styles.rowText}>
        <span className={styles.rowTitle}>{item.user.userName}</span>
        <span className={styles.note}>{text.fansLevel(item.fansLevel)}</span>
      </span>
      <span className={styles.note}>{text.intimacy(item.intimacy)}</span>
    </li>
  );
}

function RankTabs({ tab, onTab }: { tab: RankPeriod; onTab: (tab: RankPeriod) => void }) {
  return (
    <Tabs
      options={PERIODS}
      chosen={tab}
      textOf={(key) => text.rankTabs[key]}
      onChoose={onTab}
      testIdPrefix="rank-tab"
    />
  );
}

function RankList({ list, empty }: { list: InfiniteList<FansRankItem>; empty: string }) {
  return (
    <PagedListView list={list} emptyText={empty} skeleton={<div className={styles.skeleton} />}>
      {(items) => (
        <ul className={styles.rows} data-testid="rank-list">
          {items.map((r) => (
            <RankRow key={r.user.userId} item={r} />
          ))}
        </ul>
      )}
    </PagedListView>
  );
}

/** The audience's ranks of a stream's group: today and all-time tabs, and my own place under them. */
export function AudienceRanks({ context, streamId }: { context: LiveContext; streamId: number }) {
  const [tab, setTab] = useState<RankPeriod>('all');
  return (
    <section className={styles.card} data-testid="fans-ranks">
      <RankTabs tab={tab} onTab={setTab} />
      <div role="tabpanel">
        <AudienceRankList key={tab} context={context} streamId={streamId} period={tab} />
      </div>
    </section>
  );
}

function AudienceRankList({
  context,
  streamId,
  period,
}: {
  context: LiveContext;
  streamId: number;
  period: RankPeriod;
}) {
  const list = useInfinite(
    'live.audienceRankList',
    { ...context, streamId, period, limit: RANK_PAGE },
    null,
    userIdOf,
  );
  const mine = list.state.last?.mine ?? null;
  return (
    <>
      <RankList list={list} empty={period === 'today' ? text.todayEmpty : text.rankEmpty} />
      {list.state.last ? (
        <div className={live.mine} data-testid="my-rank">
          <span className={styles.rowTitle}>{text.mine}</span>
          <span className={styles.note}>
            {mine ? `${text.rankNo(mine.rank)} · ${text.intimacy(mine.intimacy)}` : text.notRanked}
          </span>
        </div>
      ) : null}
    </>
  );
}

/** The host's ranks of their own group: today's top members and the paged all-time rank. */
export function HostRanks({ context }: { context: LiveContext }) {
  const [tab, setTab] = useState<RankPeriod>('all');
  return (
    <section className={styles.card} data-testid="host-ranks">
      <RankTabs tab={tab} onTab={setTab} />
      <div role="tabpanel">
        {tab === 'all' ? <HostAllRank context={context} /> : <HostTodayRank context={context} />}
      </div>
    </section>
  );
}

function HostAllRank({ context }: { context: LiveContext }) {
  const list = useInfinite('live.kolRankList', { ...context, limit: RANK_PAGE }, null, userIdOf);
  return (
    <>
      {list.state.last ? <p className={styles.note}>{text.members(list.state.last.memberCount)}</p> : null}
      <RankList list={list} empty={text.rankEmpty} />
    </>
  );
}

function HostTodayRank({ context }: { context: LiveContext }) {
  const [state, reload] = useEntry('live.todayRank', context, null);
  return (
    <EntryView state={state} onRetry={reload}>
      {({ list }) =>
        list.length === 0 ? (
          <Placeholder type="empty" text={text.todayEmpty} />
        ) : (
          <ul className={styles.rows} data-testid="rank-list">
            {list.map((r) => (
              <RankRow key={r.user.userId} item={r} />
            ))}
          </ul>
        )
      }
    </EntryView>
  );
}
