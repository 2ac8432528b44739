import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { cachedEntry, useEntry } from '../../lib/data-layer/use-entry';
import { isNotFoundError, notFound } from '../../lib/not-found';
import { prefetch } from '../../lib/prefetch.server';
import { DETAIL_TEXT } from '../../lib/ui-text/detail';
import { MISSING_TEXT } from '../../lib/ui-text/missing';
import { SHELL_TEXT } from '../../lib/ui-text/shell';
import { contentShare } from '../../share/share-info';
import { contentShareMeta } from '../../share/share-meta.server';
import { COMMENT_PAGE_SIZE } from '../../shell/community/comment-page';
import { NotFound } from '../../shell/NotFound';
import { PageHeader } from '../../shell/PageHeader';
import { Placeholder } from '../../shell/Placeholder';
import type { Route } from './+types/detail';
import { DetailBody } from './DetailBody';
import { DetailBottomBar } from './DetailBottomBar';
import { DetailSkeleton } from './DetailSkeleton';
import styles from './detail.module.css';

// Below the fold and with its own reads: its chunk (list, composer, emoji) loads after the page's.
const CommentSection = lazy(() =>
  import('../../shell/community/CommentSection').then((m) => ({ default: m.CommentSection })),
);

// Drawn by the server; its logic and toast hydrate from their own chunk, shared with the user
// home, which is not first-load JS of the detail (DESIGN.md §8 budget).
const ShareButton = lazy(() => import('../../share/ShareButton').then((m) => ({ default: m.ShareButton })));

const CONTENT_ID = /^[1-9]\d{0,9}$/;

/**
 * SSR prefetch of the content, raced against the prefetch time-out (spec §4): on time-out or a
 * failure other than not-found, the browser loads it instead.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.contentId;
  if (!CONTENT_ID.test(id)) throw notFound();
  const contentId = Number(id);
  // The first comments with the content, so the server page lists them (issue 14 point 3: they
  // read without JavaScript; CommentSection takes them from this loader's data).
  const [result, replies] = await Promise.all([
    prefetch(context, 'content.contentDetail', { contentId }),
    prefetch(context, 'community.replyList', { contentId, limit: COMMENT_PAGE_SIZE }),
  ]);
  const firstReplies = replies.ok ? replies.data : null;
  if (result.ok) {
    // The page's share meta, from the same share info the share sheet gets (share-info.ts).
    const meta = contentShareMeta(contentShare(result.data, new URL(request.url).origin));
    return { contentId, detail: result.data, meta, replies: firstReplies };
  }
  if (result.reason === 'error' && isNotFoundError(result.error))
    throw notFound({ what: MISSING_TEXT.content, title: DETAIL_TEXT.title });
  return { contentId, detail: null, meta: null, replies: null };
}

/**
 * Back, forward or a tap to a content already read answers from the cache (decision record 005):
 * no server loader run; the cached title names the page (the share meta is for crawlers, which
 * always get the server's).
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const contentId = Number(params.contentId);
  const cached = cachedEntry('content.contentDetail', { contentId });
  if (!cached) return serverLoader();
  return {
    contentId,
    detail: null,
    meta: [{ title: `${cached.title} · ${SHELL_TEXT.siteTitle}` }],
    replies: null,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data?.meta ?? [{ title: `${DETAIL_TEXT.title} · ${SHELL_TEXT.siteTitle}` }];

export default function ContentDetailScreen({ loaderData }: Route.ComponentProps) {
  const contentId = loaderData.contentId;
  const [state, reload] = useEntry('content.contentDetail', { contentId }, loaderData.detail);

  let main: React.ReactNode;
  if (state.status === 'ready') {
    const d = state.data;
    main = (
      <>
        <DetailBody detail={d} />
        <Suspense fallback={<div className={styles.commentsPending} aria-busy="true" />}>
          <CommentSection contentId={d.contentId} replyCount={d.replyCount} />
        </Suspense>
      </>
    );
  } else if (state.status === 'loading') main = <DetailSkeleton />;
  else if (state.status === 'failed') main = <Placeholder type="networkError" onRetry={reload} />;
  else return <NotFound missing="content" title={DETAIL_TEXT.title} />;

  const ready = state.status === 'ready' ? state.data : null;
  return (
    <div className={styles.screen} data-testid="content-detail" data-content-type={ready?.contentType}>
      <PageHeader title={DETAIL_TEXT.title} fallback="/" backTestId="back-link" />
      <main className={styles.main} aria-busy={state.status === 'loading' || undefined}>
        {main}
        {/* Feedback (issue 5): the report entry. */}
        <Link
          className={styles.report}
          // The id is digits (the loader's CONTENT_ID): nothing to encode, and no URLSearchParams
          // in first-load JS (DESIGN.md §8 budget).
          to={`/feedback/accuse?targetType=content&targetId=${contentId}`}
          data-testid="report-entry"
        >
          {DETAIL_TEXT.report}
        </Link>
      </main>
      {ready ? (
        <DetailBottomBar
          light={{ contentId: ready.contentId, isLight: ready.isLight, lightCount: ready.lightCount }}
          share={<ShareButton target={{ type: 'content', contentId, detail: ready }} />}
        />
      ) : null}
    </div>
  );
}
