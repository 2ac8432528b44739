import { describe, expect, it } from 'vitest';
import { JUMP_KEY, jumpFallback, jumpRequiresLogin, nativeJumpTarget, USER_DETAIL_JUMP } from './jump-table';

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

describe('nativeJumpTarget', () => {
  it('describes a redirect with its key and params', () => {
    expect(nativeJumpTarget(8, { postsId: 12 })).toEqual({
      action: 'redirect',
      payload: { key: 8, postsId: 12 },
      requiresLogin: false,
    });
    expect(nativeJumpTarget(31, { circleId: 3 })).toEqual({
      action: 'redirect',
      payload: { key: 31, circleId: 3 },
      requiresLogin: false,
    });
  });
  it('marks key 28 as login-required', () => {
    expect(jumpRequiresLogin(28)).toBe(true);
    expect(jumpRequiresLogin(8)).toBe(false);
    expect(nativeJumpTarget(28, { url: '/x' })?.requiresLogin).toBe(true);
  });
  it('opens the user screen with the string and numeric id', () => {
    expect(nativeJumpTarget(USER_DETAIL_JUMP, { userId: '1024' })).toEqual({
      action: 'userInfo',
      payload: { userId: '1024', userIdNumber: 1024 },
      requiresLogin: false,
    });
    expect(nativeJumpTarget(USER_DETAIL_JUMP, {})).toBeNull();
  });
  it('refuses unsafe external links', () => {
    expect(nativeJumpTarget(5, { url: 'javascript:alert(1)' })).toBeNull();
  });
});
