import { contract, type FeedCard, type TagTopDetail } from '@h5/contract';
import { CONTENT_CATEGORY_NAMES, formatCount } from '@h5/core';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useApi } from '../../lib/use-api';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { leanPage } from '../content/feed-state';
import { appLanding } from '../share/app-landing';
import { ShareLanding } from '../share/ShareLanding';
import type { Route } from './+types/topic';
import { CardList } from './CardList';
import { queryId } from './page-id';
import styles from './social.module.css';
import { type Page, usePagedList } from './use-paged-list';

const PAGE_SIZE = 20;

/** A tag id (0 is the hot-recommend category) from `?tagId=`; null when missing or malformed. */
function tagIdOf(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get('tagId')?.trim();
  return raw === '0' ? 0 : queryId(request, 'tagId');
}

/** Inside the app the share path (/dongtai) lands on the native topic screen (issue 12); else the topic. */
export async function loader(args: Route.LoaderArgs) {
  return appLanding(args.request) ?? (await topicData(args));
}

/** SSR prefetch of page 1 of the topic's contents (raced against the prefetch timeout). */
async function topicData({ request, context }: Route.LoaderArgs) {
  const tagId = tagIdOf(request);
  if (tagId === null || CONTENT_CATEGORY_NAMES[tagId] === undefined)
    return { tagId: null, page: null, top: null };
  const [page, top] = await Promise.all([
    prefetch(context, contract.content.tagContents, { tagId, limit: PAGE_SIZE }),
    prefetch(context, contract.content.evaluationTopDetail, { tagId }),
  ]);
  return { tagId, page: page.ok ? leanPage(page.data) : null, top: dataOf(top) };
}

const titleOf = (tagId: number | null) =>
  tagId === null
    ? SOCIAL_TEXT.topic
    : SOCIAL_TEXT.topicTitle(CONTENT_CATEGORY_NAMES[tagId] ?? SOCIAL_TEXT.topic);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${titleOf(data && 'tagId' in data ? data.tagId : null)} · ${SHELL_TEXT.siteTitle}` },
];

/** A topic / label group (jump key 29 fallback `/community/topic?tagId=`, share path `/dongtai`). */
export default function Topic({ loaderData }: Route.ComponentProps) {
  if ('webPath' in loaderData) return <ShareLanding webPath={loaderData.webPath} />;
  const { tagId } = loaderData;
  if (tagId === null) {
    return (
      <div className={styles.screen} data-testid="topic-not-found">
        <PageHeader title={SOCIAL_TEXT.topic} fallback="/" />
        <Placeholder type="empty" />
        <p className={styles.end}>{SOCIAL_TEXT.notFound}</p>
      </div>
    );
  }
  return <TopicScreen key={tagId} tagId={tagId} page={loaderData.page} top={loaderData.top} />;
}

function TopicScreen(props: { tagId: number; page: Page<FeedCard> | null; top: TagTopDetail | null }) {
  const { tagId, page } = props;
  const api = useApi();
  const [top, setTop] = useState(props.top);
  const prefetched = props.top !== null;
  useEffect(() => {
    // The header is a bonus: without it the topic still lists its contents.
    if (!prefetched) api((c) => c.content.evaluationTopDetail, { tagId }).then(setTop, () => undefined);
  }, [api, tagId, prefetched]);
  const fetchPage = useCallback(
    (lastId?: string) => api((c) => c.content.tagContents, { tagId, limit: PAGE_SIZE, lastId }),
    [api, tagId],
  );
  const list = usePagedList(page, fetchPage);
  return (
    <div className={styles.screen} data-testid="topic">
      <PageHeader title={titleOf(tagId)} fallback="/" />
      <main className={styles.main}>
        {top ? <TopicHeader top={top} /> : null}
        <CardList list={list} />
      </main>
    </div>
  );
}

/** The topic's totals and its three most-lit contents (evaluation top detail). */
function TopicHeader({ top }: { top: TagTopDetail }) {
  return (
    <section className={styles.topic} data-testid="topic-header" aria-label={SOCIAL_TEXT.topicStats}>
      <h2 className={styles.topicName}>#{top.tagName}</h2>
      <p className={styles.counts}>
        <span>
          <b data-testid="topic-content-count">{formatCount(top.contentCount)}</b>
          {SOCIAL_TEXT.contents}
        </span>
        <span>
          <b>{formatCount(top.authorCount)}</b>
          {SOCIAL_TEXT.authors}
        </span>
        <span>
          <b>{formatCount(top.lightCount)}</b>
          {SOCIAL_TEXT.lights}
        </span>
      </p>
      {top.topList.length > 0 ? (
        <ol className={styles.topList} aria-label={SOCIAL_TEXT.topicTop}>
          {top.topList.map((card, i) => (
            <li key={card.contentId}>
              <Link
                to={`/community/content/${card.contentId}`}
                className={styles.topItem}
                data-testid="topic-top"
              >
                <span className={styles.topPlace}>{i + 1}</span>
                <span className={styles.topTitle}>{card.title}</span>
                <span className={styles.topLights}>{formatCount(card.lightCount)}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
