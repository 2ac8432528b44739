import { BAD_REQUEST, REQUEST_MESSAGES } from '@h5/core';
import { apiErrorOf } from '@h5/request';
import { describe, expect, it } from 'vitest';
import { formErrorOf } from './form-error';

const fields = ['name', 'mobile', 'region', 'street'] as const;
/** A 400 as the server sends it: the first field in msg, every field in data (issue 27 point 2). */
const badRequest = (msg: string) => {
  const [field = '', reason = ''] = msg.split(': ');
  return apiErrorOf(400, { code: BAD_REQUEST, msg, data: { fields: { [field]: reason } } });
};

/** Issue 26 point 8: what a form shows of a failed call, never the server's `field: reason`. */
describe('formErrorOf', () => {
  it("a 400 naming one of the form's fields: its reason, under that field", () => {
    expect(formErrorOf(badRequest('mobile: 请填写正确的 11 位手机号'), fields)).toEqual({
      field: 'mobile',
      message: '请填写正确的 11 位手机号',
    });
  });

  it('a 400 naming a field the form does not have: the sentence for the whole form', () => {
    expect(formErrorOf(badRequest('lotteryId: 请提供 lotteryId 或 streamId'), fields)).toEqual({
      field: '',
      message: REQUEST_MESSAGES.badRequest,
    });
  });

  it('a business refusal: its text for the whole form', () => {
    const refusal = apiErrorOf(200, { code: 4102, msg: '奖品已发货，收货地址不能再修改', data: null });
    expect(formErrorOf(refusal, fields)).toEqual({ field: '', message: '奖品已发货，收货地址不能再修改' });
  });

  it('never shows a field prefix, whatever failed', () => {
    for (const failure of [badRequest('body: expected an object'), new Error('street: boom'), 'x: y'])
      expect(formErrorOf(failure, fields).message).not.toMatch(/^\w+: /);
  });
});
