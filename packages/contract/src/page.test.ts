import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { contract, type FeedCard, type FeedPage, type Page, pageQuerySchema } from './index';

/** Every entry of the contract with its name. */
const entries = Object.values(contract).flatMap((domain) => Object.entries(domain));

/** The entries that answer a `{ list, lastId, hasMore }` page. */
const paged = entries.filter(([, e]) => {
  const shape = (e.response as unknown as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && 'list' in shape && 'lastId' in shape && 'hasMore' in shape;
});

describe('one page query and one Page<T> (issue 13 point 4)', () => {
  it('finds the paged entries', () => {
    expect(paged.map(([name]) => name).sort()).toEqual([
      'activityPage',
      'audienceRankList',
      'audit',
      'awardRecord',
      'contentReviews',
      'creditDetail',
      'dataCenterContentList',
      'followingFeed',
      'fullReplyList',
      'hotVideoList',
      'jobRuns',
      'kolRankList',
      'list',
      'lotteries',
      'lotteryEntrants',
      'moderationBans',
      'moderationReports',
      'moderationSearchIdeas',
      'moreRecommend',
      'newCommodityContents',
      'pickReport',
      'publishRecord',
      'replyList',
      'searchContents',
      'searchProducts',
      'searchTopics',
      'searchUsers',
      'shoeEvalList',
      'specialList',
      'staffingSignings',
      'tagContents',
      'uhomepageContents',
      'videoAccountApplications',
    ]);
  });

  it('every paged entry takes the one page query', () => {
    for (const [name, e] of paged) {
      const shape = (e.request as unknown as z.ZodObject).shape;
      expect({ name, lastId: shape.lastId, limit: shape.limit }).toEqual({
        name,
        lastId: pageQuerySchema.shape.lastId,
        limit: pageQuerySchema.shape.limit,
      });
      expect(shape.lastId === pageQuerySchema.shape.lastId, name).toBe(true);
      expect(shape.limit === pageQuerySchema.shape.limit, name).toBe(true);
    }
  });

  it('the page query defaults to 20 and takes 1 to 40 and a lastId of up to 200 characters', () => {
    expect(pageQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(pageQuerySchema.parse({ limit: '40', lastId: 'x'.repeat(200) })).toEqual({
      limit: 40,
      lastId: 'x'.repeat(200),
    });
    expect(pageQuerySchema.safeParse({ limit: '41' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ lastId: 'x'.repeat(201) }).success).toBe(false);
  });

  it('Page<T> is the page type of every list', () => {
    expectTypeOf<FeedPage>().toEqualTypeOf<Page<FeedCard>>();
    const page: Page<number> = { list: [1], lastId: null, hasMore: false };
    expect(page.hasMore).toBe(false);
  });
});
