import { describe, expect, it } from 'vitest';
import { JUMP_KEY, jumpFallback, PRODUCT_JUMP, USER_DETAIL_JUMP } from './jump-table';

describe('JUMP_KEY', () => {
  it('has the spec §2 numbers', () => {
    expect(JUMP_KEY).toEqual({
      posts: 8,
      trend: 3,
      topic: 29,
      news: 4,
      circle: 31,
      externalLink: 5,
      loginRequired: 28,
    });
  });
});

describe('jumpFallback', () => {
  it('builds the same-origin path with its id', () => {
    expect(jumpFallback(8, { postsId: 12 })).toBe('/community/posts?postsId=12');
    expect(jumpFallback(3, { trendId: '77' })).toBe('/community/trend?trendId=77');
    expect(jumpFallback(29, { tagId: 5 })).toBe('/community/topic?tagId=5');
    expect(jumpFallback(4, { newsId: 9 })).toBe('/community/news?newsId=9');
    expect(jumpFallback(USER_DETAIL_JUMP, { userId: 'u 1' })).toBe('/community/user?userId=u%201');
  });
  it('opens a product outside the app as its contents (the new-commodity list by spuId)', () => {
    expect(PRODUCT_JUMP).toBe('productDetail');
    expect(jumpFallback(PRODUCT_JUMP, { spuId: 1000008, propertyValueId: 3 })).toBe(
      '/community/new-commodity?spuId=1000008',
    );
    expect(jumpFallback(PRODUCT_JUMP, {})).toBeNull();
  });
  it('returns null for app-only keys and missing ids', () => {
    expect(jumpFallback(31, { circleId: 1 })).toBeNull();
    expect(jumpFallback(8, {})).toBeNull();
    expect(jumpFallback(8, { postsId: '' })).toBeNull();
  });
  it('uses the given URL for external and login-required jumps, if safe', () => {
    expect(jumpFallback(5, { url: 'https://example.com/a?b=1' })).toBe('https://example.com/a?b=1');
    expect(jumpFallback(28, { url: '/community/posts?postsId=1' })).toBe('/community/posts?postsId=1');
    expect(jumpFallback(5, { url: 'javascript:alert(1)' })).toBeNull();
    expect(jumpFallback(5, { url: '//evil.example' })).toBeNull();
    // A "same-origin path" that browsers read as another host (they drop tabs and newlines).
    expect(jumpFallback(28, { url: '/\t/evil.example/' })).toBeNull();
    expect(jumpFallback(28, { url: '/\\evil.example' })).toBeNull();
    expect(jumpFallback(28, { url: '/话题' })).toBe('/%E8%AF%9D%E9%A2%98');
    expect(jumpFallback(5, {})).toBeNull();
  });
});
