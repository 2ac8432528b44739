import { rewriteSharePath } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { shareInfoOf, shareUrlOf } from './share-info';

const origin = 'https://h5.example.com';

describe('share info', () => {
  it('links a content to note details and a user to user home share', () => {
    expect(shareUrlOf({ type: 'content', contentId: 12 }, origin)).toBe(
      'https://h5.example.com/note/details?id=12',
    );
    expect(shareUrlOf({ type: 'user', userId: 7 }, origin)).toBe(
      'https://h5.example.com/user-home/share?userId=7',
    );
  });

  it('gives links the app rewrites to its native screens', () => {
    expect(rewriteSharePath(shareUrlOf({ type: 'content', contentId: 12 }, origin), origin)).toEqual({
      key: 'feedDetail',
      params: { id: '12' },
    });
    expect(rewriteSharePath(shareUrlOf({ type: 'user', userId: 7 }, origin), origin)).not.toBeNull();
  });

  it('makes the image absolute and keeps title and text', () => {
    const info = shareInfoOf(
      { type: 'user', userId: 7 },
      { title: 'Ann的主页', description: 'hi', image: '/cdn/a.png' },
      origin,
    );
    expect(info).toEqual({
      shareTitle: 'Ann的主页',
      shareContent: 'hi',
      shareImage: 'https://h5.example.com/cdn/a.png',
      shareUrl: 'https://h5.example.com/user-home/share?userId=7',
    });
  });
});
