import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidate, peek, put, useCached } from './cache';
import { keyOf } from './entry';

describe('the data cache', () => {
  // The cache is the browser's: the server render never writes it.
  beforeEach(() => vi.stubEnv('SSR', false));
  afterEach(() => vi.unstubAllEnvs());

  it('is not written in the server render', () => {
    vi.stubEnv('SSR', true);
    put('content.hotVideoList{}', { items: [] });
    expect(peek('content.hotVideoList{}')).toBeUndefined();
  });

  it('drops every entry of an entry name after a write, and only those', () => {
    const followings = keyOf('community.specialList', { limit: 20 });
    const feed = keyOf('content.moreRecommend', { limit: 20 });
    put(followings, { items: [1] });
    put(feed, { items: [2] });
    invalidate('community.specialList');
    expect(peek(followings)).toBeUndefined();
    expect(peek(feed)).toEqual({ items: [2] });
  });

  it("renders a reader's fallback in the server render, whatever the browser's cache holds", () => {
    const key = keyOf('content.moreRecommend', { limit: 20 });
    put(key, 'cached');
    const Reader = () => createElement('p', null, useCached(key, 'seed'));
    expect(renderToStaticMarkup(createElement(Reader))).toBe('<p>seed</p>');
  });
});
