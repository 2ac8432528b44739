import { BAD_REQUEST, PLACEHOLDER_MESSAGES, REQUEST_MESSAGES } from '@h5/core';
import { ApiError, apiErrorOf } from '@h5/request';
import { describe, expect, it } from 'vitest';
import { businessRefusal, failureCode, failureMessage, failureOf } from './failure';

const fields = ['name', 'mobile', 'region', 'street'] as const;
/** A 400 as the server answers it: the first field in msg, every refused field in data. */
const badRequest = (refused: Record<string, string>) => {
  const [first = ''] = Object.keys(refused);
  return apiErrorOf(400, {
    code: BAD_REQUEST,
    msg: `${first}: ${refused[first]}`,
    data: { fields: refused },
  });
};

/** Issue 26 point 8, issue 27 point 2: what a screen shows of a failed call. */
describe('failureOf', () => {
  it("a 400 refusing the form's own fields: each reason under its field", () => {
    const shown = failureOf(
      badRequest({ mobile: '请填写正确的 11 位手机号', street: '请填写详细地址' }),
      fields,
    );
    expect(shown.fields).toEqual({ mobile: '请填写正确的 11 位手机号', street: '请填写详细地址' });
  });

  it('a 400 refusing a field the form does not have: the sentence for the whole form, no field', () => {
    const shown = failureOf(badRequest({ lotteryId: '请提供 lotteryId 或 streamId' }), fields);
    expect(shown).toEqual({ message: REQUEST_MESSAGES.badRequest, fields: {} });
  });

  it('a business refusal: its text for the whole form', () => {
    const refusal = apiErrorOf(200, { code: 4102, msg: '奖品已发货，收货地址不能再修改', data: null });
    expect(failureOf(refusal, fields)).toEqual({ message: '奖品已发货，收货地址不能再修改', fields: {} });
    expect(businessRefusal(refusal)).toBe('奖品已发货，收货地址不能再修改');
    expect(failureCode(refusal)).toBe(4102);
  });

  it('never shows a field prefix or a bug text, whatever failed', () => {
    for (const failure of [badRequest({ body: 'expected an object' }), new Error('street: boom'), 'x: y'])
      expect(failureMessage(failure)).not.toMatch(/^\w+: /);
    expect(businessRefusal(new Error('boom'))).toBeNull();
    expect(failureCode('x')).toBe(0);
  });
});

/** Issue 28 point 7: every network failure speaks with one voice. */
describe('failureMessage of the network', () => {
  it('offline or a gateway page: the placeholder sentence, never 网络错误', () => {
    const offline = new ApiError('网络错误', 0, 0, 'network');
    // A gateway's HTML page in place of an envelope: core's displayMessage made it 网络错误.
    const gateway = new ApiError('网络错误', 502, 502, 'http');
    for (const failure of [offline, gateway])
      expect(failureMessage(failure)).toBe(PLACEHOLDER_MESSAGES.networkError);
    expect(failureMessage(offline)).toBe('网络不给力，请检查网络设置后重试');
  });

  it("a timeout keeps spec §8's sentence, which says more", () => {
    const slow = new ApiError('请求超时（10000 毫秒）', 0, 0, 'timeout');
    expect(failureMessage(slow)).toBe('请求超时（10000 毫秒）');
  });

  it('a business refusal keeps its own sentence', () => {
    const refusal = apiErrorOf(200, { code: 4102, msg: '奖品已发货', data: null });
    expect(failureMessage(refusal)).toBe('奖品已发货');
  });
});
