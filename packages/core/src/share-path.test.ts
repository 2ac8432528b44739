import { describe, expect, it } from 'vitest';
import {
  NATIVE_ROUTE,
  nativeJumpRoute,
  nativeRouteOfUrl,
  rewriteSharePath,
  SHARE_PATHS,
  VIDEO_TREND_SOURCE,
} from './share-path';

describe('rewriteSharePath', () => {
  it('opens a community-share link as a video detail by trendId, else a feed detail by id', () => {
    expect(rewriteSharePath('/community-share?trendId=77')).toEqual({
      key: NATIVE_ROUTE.videoDetail,
      params: { id: '77', source: VIDEO_TREND_SOURCE },
    });
    expect(rewriteSharePath('/community-share?id=12')).toEqual({
      key: NATIVE_ROUTE.feedDetail,
      params: { id: '12', source: 'videoTrend' },
    });
  });

  it('opens column, dongtai, note and user-home links on their native screens', () => {
    expect(rewriteSharePath('/column?postsId=5')).toEqual({ key: 8, params: { postsId: '5' } });
    expect(rewriteSharePath('/dongtai?tagId=9')).toEqual({ key: 29, params: { tagId: '9' } });
    expect(rewriteSharePath('/note/details?id=3')).toEqual({ key: 'feedDetail', params: { id: '3' } });
    expect(rewriteSharePath('/user-home/share?userId=42')).toEqual({
      key: 'userDetail',
      params: { userId: '42', userIdNumber: 42 },
    });
    expect(rewriteSharePath('/user-home/share?userId=abc')).toEqual({
      key: 'userDetail',
      params: { userId: 'abc' },
    });
  });

  it('accepts absolute URLs of the given origin, a trailing slash and a hash', () => {
    const origin = 'https://m.example.com';
    expect(rewriteSharePath('https://m.example.com/column/?postsId=5#top', origin)).toEqual({
      key: 8,
      params: { postsId: '5' },
    });
    expect(rewriteSharePath('https://evil.example.net/column?postsId=5', origin)).toBeNull();
    expect(rewriteSharePath('https://any.example.net/column?postsId=5')).not.toBeNull();
  });

  it('leaves other paths, missing ids and non-URLs alone', () => {
    expect(rewriteSharePath('/community/feed')).toBeNull();
    expect(rewriteSharePath('/column')).toBeNull();
    expect(rewriteSharePath('/community-share?id=%20')).toBeNull();
    expect(rewriteSharePath('/columns?postsId=1')).toBeNull();
    expect(rewriteSharePath('http://[bad', 'https://m.example.com')).toBeNull();
    expect(rewriteSharePath('/column?postsId=1', 'not an origin')).toBeNull();
  });

  it('names every share path', () => {
    expect(Object.values(SHARE_PATHS)).toEqual([
      '/community-share',
      '/column',
      '/dongtai',
      '/note/details',
      '/user-home/share',
    ]);
  });
});

describe('nativeJumpRoute', () => {
  it('is the redirect message of a jump: the key apart from its params', () => {
    expect(nativeJumpRoute(8, { postsId: 12 })).toEqual({ key: 8, params: { postsId: 12 } });
    expect(nativeJumpRoute(31, { circleId: 3 })).toEqual({ key: 31, params: { circleId: 3 } });
    expect(nativeJumpRoute(5, { url: 'https://x.example.org/' })).toEqual({
      key: 5,
      params: { url: 'https://x.example.org/' },
    });
    expect(nativeJumpRoute('userDetail', { userId: '7' })).toEqual({
      key: 'userDetail',
      params: { userId: '7', userIdNumber: 7 },
    });
  });
  it('is null without the id or with an unsafe link', () => {
    expect(nativeJumpRoute(3, {})).toBeNull();
    expect(nativeJumpRoute(4, { newsId: ' ' })).toBeNull();
    expect(nativeJumpRoute(5, { url: 'javascript:alert(1)' })).toBeNull();
    expect(nativeJumpRoute('userDetail', {})).toBeNull();
    expect(nativeJumpRoute('productDetail', { propertyValueId: 3 })).toBeNull();
  });
  it('opens a product screen with its spuId', () => {
    expect(nativeJumpRoute('productDetail', { spuId: 1000008, propertyValueId: 3 })).toEqual({
      key: 'productDetail',
      params: { spuId: 1000008, propertyValueId: 3 },
    });
  });
});

describe('nativeRouteOfUrl', () => {
  const origin = 'https://m.example.com';
  it('opens the jump-table fallback pages on their native screens (keys 29, 8, 3, 4, user, product)', () => {
    expect(nativeRouteOfUrl('/community/topic?tagId=6', origin)).toEqual({ key: 29, params: { tagId: '6' } });
    expect(nativeRouteOfUrl('/community/topic?tagId=0', origin)).toEqual({ key: 29, params: { tagId: '0' } });
    expect(nativeRouteOfUrl('/community/posts?postsId=12', origin)).toEqual({
      key: 8,
      params: { postsId: '12' },
    });
    expect(nativeRouteOfUrl('https://m.example.com/community/trend?trendId=7', origin)).toEqual({
      key: 3,
      params: { trendId: '7' },
    });
    expect(nativeRouteOfUrl('/community/news/?newsId=9#top', origin)).toEqual({
      key: 4,
      params: { newsId: '9' },
    });
    expect(nativeRouteOfUrl('/community/user?userId=42', origin)).toEqual({
      key: 'userDetail',
      params: { userId: '42', userIdNumber: 42 },
    });
    expect(nativeRouteOfUrl('/community/new-commodity?spuId=1000008', origin)).toEqual({
      key: 'productDetail',
      params: { spuId: '1000008' },
    });
  });
  it('opens share links as rewriteSharePath does', () => {
    expect(nativeRouteOfUrl('/note/details?id=3', origin)).toEqual({
      key: 'feedDetail',
      params: { id: '3' },
    });
    expect(nativeRouteOfUrl('/dongtai?tagId=9', origin)).toEqual({ key: 29, params: { tagId: '9' } });
  });
  it('leaves pages without a native screen, missing ids and other origins alone', () => {
    expect(nativeRouteOfUrl('/community/feed', origin)).toBeNull();
    expect(nativeRouteOfUrl('/community/content/12', origin)).toBeNull();
    expect(nativeRouteOfUrl('/community/topic', origin)).toBeNull();
    expect(nativeRouteOfUrl('/community/new-commodity', origin)).toBeNull();
    expect(nativeRouteOfUrl('/community/user?userId=%20', origin)).toBeNull();
    expect(nativeRouteOfUrl('https://evil.example.net/community/topic?tagId=6', origin)).toBeNull();
    expect(nativeRouteOfUrl('javascript:alert(1)', origin)).toBeNull();
  });
});
