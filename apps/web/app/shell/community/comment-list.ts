import type { Emoji, Reply, ReplyPage, TopReply } from '@h5/contract';
import { useCallback, useState } from 'react';
import { setContentShadow, useContentShadow } from '../../lib/data-layer/shadow';
import { useEntry } from '../../lib/data-layer/use-entry';
import { editList, useInfinite } from '../../lib/data-layer/use-infinite';
import { useApi } from '../../lib/use-api';
import { COMMENT_PAGE_SIZE as PAGE_SIZE } from './comment-page';

const CHILD_PAGE_SIZE = 10;
const NO_EMOJIS: Emoji[] = [];

/** The paging of one reply's children once "查看全部" was pressed. */
export interface ChildPaging {
  lastId: string | null;
  hasMore: boolean;
  loading: boolean;
}

/** Appends `more` to `list`, skipping ids already there (an optimistic append may come back). */
const mergeById = <T extends { replyId: number }>(list: T[], more: T[]): T[] => {
  const seen = new Set(list.map((r) => r.replyId));
  return [...list, ...more.filter((r) => !seen.has(r.replyId))];
};

/** Applies `fn` to the top-level reply `replyId`. */
const updateTop = (items: TopReply[], replyId: number, fn: (r: TopReply) => TopReply) =>
  items.map((r) => (r.replyId === replyId ? fn(r) : r));

const replyIdOf = (reply: TopReply) => reply.replyId;

/**
 * The comments of a content on the data layer (decision record 005): reply-list pages (kept
 * across back and forward), children pages from full-reply-list, the emoji mapping, and the
 * cached list edited in place after a successful post or delete; the count is the content's
 * shadow, so every place that shows it agrees.
 */
export function useCommentList(contentId: number, initialTotal: number, firstPage: ReplyPage | null = null) {
  const api = useApi();
  const input = { contentId, limit: PAGE_SIZE };
  const list = useInfinite('community.replyList', input, firstPage, replyIdOf);
  const { replyCount: total } = useContentShadow(contentId, {
    replyCount: list.state.last?.replyCount ?? initialTotal,
  });
  const [children, setChildren] = useState<Record<number, ChildPaging>>({});
  // The mapping is small and public; a failure leaves tokens as text.
  const [emojiList] = useEntry('community.emojiList', {}, null, { errorToast: false });
  const emojis = emojiList.status === 'ready' ? emojiList.data.list : NO_EMOJIS;

  const edit = (fn: (items: TopReply[]) => TopReply[], replyCount: number) => {
    editList('community.replyList', input, (s) => ({ ...s, items: fn(s.items) }));
    setContentShadow(contentId, { replyCount });
  };

  const expand = useCallback(
    async (replyId: number) => {
      const paging = children[replyId];
      if (paging?.loading || paging?.hasMore === false) return;
      const set = (next: ChildPaging) => setChildren((c) => ({ ...c, [replyId]: next }));
      set({ lastId: paging?.lastId ?? null, hasMore: true, loading: true });
      try {
        const page = await api('community.fullReplyList', {
          replyId,
          limit: CHILD_PAGE_SIZE,
          lastId: paging?.lastId ?? undefined,
        });
        editList('community.replyList', { contentId, limit: PAGE_SIZE }, (s) => ({
          ...s,
          // The first page replaces the preview (it is the head of the same order).
          items: updateTop(s.items, replyId, (r) => ({
            ...r,
            child: {
              replyList: paging
                ? mergeById(r.child.replyList, page.list)
                : mergeById(page.list, r.child.replyList),
            },
          })),
        }));
        set({ lastId: page.lastId, hasMore: page.hasMore, loading: false });
      } catch {
        set({ lastId: paging?.lastId ?? null, hasMore: true, loading: false });
      }
    },
    [api, children, contentId],
  );

  /**
   * After a successful post: a top-level reply goes at `at` (first by default; the section puts it
   * where the reader is), a child reply last under its parent.
   */
  const added = (reply: Reply, replyCount: number, at = 0) =>
    edit((items) => {
      if (reply.parentId === null) {
        const top: TopReply = { ...reply, replyCount: 0, child: { replyList: [] } };
        const rest = items.filter((r) => r.replyId !== reply.replyId);
        return [...rest.slice(0, at), top, ...rest.slice(at)];
      }
      return updateTop(items, reply.parentId, (r) => ({
        ...r,
        replyCount: r.replyCount + 1,
        child: { replyList: mergeById(r.child.replyList, [reply]) },
      }));
    }, replyCount);

  /** After a successful delete: the reply (and, for a top-level one, its children) go. */
  const removed = (reply: Reply, replyCount: number) =>
    edit((items) => {
      if (reply.parentId === null) return items.filter((r) => r.replyId !== reply.replyId);
      return updateTop(items, reply.parentId, (r) => ({
        ...r,
        replyCount: Math.max(0, r.replyCount - 1),
        child: { replyList: r.child.replyList.filter((c) => c.replyId !== reply.replyId) },
      }));
    }, replyCount);

  const { items, hasMore, loading, failed } = list.state;
  return {
    state: { items, total, hasMore, loading: loading !== null, failed: failed !== null, children },
    emojis,
    more: () => list.loadMore(true),
    reload: list.refresh,
    expand,
    added,
    removed,
  };
}
