import type { ContentDetail } from '@h5/contract';
import { rewriteSharePath } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { contentShare, shareInfoOf, shareUrlOf } from './share-info';

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

const detail = (over: Partial<ContentDetail>): ContentDetail => ({
  contentId: 7,
  contentType: 0,
  category: 0,
  categoryName: '热门推荐',
  title: '白色板鞋',
  text: '',
  article: [],
  images: [],
  video: null,
  author: { userId: 1, userName: 'a', avatar: '/cdn/a.svg', isFollowing: false, isSelf: false },
  lightCount: 0,
  isLight: false,
  replyCount: 0,
  createdAt: 0,
  products: [],
  ...over,
});

describe('contentShare: one share info for the page meta and the share sheet', () => {
  it('takes the title, the text on one line and the first image at 750 px, never enlarged', () => {
    const share = contentShare(
      detail({
        text: '第一段。\n\n  第二段。',
        images: [
          { url: '/cdn/u/p.jpg', width: 1500, height: 1000 },
          { url: '/cdn/u/q.jpg', width: 10, height: 10 },
        ],
      }),
      origin,
    );
    expect(share).toEqual({
      info: {
        shareTitle: '白色板鞋',
        shareContent: '第一段。 第二段。',
        shareImage:
          'https://h5.example.com/cdn/u/p.jpg?x-oss-process=image/resize,w_750/quality,q_75/format,webp',
        shareUrl: 'https://h5.example.com/note/details?id=7',
      },
      imageSize: { width: 750, height: 500 },
    });
    const small = contentShare(
      detail({ images: [{ url: '/cdn/u/s.jpg', width: 600, height: 300 }] }),
      origin,
    );
    expect(small.imageSize).toEqual({ width: 600, height: 300 });
  });

  it('takes a video’s cover, and an article’s text without tags, entities decoded', () => {
    const video = contentShare(
      detail({
        video: { url: '/cdn/v.mp4', cover: { url: '/cdn/u/c.jpg', width: 900, height: 1200 }, duration: 3 },
      }),
      origin,
    );
    expect(video.info.shareImage).toBe(
      'https://h5.example.com/cdn/u/c.jpg?x-oss-process=image/resize,w_750/quality,q_75/format,webp',
    );
    expect(video.imageSize).toEqual({ width: 750, height: 1000 });
    const article = contentShare(
      detail({
        article: [
          { kind: 'html', html: '<p>A &amp; B&nbsp;&lt;3 &#x1F45F;</p>' },
          { kind: 'product', spuId: 1, propertyValueId: 2 },
          { kind: 'html', html: '<p><img src="/x.jpg">好穿</p>' },
        ],
      }),
      origin,
    );
    expect(article.info.shareContent).toBe('A & B <3 👟 好穿');
  });

  it('cuts a long text at 100 characters with an ellipsis, not inside an emoji', () => {
    const text = `${'鞋'.repeat(98)}👟👟👟`;
    const { info } = contentShare(detail({ text }), origin);
    expect(info.shareContent).toBe(`${'鞋'.repeat(98)}👟…`);
    expect(Array.from(info.shareContent)).toHaveLength(100);
  });

  it('has no image and a default text when the content has neither', () => {
    expect(contentShare(detail({}), origin)).toEqual({
      info: {
        shareTitle: '白色板鞋',
        shareContent: '来社区看看',
        shareUrl: 'https://h5.example.com/note/details?id=7',
      },
    });
  });
});
