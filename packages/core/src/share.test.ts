import { describe, expect, it } from 'vitest';
import { isShareChannelName, shareChannelId } from './share';

describe('shareChannelId', () => {
  it('maps every channel of spec §9', () => {
    expect(shareChannelId('qq')).toBe(4);
    expect(shareChannelId('weibo')).toBe(3);
    expect(shareChannelId('wechat')).toBe(1);
    expect(shareChannelId('wechatMoment')).toBe(2);
    expect(shareChannelId('copyUrl')).toBe(13);
    expect(shareChannelId('copyLink')).toBe(13);
    expect(shareChannelId('saveToAlbum')).toBe(12);
    expect(shareChannelId('friends')).toBe(2);
    expect(shareChannelId('privateLetter')).toBe(14);
  });
  it('rejects unknown names, including inherited keys', () => {
    expect(shareChannelId('facebook')).toBeUndefined();
    expect(shareChannelId('toString')).toBeUndefined();
    expect(isShareChannelName('constructor')).toBe(false);
  });
});
