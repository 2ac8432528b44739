import type { Emoji, Reply, TopReply } from '@h5/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../lib/use-api';

const PAGE_SIZE = 20;
const CHILD_PAGE_SIZE = 10;

/** The paging of one reply's children once "查看全部" was pressed. */
export interface ChildPaging {
  lastId: string | null;
  hasMore: boolean;
  loading: boolean;
}

export interface CommentListState {
  items: TopReply[];
  /** All replies of the content, for the heading. */
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** Expanded replies by id. */
  children: Record<number, ChildPaging>;
}

/** Appends `more` to `list`, skipping ids already there (an optimistic append may come back). */
const mergeById = <T extends { replyId: number }>(list: T[], more: T[]): T[] => {
  const seen = new Set(list.map((r) => r.replyId));
  return [...list, ...more.filter((r) => !seen.has(r.replyId))];
};

/** Applies `fn` to the top-level reply `replyId`. */
const updateTop = (items: TopReply[], replyId: number, fn: (r: TopReply) => TopReply) =>
  items.map((r) => (r.replyId === replyId ? fn(r) : r));

/**
 * The comments of a content: reply-list pages, children pages from full-reply-list, the emoji
 * mapping, and the local changes after a successful post or delete.
 */
export function useCommentList(contentId: number, initialTotal: number) {
  const api = useApi();
  const [state, setState] = useState<CommentListState>({
    items: [],
    total: initialTotal,
    hasMore: true,
    loading: true,
    failed: false,
    children: {},
  });
  const [emojis, setEmojis] = useState<Emoji[]>([]);
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);

  const load = useCallback(
    async (reset: boolean) => {
      if (busy.current) return;
      busy.current = true;
      setState((s) => ({ ...s, loading: true, failed: false }));
      try {
        const page = await api((c) => c.community.replyList, {
          contentId,
          limit: PAGE_SIZE,
          lastId: reset ? undefined : (cursor.current ?? undefined),
        });
        cursor.current = page.lastId;
        setState((s) => ({
          ...s,
          items: reset ? page.list : mergeById(s.items, page.list),
          total: page.replyCount,
          hasMore: page.hasMore,
          loading: false,
        }));
      } catch {
        setState((s) => ({ ...s, loading: false, failed: true }));
      } finally {
        busy.current = false;
      }
    },
    [api, contentId],
  );

  useEffect(() => {
    void load(true);
    // The mapping is small and public; a failure leaves tokens as text.
    api((c) => c.community.emojiList, {}, { errorToast: false }).then(
      (m) => setEmojis(m.list),
      () => undefined,
    );
  }, [api, load]);

  const expand = useCallback(
    async (replyId: number) => {
      const paging = state.children[replyId];
      if (paging?.loading || paging?.hasMore === false) return;
      setState((s) => ({
        ...s,
        children: {
          ...s.children,
          [replyId]: { lastId: paging?.lastId ?? null, hasMore: true, loading: true },
        },
      }));
      try {
        const page = await api((c) => c.community.fullReplyList, {
          replyId,
          limit: CHILD_PAGE_SIZE,
          lastId: paging?.lastId ?? undefined,
        });
        setState((s) => ({
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
          children: {
            ...s.children,
            [replyId]: { lastId: page.lastId, hasMore: page.hasMore, loading: false },
          },
        }));
      } catch {
        setState((s) => ({
          ...s,
          children: {
            ...s.children,
            [replyId]: { lastId: paging?.lastId ?? null, hasMore: true, loading: false },
          },
        }));
      }
    },
    [api, state.children],
  );

  /** After a successful post: a top-level reply goes first, a child reply last under its parent. */
  const added = useCallback((reply: Reply, total: number) => {
    setState((s) => {
      if (reply.parentId === null) {
        const top: TopReply = { ...reply, replyCount: 0, child: { replyList: [] } };
        return { ...s, total, items: [top, ...s.items.filter((r) => r.replyId !== reply.replyId)] };
      }
      return {
        ...s,
        total,
        items: updateTop(s.items, reply.parentId, (r) => ({
          ...r,
          replyCount: r.replyCount + 1,
          child: { replyList: mergeById(r.child.replyList, [reply]) },
        })),
      };
    });
  }, []);

  /** After a successful delete: the reply (and, for a top-level one, its children) go. */
  const removed = useCallback((reply: Reply, total: number) => {
    setState((s) => {
      if (reply.parentId === null) {
        return { ...s, total, items: s.items.filter((r) => r.replyId !== reply.replyId) };
      }
      return {
        ...s,
        total,
        items: updateTop(s.items, reply.parentId, (r) => ({
          ...r,
          replyCount: Math.max(0, r.replyCount - 1),
          child: { replyList: r.child.replyList.filter((c) => c.replyId !== reply.replyId) },
        })),
      };
    });
  }, []);

  return {
    state,
    emojis,
    more: useCallback(() => load(false), [load]),
    reload: useCallback(() => load(true), [load]),
    expand,
    added,
    removed,
  };
}
