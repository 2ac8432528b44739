import { describe, expect, it } from 'vitest';
import * as C from './constants';

describe('constants of spec §9', () => {
  it('has the timing values', () => {
    expect(C.ANALYTICS_EVENT_EXPIRY_MS).toBe(3 * 60 * 60 * 1000);
    expect(C.ANALYTICS_EVENT_EXPIRY_MS).toBe(10800000);
    expect(C.ANALYTICS_POLL_INTERVAL_MS).toBe(200);
    expect(C.ANALYTICS_BATCH_SIZE).toBe(100);
    expect([C.EXPOSURE_CHECK_RUNS, C.EXPOSURE_CHECK_INTERVAL_MS, C.SCROLL_DEBOUNCE_MS]).toEqual([
      6, 500, 100,
    ]);
    expect(C.REQUEST_TIMEOUT_MS).toBe(10000);
    expect(C.STATIC_CONFIG_TIMEOUT_MS).toBe(20000);
    expect(C.UPLOAD_TIMEOUT_MS).toBe(120000);
    expect(C.PREFETCH_TIMEOUT_MS).toBe(3000);
    expect(C.TRACK_SOURCE_TIMEOUT_MS).toBe(3000);
    expect(C.PLATFORM_INFO_TIMEOUT_MS).toBe(2000);
    expect([C.CAPTCHA_EVOKE_MAX_RETRIES, C.CAPTCHA_EVOKE_INTERVAL_MS]).toEqual([10, 1000]);
  });

  it('has the codes and versions', () => {
    expect(C.LOW_LEVEL_ALLOWED_CODES).toEqual([0, 1, 2, 4]);
    expect(C.DEFAULT_APP_VERSION).toBe('4.4.0');
    expect(C.CLIENT_ID).toBe('h5');
    expect(C.DEFAULT_NATIVE_VERSION).toBe('4.92.0');
    expect(C.CONTENT_DETAIL_HEADER_VERSION).toBe('4.83.0');
    expect(C.BUILD_RELEASE).toBe('5.79.1');
    expect(C.FEATURE_MIN_VERSIONS).toEqual({
      chat: '5.7.0',
      platformInfo: '5.10.0',
      twoElementRealName: '5.26.0',
      imagePreview: '5.0.0',
      channelShare: '4.38.5',
    });
  });

  it('has the limits', () => {
    expect(C.MULTIPART_CHUNK_BYTES).toBe(819200);
    expect([C.CLIENT_IMAGE_MAX_MB, C.SERVER_IMAGE_MAX_MB]).toEqual([20, 100]);
    expect([C.DEFAULT_MAX_SIDE_PX, C.DEFAULT_MAX_PIXELS]).toEqual([16384, 16777216]);
    expect([C.LIMITED_MAX_SIDE_PX, C.LIMITED_MAX_PIXELS]).toEqual([30000, 250000000]);
    expect(C.ARTICLE_IMAGE_WIDTH).toBe(1005);
    expect(C.VIDEO_START_OFFSET_S).toBe(0.1);
  });

  it('has the image and HTTP client defaults', () => {
    expect(C.IMAGE_QUALITY_SUFFIX).toBe('q_75');
    expect(C.IMAGE_TARGET_FORMAT).toBe('webp');
    expect(C.HTTP_CLIENT_DEFAULT_TIMEOUT_MS).toBe(0);
    expect([C.HTTP_SUCCESS_STATUS_MIN, C.HTTP_SUCCESS_STATUS_MAX]).toEqual([200, 299]);
    expect([C.XSRF_COOKIE_NAME, C.XSRF_HEADER_NAME]).toEqual(['XSRF-TOKEN', 'X-XSRF-TOKEN']);
  });

  it('has the login-gated actions of spec §6, the reload-exempt paths of spec §2 and the page hold', () => {
    expect(C.LOGIN_GATED_ACTIONS).toEqual([
      'getCoupon',
      'applySettle',
      'getShareInfo',
      'shareGetCoupon',
      'getShareCoupon',
      'goRedPacketPage',
      'connectStaff',
      'applyDr',
      'requestPush',
      'zan',
      'replyUser',
      'deleteReply',
      'upload',
      'uploadSuccess',
      'fav',
      'openMoreManagerDialog',
      'showOrHideReply',
      'GoCertivify',
    ]);
    expect(C.RELOAD_EXEMPT_PATHS).toEqual([
      '/h5-sociality/strange-encounters',
      '/h5-sociality/520',
      '/h5-sociality/tanabata',
      '/h5-sociality/gravity/xinyin',
    ]);
    expect(C.PAGE_PLATFORM_INFO_WAIT_MS).toBe(1000);
    expect(C.ANALYTICS_PAGE_IDS).toEqual([9, 637]);
    expect(C.DOWNGRADE_QUERY_FLAG).toBe('downgrade_to_export');
  });

  it('has the share channel map', () => {
    expect(C.SHARE_CHANNELS).toEqual({
      qq: 4,
      weibo: 3,
      wechat: 1,
      wechatMoment: 2,
      copyUrl: 13,
      copyLink: 13,
      saveToAlbum: 12,
      friends: 2,
      privateLetter: 14,
    });
  });

  it('has the content types and categories of spec §3', () => {
    expect(C.CONTENT_TYPE).toEqual({ PicText: 0, Video: 1, NoPic: 2, RichText: 3 });
    expect(C.CONTENT_CATEGORY).toEqual({
      HotRecommend: 0,
      PlatformRules: 6,
      OperationalSkills: 7,
      PlatformGameplay: 8,
      VideoArea: 9,
      CategoryAdvancement: 10,
      CreativeRealization: 11,
      LiveSkills: 12,
    });
  });
});
