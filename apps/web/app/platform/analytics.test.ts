import { describe, expect, it } from 'vitest';
import { liveViewOf, pageIdOf, screenOf } from './analytics';

describe('pageIdOf', () => {
  it('gives the feed 9 and the content detail 637 (spec §2), nothing to other pages', () => {
    expect(pageIdOf('/')).toBe(9);
    expect(pageIdOf('/community/feed')).toBe(9);
    expect(pageIdOf('/community/content/42')).toBe(637);
    expect(pageIdOf('/community/content/42/extra')).toBeNull();
    expect(pageIdOf('/login')).toBeNull();
  });
});

describe('screenOf', () => {
  it('names our screens without a spec page id, and nothing else', () => {
    expect(screenOf('/community/user')).toBe('userHome');
    expect(screenOf('/user-home/share')).toBe('userHome');
    expect(screenOf('/dongtai')).toBe('topic');
    expect(screenOf('/community/hot-video')).toBe('hotVideo');
    expect(screenOf('/community/new-commodity')).toBe('newCommodity');
    expect(screenOf('/community/following')).toBe('following');
    expect(screenOf('/')).toBeNull();
    expect(screenOf('/community/content/3')).toBeNull();
  });
});

describe('liveViewOf (issue 16)', () => {
  it('gives a live screen’s view with the page query’s live context, and nothing for other pages', () => {
    expect(liveViewOf('/live/fans-group', '?streamId=5&streamLogId=9&userRole=1')).toEqual({
      screen: 'fansGroup',
      path: '/live/fans-group',
      streamId: 5,
      streamLogId: 9,
      userRole: 1,
    });
    expect(liveViewOf('/live/room', '?roomId=800001')).toEqual({ screen: 'liveRoom', path: '/live/room' });
    expect(liveViewOf('/live/host', '?streamId=abc&userRole=2')).toEqual({
      screen: 'liveHost',
      path: '/live/host',
    });
    expect(liveViewOf('/community/user', '?streamId=5')).toBeNull();
  });
});
