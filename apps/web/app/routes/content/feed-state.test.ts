import type { FeedCard, FeedPage } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { appendUnique, feedReducer, initialFeedState, leanPage } from './feed-state';

const card = (contentId: number, extra: Partial<FeedCard> = {}): FeedCard => ({
  contentId,
  contentType: 0,
  title: `card ${contentId}`,
  cover: { url: `/cdn/${contentId}.jpg`, width: 600, height: 800 },
  videoDuration: null,
  author: { userId: 1, userName: 'a', avatar: '/cdn/a.jpg' },
  lightCount: 3,
  isLight: false,
  ...extra,
});
const page = (ids: number[], lastId: string | null, hasMore = true): FeedPage => ({
  list: ids.map((id) => card(id)),
  lastId,
  hasMore,
});

describe('feed merge', () => {
  it('appends only cards not shown yet, in order', () => {
    const merged = appendUnique([card(1), card(2)], [card(2), card(3), card(3), card(4)]);
    expect(merged.map((c) => c.contentId)).toEqual([1, 2, 3, 4]);
  });

  it('starts from the prefetch, or loads page 1 on the client when there is none', () => {
    expect(initialFeedState(page([1, 2], 'c2')).cards).toHaveLength(2);
    expect(initialFeedState(null)).toMatchObject({ cards: [], loading: 'first', hasMore: true });
  });

  it('appends the next page and stops when hasMore is false', () => {
    let state = initialFeedState(page([1, 2], 'c2'));
    state = feedReducer(state, { type: 'start', load: 'more' });
    state = feedReducer(state, { type: 'done', load: 'more', page: page([2, 3], null, false) });
    expect(state.cards.map((c) => c.contentId)).toEqual([1, 2, 3]);
    expect(state).toMatchObject({ hasMore: false, loading: null });
  });

  it('stops when a page adds nothing new, so the sentinel cannot loop', () => {
    const state = feedReducer(initialFeedState(page([1, 2], 'c2')), {
      type: 'done',
      load: 'more',
      page: page([1, 2], 'c2'),
    });
    expect(state.hasMore).toBe(false);
  });

  it('replaces the list on refresh and records failures by load', () => {
    let state = initialFeedState(page([1, 2], 'c2'));
    state = feedReducer(state, { type: 'done', load: 'refresh', page: page([9, 1], 'c9') });
    expect(state.cards.map((c) => c.contentId)).toEqual([9, 1]);
    state = feedReducer(state, { type: 'fail', load: 'more' });
    expect(state).toMatchObject({ failed: 'more', loading: null });
    state = feedReducer(state, { type: 'start', load: 'more' });
    expect(state.failed).toBeNull();
  });

  it('keeps only card fields in the loader payload', () => {
    const fat = { ...card(1), body: 'x'.repeat(1000) } as FeedCard;
    const lean = leanPage({ list: [fat], lastId: null, hasMore: false });
    expect(Object.keys(lean.list[0] ?? {})).not.toContain('body');
  });
});
