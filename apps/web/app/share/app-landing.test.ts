import { describe, expect, it } from 'vitest';
import { appLanding } from './app-landing';

const APP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 CommunityApp/5.26.1';
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148';
const page = (path: string, ua = APP_UA) =>
  new Request(`http://h5.example.com${path}`, { headers: { 'user-agent': ua } });

describe('appLanding (issue 12: share paths open native screens in the app)', () => {
  it('lands every share path of spec §2 inside the app, offering its web page', () => {
    expect(appLanding(page('/note/details?id=3'))).toEqual({ webPath: '/community/content/3' });
    expect(appLanding(page('/community-share?trendId=5'))).toEqual({ webPath: '/community/content/5' });
    expect(appLanding(page('/community-share?id=4'))).toEqual({ webPath: '/community/content/4' });
    expect(appLanding(page('/column?postsId=12'))).toEqual({ webPath: '/community/posts?postsId=12' });
    expect(appLanding(page('/dongtai?tagId=0'))).toEqual({ webPath: '/community/topic?tagId=0' });
    expect(appLanding(page('/user-home/share?userId=42'))).toEqual({ webPath: '/community/user?userId=42' });
  });

  it('leaves the browser, other paths and ids the web page refuses to the web page', () => {
    expect(appLanding(page('/note/details?id=3', BROWSER_UA))).toBeNull();
    expect(appLanding(page('/community/user?userId=42'))).toBeNull();
    expect(appLanding(page('/community/topic?tagId=6'))).toBeNull();
    expect(appLanding(page('/note/details?id=abc'))).toBeNull();
    expect(appLanding(page('/user-home/share?hashId=Ab12Cd34Ef'))).toBeNull();
    expect(appLanding(page('/column'))).toBeNull();
  });
});
