import type { FeedCard, Page, TagTopDetail } from '@h5/contract';
import { CONTENT_CATEGORY_NAMES, formatCount } from '@h5/core';
import { Link } from 'react-router';
import { leanPage } from '../../lib/data-layer/lean-page';
import { useEntry } from '../../lib/data-layer/use-entry';
import { isCached, useInfinite } from '../../lib/data-layer/use-infinite';
import { notFound } from '../../lib/not-found';
import { dataOf, prefetch } from '../../lib/prefetch.server';
import { queryId } from '../../lib/query-id';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { appLanding } from '../../share/app-landing';
import { ShareLanding } from '../../share/ShareLanding';
import { CardList } from '../../shell/feed/CardList';
import layout from '../../shell/list-page.module.css';
import { PageHeader } from '../../shell/PageHeader';
import type { Route } from './+types/topic';
import styles from './topic.module.css';

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
  if (tagId === null || CONTENT_CATEGORY_NAMES[tagId] === undefined) throw notFound();
  const [page, top] = await Promise.all([
    prefetch(context, 'content.tagContents', { tagId, limit: PAGE_SIZE }),
    prefetch(context, 'content.evaluationTopDetail', { tagId }),
  ]);
  return { tagId, page: page.ok ? leanPage(page.data) : null, top: dataOf(top) };
}

const titleOf = (tagId: number | null) =>
  tagId === null
    ? SOCIAL_TEXT.topic
    : SOCIAL_TEXT.topicTitle(CONTENT_CATEGORY_NAMES[tagId] ?? SOCIAL_TEXT.topic);

const cardId = (card: FeedCard) => card.contentId;

/** Back to a topic answers from the cache: no request for its page 1 (decision record 005). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const tagId = tagIdOf(request);
  if (tagId !== null && isCached('content.tagContents', { tagId, limit: PAGE_SIZE }))
    return { tagId, page: null, top: null };
  return serverLoader();
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${titleOf(data && 'tagId' in data ? data.tagId : null)} · ${SHELL_TEXT.siteTitle}` },
];

/** A topic / label group (jump key 29 fallback `/community/topic?tagId=`, share path `/dongtai`). */
export default function Topic({ loaderData }: Route.ComponentProps) {
  if ('webPath' in loaderData) return <ShareLanding webPath={loaderData.webPath} />;
  const { tagId } = loaderData;
  return <TopicScreen key={tagId} tagId={tagId} page={loaderData.page} top={loaderData.top} />;
}

function TopicScreen(props: { tagId: number; page: Page<FeedCard> | null; top: TagTopDetail | null }) {
  const { tagId, page } = props;
  // The header is a bonus: without it the topic still lists its contents.
  const [header] = useEntry('content.evaluationTopDetail', { tagId }, props.top);
  const top = header.status === 'ready' ? header.data : null;
  const list = useInfinite('content.tagContents', { tagId, limit: PAGE_SIZE }, page, cardId);
  return (
    <div className={layout.screen} data-testid="topic">
      <PageHeader title={titleOf(tagId)} fallback="/" />
      <main className={layout.main}>
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
      <p className={layout.counts}>
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
