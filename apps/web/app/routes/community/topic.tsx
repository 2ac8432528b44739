import { contract } from '@h5/contract';
import { CONTENT_CATEGORY_NAMES, PREFETCH_TIMEOUT_MS } from '@h5/core';
import { useCallback } from 'react';
import { racePrefetch } from '../../lib/prefetch';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { SOCIAL_TEXT } from '../../lib/ui-text/social';
import { useApi } from '../../lib/use-api';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import { leanPage } from '../content/feed-state';
import type { Route } from './+types/topic';
import { CardList } from './CardList';
import { queryId } from './page-id';
import styles from './social.module.css';
import { useCardPages } from './use-card-pages';

const PAGE_SIZE = 20;

/** A tag id (0 is the hot-recommend category) from `?tagId=`; null when missing or malformed. */
function tagIdOf(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get('tagId')?.trim();
  return raw === '0' ? 0 : queryId(request, 'tagId');
}

/** SSR prefetch of page 1 of the topic's contents (raced against the prefetch timeout). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const tagId = tagIdOf(request);
  if (tagId === null || CONTENT_CATEGORY_NAMES[tagId] === undefined) return { tagId: null, page: null };
  const page = await racePrefetch(
    context.api(contract.community.tagContents, { tagId, limit: PAGE_SIZE }),
    PREFETCH_TIMEOUT_MS,
  );
  return { tagId, page: page.ok ? leanPage(page.data) : null };
}

const titleOf = (tagId: number | null) =>
  tagId === null
    ? SOCIAL_TEXT.topic
    : SOCIAL_TEXT.topicTitle(CONTENT_CATEGORY_NAMES[tagId] ?? SOCIAL_TEXT.topic);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${titleOf(data?.tagId ?? null)} · ${SHELL_TEXT.siteTitle}` },
];

/** A topic / label group (jump key 29 fallback `/community/topic?tagId=`, share path `/dongtai`). */
export default function Topic({ loaderData }: Route.ComponentProps) {
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
  return <TopicScreen key={tagId} tagId={tagId} page={loaderData.page} />;
}

function TopicScreen({ tagId, page }: { tagId: number; page: Parameters<typeof useCardPages>[0] }) {
  const api = useApi();
  const fetchPage = useCallback(
    (lastId?: string) => api((c) => c.community.tagContents, { tagId, limit: PAGE_SIZE, lastId }),
    [api, tagId],
  );
  const list = useCardPages(page, fetchPage);
  return (
    <div className={styles.screen} data-testid="topic">
      <PageHeader title={titleOf(tagId)} fallback="/" />
      <main className={styles.main}>
        <CardList state={list.state} more={list.more} reload={list.reload} />
      </main>
    </div>
  );
}
