import type { Reply } from '@h5/contract';
import { formatCount } from '@h5/core';
import {
  lazy,
  type MouseEvent,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLoaderData } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { COMMENT_TEXT } from '../../lib/ui-text/comments';
import { useApi } from '../../lib/use-api';
import { useDraftRequestId } from '../../lib/use-draft-request-id';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useLowDevice } from '../../lib/use-low-device';
import { Placeholder } from '../Placeholder';
import { Toast } from '../Toast';
import { useToast } from '../use-toast';
import styles from './Comment.module.css';
// The same rules as text, for the server page only (issue 14 point 3): React puts the style in the
// head, so the section is styled from the first paint, without JavaScript too. The browser gets
// the rules with this chunk's stylesheet and keeps the server's style (same href); its build
// drops this text (import.meta.env.SSR is false there).
import stylesText from './Comment.module.css?inline';
import { CommentConfirm } from './CommentConfirm';
import { CommentItem } from './CommentItem';
import { type ReplyTarget, takeOpenDraft } from './comment-draft';
import { useCommentList } from './comment-list';
import type { DetailRepliesData } from './comment-page';

// The composer sheet (issue 28 point 2) in a chunk of its own, fetched once the section has
// settled, so it opens at once on the first tap and costs the page nothing before.
const loadComposer = () => import('./CommentComposer');
const CommentComposer = lazy(loadComposer);

/**
 * The mark on <html> (`data-compose`) by which the detail's bottom bar (说点什么…) asks for the
 * composer (DetailBottomBar.tsx): the section takes it when it appears, or on mount when the tap
 * came before the section's chunk.
 */
export const COMPOSE_MARK = 'compose';

/** After this long on the page the composer's chunk is fetched ahead of a tap. */
const COMPOSER_PRELOAD_MS = 1500;

/** Whom a comment answers, from the comment. */
const targetOf = (reply: Reply): ReplyTarget => ({
  replyId: reply.replyId,
  parentId: reply.parentId,
  userName: reply.author.userName,
});

/**
 * Where a new top-level comment goes so that it shows where the reader is: before the first
 * comment whose top is in view below the top bar (after it when only its end shows), or first
 * when the list's head is in view or no comment is.
 */
function insertionIndex(list: HTMLElement | null): number {
  if (!list) return 0;
  const top = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const items = [...list.children];
  for (const [index, item] of items.entries()) {
    const box = item.getBoundingClientRect();
    if (box.bottom <= top) continue;
    if (box.top >= window.innerHeight) return 0;
    return box.top >= top ? index : index + 1;
  }
  return 0;
}

// Issue 6 (comments). The detail page renders it under the content.
export interface CommentSectionProps {
  contentId: number;
  /** How many replies the content has, for the heading before the list loads. */
  replyCount: number;
}

/** How often relative times ("5分钟前") are refreshed. */
const CLOCK_TICK_MS = 60_000;

/** The comment list (paged, nested child replies, [name] emoji) and the composer. */
export function CommentSection({ contentId, replyCount }: CommentSectionProps) {
  const api = useApi();
  // The detail's loader prefetched the first page (routes/content/detail.tsx).
  const firstPage = useLoaderData<DetailRepliesData>()?.replies ?? null;
  const list = useCommentList(contentId, replyCount, firstPage);
  const { state } = list;
  // The composer sheet: never opened (null), or for a comment on the content or a reply, open or
  // closed. Once opened it stays mounted (hidden when closed): its text and emoji row as left.
  const [composing, setComposing] = useState<{ to: ReplyTarget | null; open: boolean } | null>(null);
  const replyTo = composing?.to ?? null;
  const [fresh, setFresh] = useState<number | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Reply | null>(null);
  const [toast, showToast] = useToast();
  const draftId = useDraftRequestId();
  const listRef = useRef<HTMLUListElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const mapping = useMemo(() => new Map(list.emojis.map((e) => [e.name, e.url])), [list.emojis]);
  const [now, setNow] = useState(() => Date.now());
  const lowDevice = useLowDevice();
  // Only a badge: without it the comments read the same.
  const [lz] = useEntry('content.memeLzinfo', { contentId }, null, { errorToast: false });
  const lzUserId = lz.status === 'ready' ? lz.data.userId : null;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    // The bottom bar's 说点什么… opens the composer (its mark); a draft that was open when the page went (a
    // login, a reload) opens again with its addressee.
    const root = document.documentElement;
    const take = () => {
      if (root.dataset[COMPOSE_MARK] === undefined) return;
      delete root.dataset[COMPOSE_MARK];
      setComposing({ to: null, open: true });
    };
    const resumed = takeOpenDraft(contentId);
    if (resumed) setComposing({ to: resumed.to, open: true });
    take();
    const watch = new MutationObserver(take);
    watch.observe(root, { attributeFilter: [`data-${COMPOSE_MARK}`] });
    const preload = setTimeout(() => void loadComposer(), COMPOSER_PRELOAD_MS);
    return () => {
      watch.disconnect();
      delete root.dataset[COMPOSE_MARK];
      clearTimeout(preload);
    };
  }, [contentId]);

  useEffect(() => {
    // The comment just sent shows where the reader is: in view (scrolled the least), lit a moment.
    if (fresh === null) return;
    const node = listRef.current?.querySelector<HTMLElement>(`[data-reply-id="${fresh}"]`);
    if (!node) return;
    // No motion where motion is asked away or costs most (tokens.css: reduced motion, low device).
    const still = lowDevice || matchMedia('(prefers-reduced-motion: reduce)').matches;
    node.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
    if (still) return;
    const glow = getComputedStyle(document.documentElement).getPropertyValue('--color-accent-soft');
    node.animate?.([{ backgroundColor: glow }, { backgroundColor: 'transparent' }], {
      duration: 1600,
      easing: 'ease-out',
    });
  }, [fresh, lowDevice]);

  useInfiniteScroll(
    sentinel,
    state.items.length > 0 && state.hasMore && !state.loading && !state.failed,
    list.more,
  );

  const send = async (content: string): Promise<boolean> => {
    // A retry of the same draft (after a time-out, a double tap) carries the same requestId: one comment.
    const requestId = draftId.idFor(`${replyTo?.replyId ?? ''}\n${content}`);
    try {
      // A visitor gets 7999 here: the request client's login handling takes over.
      const result = await api('community.replyAdd', {
        contentId,
        content,
        requestId,
        ...(replyTo ? { replyId: replyTo.replyId } : {}),
      });
      draftId.sent();
      setNow(Date.now());
      list.added(result.reply, result.replyCount, insertionIndex(listRef.current));
      setComposing({ to: null, open: false });
      setFresh(result.reply.replyId);
      showToast(COMMENT_TEXT.posted);
      return true;
    } catch {
      return false;
    }
  };

  const startReply = useCallback((reply: Reply) => setComposing({ to: targetOf(reply), open: true }), []);

  /** A tap on a comment's text answers it, as in the apps users know (回复 is the keyboard's way). */
  const tapComment = (event: MouseEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    if (!target.closest('[data-testid="comment-text"]') || target.closest('a')) return;
    if (window.getSelection()?.toString()) return;
    const id = Number(target.closest<HTMLElement>('[data-reply-id]')?.dataset.replyId);
    const reply = state.items
      .flatMap((top) => [top as Reply, ...top.child.replyList])
      .find((r) => r.replyId === id);
    if (reply) startReply(reply);
  };

  const confirmDelete = async () => {
    const reply = pendingDelete;
    setPendingDelete(null);
    if (!reply) return;
    try {
      const result = await api('community.replyDelete', { replyId: reply.replyId });
      list.removed(reply, result.replyCount);
      if (replyTo?.replyId === reply.replyId || replyTo?.parentId === reply.replyId)
        setComposing((c) => c && { to: null, open: false });
      showToast(COMMENT_TEXT.deleted);
    } catch {
      // The request client has shown the refusal.
    }
  };
  const cancelDelete = useCallback(() => setPendingDelete(null), []);

  const empty = state.items.length === 0;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="comment-section">
      <style href="h5-comment-styles" precedence="default">
        {import.meta.env.SSR ? stylesText : ''}
      </style>
      <h2 id={headingId} className={styles.heading}>
        {COMMENT_TEXT.heading(formatCount(state.total))}
      </h2>
      {empty && state.loading ? <Placeholder type="loading" compact /> : null}
      {empty && state.failed ? <Placeholder type="networkError" compact onRetry={list.reload} /> : null}
      {empty && !state.loading && !state.failed ? (
        <p className={styles.empty} data-testid="comment-empty">
          {COMMENT_TEXT.empty}
        </p>
      ) : null}
      {empty ? null : (
        <>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; each comment's 回复 button is the keyboard's way */}
          <ul
            ref={listRef}
            className={styles.list}
            aria-busy={state.loading}
            onClick={tapComment}
            data-testid="comment-list"
          >
            {state.items.map((reply) => (
              <CommentItem
                key={reply.replyId}
                reply={reply}
                paging={state.children[reply.replyId]}
                onExpand={list.expand}
                mapping={mapping}
                lzUserId={lzUserId}
                now={now}
                onReply={startReply}
                onDelete={setPendingDelete}
              />
            ))}
          </ul>
          <div ref={sentinel} className={styles.footer}>
            {state.loading ? <Placeholder type="loading" compact /> : null}
            {state.failed ? <Placeholder type="networkError" compact onRetry={list.more} /> : null}
            {state.hasMore && !state.loading && !state.failed ? (
              <button type="button" className={styles.expand} onClick={list.more} data-testid="comment-more">
                {COMMENT_TEXT.loadMore}
              </button>
            ) : null}
            {!state.hasMore && !state.loading ? <p className={styles.end}>{COMMENT_TEXT.end}</p> : null}
          </div>
        </>
      )}
      {pendingDelete ? (
        <CommentConfirm
          withChildren={state.items.some((r) => r.replyId === pendingDelete.replyId && r.replyCount > 0)}
          onConfirm={confirmDelete}
          onCancel={cancelDelete}
        />
      ) : null}
      {composing ? (
        <Suspense fallback={null}>
          <CommentComposer
            // One sheet per addressee: its draft and focus start afresh when it changes.
            key={replyTo?.replyId ?? 0}
            contentId={contentId}
            emojis={list.emojis}
            to={replyTo}
            open={composing.open}
            onCancelReply={() => setComposing({ to: null, open: true })}
            onClose={() => setComposing((c) => c && { ...c, open: false })}
            onSend={send}
          />
        </Suspense>
      ) : null}
      <Toast message={toast} testId="comment-toast" />
    </section>
  );
}
