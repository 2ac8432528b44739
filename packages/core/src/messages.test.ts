import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

describe('MESSAGES', () => {
  it('holds the error page and placeholder texts verbatim', () => {
    expect(MESSAGES.errorPage.title).toBe('Oops，页面开小差了，刷新试试');
    expect(MESSAGES.placeholder).toEqual({
      empty: 'no content yet',
      networkError: 'Network is weak, please check settings and retry',
      refreshNetwork: 'refresh network',
      loading: 'loading',
    });
    expect(MESSAGES.floatingButtons.downgrade).toBe('一键降级');
    expect(MESSAGES.floatingButtons.cancelDowngrade).toBe('取消降级');
  });

  it('fills templates where the spec puts the value', () => {
    expect(MESSAGES.telemetry.scriptLoadFailed('https://x/a.js')).toBe('脚本加载失败，URL：https://x/a.js');
    expect(MESSAGES.upload.clientImageTooLarge(20)).toBe('图片质量最大支持20MB，请压缩后重新上传');
    expect(MESSAGES.upload.serverImageTooLarge(100)).toBe('服务端上传图片最大支持100MB');
    expect(MESSAGES.upload.sideTooLarge(16384)).toBe('图片支持最大宽度/高度16384像素');
    expect(MESSAGES.upload.pixelsTooMany(16777216)).toBe('图片总像素不能超过16777216');
    expect(MESSAGES.upload.unsupportedSuffix(' .exe ')).toBe('不支持以下格式：【 .exe 】');
    expect(MESSAGES.client.statusCode(404)).toBe('Request failed with status code 404');
    expect(MESSAGES.client.timeout(10000)).toBe('timeout of 10000 ms exceeded');
    expect(MESSAGES.client.declined('privacy')).toBe('Request declined: privacy');
    expect(MESSAGES.client.declined()).toBe('Request declined');
  });

  it('holds the fixed side-limit text of spec §5', () => {
    expect(MESSAGES.upload.limitedSideTooLarge).toBe('图片单边最大支持30000像素');
  });

  it('holds the floating buttons and copy texts of spec §2 and §8', () => {
    expect(MESSAGES.floatingButtons.copyLink).toBe('复制链接');
    expect(MESSAGES.floatingButtons.copySuccess).toBe('复制成功');
    expect(MESSAGES.floatingButtons.copyFailure).toBe('复制失败');
  });
});
