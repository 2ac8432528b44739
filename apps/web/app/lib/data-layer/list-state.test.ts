import type { FeedCard, FeedPage } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { keyOf } from './entry';
import { leanPage } from './lean-page';
import { appendUnique, seededList, withPage } from './use-infinite';

const card = (contentId: number): FeedCard => ({
  contentId,
  contentType: 0,
  title: `card ${contentId}`,
  cover: { url: `/cdn/${contentId}.jpg`, width: 600, height: 800 },
  videoDuration: null,
  author: { userId: 1, userName: 'a', avatar: '/cdn/a.jpg' },
  lightCount: 3,
  isLight: false,
});
const page = (ids: number[], lastId: string | null, hasMore = true): FeedPage => ({
  list: ids.map(card),
  lastId,
  hasMore,
});
const id = (c: FeedCard) => c.contentId;

describe('infinite list state', () => {
  it('appends only items not shown yet, in order', () => {
    expect(appendUnique([card(1), card(2)], [card(2), card(3), card(3), card(4)], id).map(id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('starts from the loader page, or loads page 1 in the browser when there is none', () => {
    expect(seededList(page([1, 2], 'c2'), id).items).toHaveLength(2);
    expect(seededList(null, id)).toMatchObject({ items: [], loading: 'first', hasMore: true });
  });

  it('appends the next page and stops when hasMore is false', () => {
    const state = withPage(seededList(page([1, 2], 'c2'), id), 'more', page([2, 3], null, false), id);
    expect(state.items.map(id)).toEqual([1, 2, 3]);
    expect(state).toMatchObject({ hasMore: false, loading: null, last: { lastId: null } });
  });

  it('stops when a page adds nothing new, so the sentinel cannot loop', () => {
    expect(withPage(seededList(page([1, 2], 'c2'), id), 'more', page([1, 2], 'c2'), id).hasMore).toBe(false);
  });

  it('replaces the items on refresh', () => {
    const state = withPage(seededList(page([1, 2], 'c2'), id), 'refresh', page([9, 1], 'c9'), id);
    expect(state.items.map(id)).toEqual([9, 1]);
    expect(state.last?.lastId).toBe('c9');
  });

  it('keys an entry by its name and input, whatever the order of the input', () => {
    expect(keyOf('content.moreRecommend', { limit: 20, lastId: undefined })).toBe(
      'content.moreRecommend{"limit":20}',
    );
    expect(keyOf('content.moreRecommend', { b: 1, a: 2 })).toBe('content.moreRecommend{"a":2,"b":1}');
  });

  it('keeps only card fields in the loader payload', () => {
    const fat = { ...card(1), body: 'x'.repeat(1000) } as FeedCard;
    expect(Object.keys(leanPage({ list: [fat], lastId: null, hasMore: false }).list[0] ?? {})).not.toContain(
      'body',
    );
  });
});
