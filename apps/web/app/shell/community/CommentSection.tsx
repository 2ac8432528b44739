import type { Reply } from '@h5/contract';
import { formatCount } from '@h5/core';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLoaderData } from 'react-router';
import { useEntry } from '../../lib/data-layer/use-entry';
import { COMMENT_TEXT } from '../../lib/ui-text/comments';
import { useApi } from '../../lib/use-api';
import { useDraftRequestId } from '../../lib/use-draft-request-id';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { Placeholder } from '../Placeholder';
import { Toast } from '../Toast';
import { useToast } from '../use-toast';
import styles from './Comment.module.css';
// The same rules as text, for the server page only (issue 14 point 3): React puts the style in the
// head, so the section is styled from the first paint, without JavaScript too. The browser gets
// the rules with this chunk's stylesheet and keeps the server's style (same href); its build
// drops this text (import.meta.env.SSR is false there).
import stylesText from './Comment.module.css?inline';
import { CommentComposer, type ComposerHandle } from './CommentComposer';
import { CommentConfirm } from './CommentConfirm';
import { CommentItem } from './CommentItem';
import { useCommentList } from './comment-list';
import type { DetailRepliesData } from './comment-page';

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
  const [replyTo, setReplyTo] = useState<Reply | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Reply | null>(null);
  const [toast, showToast] = useToast();
  const draftId = useDraftRequestId();
  const composer = useRef<ComposerHandle>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const mapping = useMemo(() => new Map(list.emojis.map((e) => [e.name, e.url])), [list.emojis]);
  const [now, setNow] = useState(() => Date.now());
  // Only a badge: without it the comments read the same.
  const [lz] = useEntry('content.memeLzinfo', { contentId }, null, { errorToast: false });
  const lzUserId = lz.status === 'ready' ? lz.data.userId : null;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

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
      list.added(result.reply, result.replyCount);
      setReplyTo(null);
      showToast(COMMENT_TEXT.posted);
      return true;
    } catch {
      return false;
    }
  };

  const startReply = useCallback((reply: Reply) => {
    setReplyTo(reply);
    composer.current?.focus();
  }, []);

  const confirmDelete = async () => {
    const reply = pendingDelete;
    setPendingDelete(null);
    if (!reply) return;
    try {
      const result = await api('community.replyDelete', { replyId: reply.replyId });
      list.removed(reply, result.replyCount);
      if (replyTo?.replyId === reply.replyId || replyTo?.parentId === reply.replyId) setReplyTo(null);
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
      <CommentComposer
        ref={composer}
        emojis={list.emojis}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSend={send}
      />
      {empty && state.loading ? <Placeholder type="loading" compact /> : null}
      {empty && state.failed ? <Placeholder type="networkError" compact onRetry={list.reload} /> : null}
      {empty && !state.loading && !state.failed ? (
        <p className={styles.empty} data-testid="comment-empty">
          {COMMENT_TEXT.empty}
        </p>
      ) : null}
      {empty ? null : (
        <>
          <ul className={styles.list} aria-busy={state.loading} data-testid="comment-list">
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
      <Toast message={toast} testId="comment-toast" />
    </section>
  );
}
