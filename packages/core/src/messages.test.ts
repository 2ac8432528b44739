import { describe, expect, it } from 'vitest';
import { CATALOGUE, MESSAGES, MESSAGES_EN } from './messages';

describe('MESSAGES', () => {
  it('holds the error page and placeholder texts verbatim', () => {
    expect(MESSAGES.errorPage.title).toBe('Oops，页面开小差了，刷新试试');
    expect(MESSAGES_EN.placeholder).toEqual({
      empty: 'no content yet',
      networkError: 'Network is weak, please check settings and retry',
      refreshNetwork: 'refresh network',
      loading: 'loading',
    });
    expect(MESSAGES.placeholder).toEqual({
      empty: '暂无内容',
      networkError: '网络不给力，请检查网络设置后重试',
      refreshNetwork: '刷新网络',
      loading: '加载中',
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
    expect(MESSAGES_EN.client.statusCode(404)).toBe('Request failed with status code 404');
    expect(MESSAGES_EN.client.timeout(10000)).toBe('timeout of 10000 ms exceeded');
    expect(MESSAGES_EN.client.declined('privacy')).toBe('Request declined: privacy');
    expect(MESSAGES_EN.client.declined()).toBe('Request declined');
    expect(MESSAGES.client.statusCode(404)).toBe('请求失败，状态码 404');
    expect(MESSAGES.client.timeout(10000)).toBe('请求超时（10000 毫秒）');
    expect(MESSAGES.client.declined('privacy')).toBe('请求被拒绝：privacy');
    expect(MESSAGES.client.declined()).toBe('请求被拒绝');
  });

  it('holds the fixed side-limit text of spec §5', () => {
    expect(MESSAGES.upload.limitedSideTooLarge).toBe('图片单边最大支持30000像素');
  });

  it('holds the floating buttons and copy texts of spec §2 and §8', () => {
    expect(MESSAGES.floatingButtons.copyLink).toBe('复制链接');
    expect(MESSAGES.floatingButtons.copySuccess).toBe('复制成功');
    expect(MESSAGES.floatingButtons.copyFailure).toBe('复制失败');
  });

  it('has every key in both locales, of the same kind (text or template)', () => {
    const shape = (catalogue: Record<string, Record<string, unknown>>) =>
      Object.fromEntries(
        Object.entries(catalogue).map(([section, texts]) => [
          section,
          Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, typeof text])),
        ]),
      );
    expect(shape(CATALOGUE.en)).toEqual(shape(CATALOGUE['zh-CN']));
    expect(Object.keys(CATALOGUE.en).length).toBeGreaterThanOrEqual(11);
  });

  it('keeps the spec English of the client, request, AI-image and debug texts in en, Chinese in zh-CN', () => {
    expect(MESSAGES_EN.client.network).toBe('Network Error');
    expect(MESSAGES_EN.client.aborted).toBe('Request aborted');
    expect(MESSAGES_EN.request).toMatchObject({
      networkError: 'network error',
      loadFailed: 'loading failed, please retry',
    });
    expect(MESSAGES_EN.aiImage.tooFast).toBe('operating too fast, please try later');
    expect(MESSAGES_EN.aiImage.upgradeRequired).toBe('please upgrade to the new version to use AI features');
    expect(MESSAGES_EN.debug.chooseColouringEnv).toBe('please choose a colouring environment');
    expect(MESSAGES.client.network).toBe('网络错误');
    expect(MESSAGES.request).toMatchObject({ networkError: '网络错误', loadFailed: '加载失败，请重试' });
    expect(MESSAGES.debug.chooseColouringEnv).toBe('请选择染色环境');
  });

  it('shows users no English: every zh-CN text with letters has Chinese in it', () => {
    const latinOnly: string[] = [];
    for (const [section, texts] of Object.entries(CATALOGUE['zh-CN'])) {
      for (const [key, text] of Object.entries(texts as Record<string, unknown>)) {
        const shown = typeof text === 'function' ? String(text(1, 2)) : String(text);
        if (/[A-Za-z]/.test(shown) && !/[\u4e00-\u9fff]/.test(shown))
          latinOnly.push(`${section}.${key}: ${shown}`);
      }
    }
    expect(latinOnly).toEqual([]);
  });

  it('keeps texts the spec writes in Chinese the same in both locales', () => {
    expect(MESSAGES_EN.errorPage).toBe(MESSAGES.errorPage);
    expect(MESSAGES_EN.upload.clientImageTooLarge(20)).toBe('图片质量最大支持20MB，请压缩后重新上传');
  });
});
