import { describe, expect, it } from 'vitest';
import { contract } from './index';

describe('content lists live in the content contract (issue 13 point 7)', () => {
  it('hot videos, new commodity and topic contents are content entries', () => {
    const lists = {
      hotVideoList: contract.content.hotVideoList,
      hotVideoRank: contract.content.hotVideoRank,
      newCommodityContents: contract.content.newCommodityContents,
      tagContents: (contract.content as Record<string, { domain: string; path: string } | undefined>)
        .tagContents,
    };
    expect(
      Object.fromEntries(Object.entries(lists).map(([name, e]) => [name, [e?.domain, e?.path]])),
    ).toEqual({
      hotVideoList: ['content', '/sns-cnt-center/v1/common/h5/hot-video/list'],
      hotVideoRank: ['content', '/sns-cnt-center/v1/common/h5/hot-video/rank'],
      newCommodityContents: ['content', '/sns-rec/v1/new-commodity/contents'],
      tagContents: ['content', '/sns-rec/v1/common/h5/tag/contents'],
    });
    expect('tagContents' in contract.community).toBe(false);
  });
});
