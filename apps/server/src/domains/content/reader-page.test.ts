import type { FeedCard, FeedPage } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { decodeRankCursor, encodeRankCursor } from '../../db/cursor';
import type { CardRow } from './cards';
import { readerRankedPage } from './feed-pages';
import { type ContentQueries, FOLLOW_BOOST } from './queries';

// readerRankedPage's merge, on stub statements: which cards a reader's page holds and where it ends.
const card = (contentId: number, authorId: number): FeedCard => ({
  contentId,
  contentType: 0,
  title: `c${contentId}`,
  cover: null,
  videoDuration: null,
  author: { userId: authorId, userName: `u${authorId}`, avatar: '/a.svg' },
  lightCount: 1,
  isLight: false,
});
type StateRow = CardRow & { hotScore: number; boosted: boolean; followsAuthor: boolean };
const row = (c: FeedCard, hotScore: number, extra: Partial<StateRow> = {}): StateRow => ({
  contentId: c.contentId,
  contentType: 0,
  title: c.title,
  coverUrl: null,
  coverWidth: null,
  coverHeight: null,
  videoDuration: null,
  lightCount: 7,
  createdAt: new Date(0),
  authorId: c.author.userId,
  authorName: c.author.userName,
  authorAvatar: c.author.avatar,
  isLight: true,
  hotScore,
  boosted: false,
  followsAuthor: false,
  ...extra,
});
const stub = (rows: StateRow[], fallback: StateRow[] = []) =>
  ({
    // The statement's shape: a boosted row carries its card's columns, a shared card's row not.
    readerState: {
      execute: async () =>
        rows.map(({ contentId, hotScore, lightCount, isLight, followsAuthor, boosted, ...columns }) => ({
          contentId,
          hotScore,
          lightCount,
          isLight: isLight === true,
          followsAuthor,
          boosted,
          card: boosted ? columns : null,
        })),
    },
    rankedFollowed: { execute: async () => [] },
    rankedOthers: { execute: async () => fallback.map((r) => ({ ...r, rank: r.hotScore })) },
  }) as unknown as ContentQueries;

describe('readerRankedPage', () => {
  it('puts a followed author’s content above the shared cards, drops their unboosted copy and ends at the shared page’s last card', async () => {
    const shared: FeedPage = {
      list: [card(1, 10), card(2, 20), card(3, 30)],
      hasMore: true,
      lastId: encodeRankCursor({ rank: 3, id: 3 }),
    };
    const boostedElsewhere = card(9, 20);
    const rows = [
      row(shared.list[0] as FeedCard, 5),
      row(shared.list[1] as FeedCard, 4, { followsAuthor: true }),
      row(shared.list[2] as FeedCard, 3),
      row(boostedElsewhere, 2, { boosted: true, followsAuthor: true }),
      // Boosted to 0.5 + 2: below the shared page's last card (3), so not on this page.
      row(card(8, 20), 0.5, { boosted: true, followsAuthor: true }),
    ];
    const page = await readerRankedPage(stub(rows), shared, { limit: 3 }, 99);
    expect(page.list.map((c) => c.contentId)).toEqual([1, 9, 3]);
    expect(page.list.map((c) => [c.isLight, c.lightCount])).toEqual([
      [true, 7],
      [true, 7],
      [true, 7],
    ]);
    expect(page.hasMore).toBe(true);
    expect(decodeRankCursor(page.lastId as string)).toEqual({ rank: 3, id: 3 });
    expect(FOLLOW_BOOST).toBe(2);
  });

  it('answers a short page while there is more, and the reader’s own statements rather than an empty one', async () => {
    const shared: FeedPage = {
      list: [card(1, 10), card(2, 20)],
      hasMore: true,
      lastId: encodeRankCursor({ rank: 4, id: 2 }),
    };
    const short = await readerRankedPage(
      stub([row(shared.list[0] as FeedCard, 5), row(shared.list[1] as FeedCard, 4, { followsAuthor: true })]),
      shared,
      { limit: 2 },
      99,
    );
    expect(short.list.map((c) => c.contentId)).toEqual([1]);
    expect(short).toMatchObject({ hasMore: true });
    expect(decodeRankCursor(short.lastId as string)).toEqual({ rank: 5, id: 1 });

    const allFollowed = stub(
      shared.list.map((c, i) => row(c, 5 - i, { followsAuthor: true })),
      [row(card(7, 70), 3.5), row(card(6, 60), 3.4), row(card(5, 50), 3.3)],
    );
    const fallback = await readerRankedPage(allFollowed, shared, { limit: 2 }, 99);
    expect(fallback.list.map((c) => c.contentId)).toEqual([7, 6]);
    expect(fallback.hasMore).toBe(true);
  });
});
