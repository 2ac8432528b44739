import { SHARE_CHANNELS } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { channelName } from './content-shared';

describe('channelName', () => {
  it("names a native channel id, the browser's sheet as system, and keeps an unknown id", () => {
    expect(channelName(SHARE_CHANNELS.copyLink)).toBe('copyUrl'); // copyUrl and copyLink share 13: the first name
    expect(channelName(null)).toBe('system');
    expect(channelName(987)).toBe('987');
  });
});
