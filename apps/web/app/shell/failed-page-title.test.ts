import { describe, expect, it } from 'vitest';
import { failedPageTitle } from './failed-page-title';

describe('failedPageTitle (issue 28 point 7)', () => {
  it('names a content as the detail header does, by its page or a share path', () => {
    expect(failedPageTitle('/community/content/42')).toBe('内容详情');
    expect(failedPageTitle('/community/trend')).toBe('内容详情');
    expect(failedPageTitle('/note/details')).toBe('内容详情');
  });

  it("names the feed's channels, a user home and a topic", () => {
    expect(failedPageTitle('/community/hot-video')).toBe('热门视频');
    expect(failedPageTitle('/community/new-commodity')).toBe('新品种草');
    expect(failedPageTitle('/community/user')).toBe('个人主页');
    expect(failedPageTitle('/community/topic')).toBe('话题');
  });

  it("keeps the site's title elsewhere", () => {
    expect(failedPageTitle('/')).toBe('社区');
    expect(failedPageTitle('/community/content/abc')).toBe('社区');
    expect(failedPageTitle('/invite')).toBe('社区');
  });
});
