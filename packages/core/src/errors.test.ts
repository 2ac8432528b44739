import { describe, expect, it } from 'vitest';
import * as wireCodes from './codes';
import * as domainCodes from './domain-codes';
import {
  ALLOWED_CODES,
  aiImageErrorText,
  CLIENT_ERRORS,
  displayMessage,
  isAllowedCode,
  isHtmlLike,
  isHttpSuccessStatus,
  isLoginCode,
  isSuccessResponse,
  uploadErrorMessage,
} from './errors';

describe('ALLOWED_CODES', () => {
  it('lists the spec §8 codes in order', () => {
    expect(ALLOWED_CODES).toEqual([
      485, 20101008, 20107004, 20101117, 20101121, 20101122, 20101115, 20103102, 20103108, 20103200, 20103110,
      20213801, 20125156, 201150201,
    ]);
  });
});

describe('isSuccessResponse', () => {
  it('accepts 200 in code or status', () => {
    expect(isSuccessResponse({ code: 200 })).toBe(true);
    expect(isSuccessResponse({ status: 200 })).toBe(true);
    expect(isSuccessResponse({ code: 500, status: 200 })).toBe(true);
  });
  it('accepts the allowed and low-level codes', () => {
    expect(isSuccessResponse({ code: 20101008 })).toBe(true);
    expect(isSuccessResponse({ code: 201150201 })).toBe(true);
    expect(isSuccessResponse({ code: 485 })).toBe(true);
    expect(isSuccessResponse({ code: 0 })).toBe(true);
    expect(isSuccessResponse({ status: 4 })).toBe(true);
  });
  it('rejects other codes and missing envelopes', () => {
    expect(isSuccessResponse({ code: 700 })).toBe(false);
    expect(isSuccessResponse({ code: 7999 })).toBe(false);
    expect(isSuccessResponse({ code: 3 })).toBe(false);
    expect(isSuccessResponse({ code: '200' })).toBe(false);
    expect(isSuccessResponse({})).toBe(false);
    expect(isSuccessResponse(undefined)).toBe(false);
    expect(isAllowedCode(201150102)).toBe(false);
  });
});

// Spec §8's success rule counts "the allowed lists": §8's allowed codes and §9's low-level [0,1,2,4]
// (the decision in docs/api.md "Success rule"). Exactly those four below 200 pass.
describe('low-level allowed codes [0,1,2,4]', () => {
  it('pass in code or status; 3 and 5 do not', () => {
    expect([0, 1, 2, 3, 4, 5].map((code) => isSuccessResponse({ code }))).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
    expect([0, 1, 2, 3, 4, 5].map((status) => isSuccessResponse({ status }))).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
  });

  it('cannot turn a refusal of ours into a success: none of our codes is 0, 1, 2 or 4', () => {
    const ours = Object.entries({ ...wireCodes, ...domainCodes }).filter(
      ([, value]) => typeof value === 'number',
    );
    expect(ours.length).toBeGreaterThan(20);
    expect(ours.filter(([, value]) => [0, 1, 2, 4].includes(value as number))).toEqual([]);
  });
});

describe('codes', () => {
  it('routes 700 and 7999 to login', () => {
    expect(isLoginCode(700)).toBe(true);
    expect(isLoginCode(7999)).toBe(true);
    expect(isLoginCode(485)).toBe(false);
  });
  it('treats 200–299 as HTTP success', () => {
    expect(isHttpSuccessStatus(200)).toBe(true);
    expect(isHttpSuccessStatus(299)).toBe(true);
    expect(isHttpSuccessStatus(300)).toBe(false);
    expect(isHttpSuccessStatus(199)).toBe(false);
  });
  it('maps AI-image codes to their texts', () => {
    expect(aiImageErrorText(201150102)).toBe('用户图片审核未通过');
    expect(aiImageErrorText(201150103)).toBe('生成的图片审核未通过');
    expect(aiImageErrorText(201150104)).toBe('操作太快了，请稍后再试');
    expect(aiImageErrorText(201150114)).toBe('操作太快了，请稍后再试');
    expect(aiImageErrorText(202010008)).toBe('活动未开始');
    expect(aiImageErrorText(202010009)).toBe('活动已结束');
    expect(aiImageErrorText(201150106)).toBe('用户已被封禁');
    expect(aiImageErrorText(201150107)).toBe('请升级到新版本使用 AI 功能');
    expect(aiImageErrorText(201150105)).toBeUndefined();
  });
  it('formats generic client errors', () => {
    expect(CLIENT_ERRORS.statusCode(502)).toBe('请求失败，状态码 502');
    expect(CLIENT_ERRORS.network).toBe('网络错误');
    expect(CLIENT_ERRORS.timeout(10000)).toBe('请求超时（10000 毫秒）');
    expect(CLIENT_ERRORS.aborted).toBe('请求已取消');
  });
});

describe('displayMessage', () => {
  it('replaces HTML-looking messages', () => {
    expect(isHtmlLike('<!DOCTYPE html><html>502</html>')).toBe(true);
    expect(isHtmlLike('</div>')).toBe(true);
    expect(isHtmlLike('1 < 2 and 3 > 2')).toBe(false);
    expect(displayMessage({ msg: '<html><body>Bad Gateway</body></html>' })).toBe('网络错误');
  });
  it('falls back when empty', () => {
    expect(displayMessage(undefined)).toBe('加载失败，请重试');
    expect(displayMessage({ msg: '  ' })).toBe('加载失败，请重试');
    expect(displayMessage({ msg: 42 })).toBe('加载失败，请重试');
  });
  it('prefers msg, then message', () => {
    expect(displayMessage({ msg: '余额不足', message: 'x' })).toBe('余额不足');
    expect(displayMessage({ message: '网络错误' })).toBe('网络错误');
    expect(displayMessage('plain')).toBe('plain');
  });
});

describe('uploadErrorMessage', () => {
  it('takes msg, statusText or message in that order', () => {
    expect(uploadErrorMessage({ msg: 'a', statusText: 'b', message: 'c' })).toBe('a');
    expect(uploadErrorMessage({ statusText: 'Forbidden', message: 'c' })).toBe('Forbidden');
    expect(uploadErrorMessage(new Error('请传入文件'))).toBe('请传入文件');
    expect(uploadErrorMessage('文件名后缀必传')).toBe('文件名后缀必传');
  });
  it('falls back when nothing usable', () => {
    expect(uploadErrorMessage(null)).toBe('加载失败，请重试');
    expect(uploadErrorMessage({})).toBe('加载失败，请重试');
  });
});
