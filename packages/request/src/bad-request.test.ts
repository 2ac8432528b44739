import { BAD_REQUEST, REQUEST_MESSAGES } from '@h5/core';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorOf } from './read-response';
import { getItem, refusal, rejection, setup } from './test-utils';

const input = { itemId: 1, limit: 2 };
const RAW = 'lotteryId: 请提供 lotteryId 或 streamId';
/** The data of that 400, as the server sends it (issue 27 point 2). */
const FIELDS = { fields: { lotteryId: '请提供 lotteryId 或 streamId' } };

/**
 * Issue 26 point 8: a 400's msg (`field: reason`, docs/api.md) is for developers. Users see a
 * sentence written for them; the fields and reasons (the envelope's data) and the raw text stay on the error for forms,
 * logs and the debug console.
 */
describe('a 400 reaches users as a sentence', () => {
  it('the message is the catalogue sentence; fields, reasons and the raw text stay on the error', async () => {
    const { api } = setup(() => refusal(BAD_REQUEST, RAW, 400, FIELDS));
    const error = await rejection(api(getItem, input));
    expect(error.message).toBe(REQUEST_MESSAGES.badRequest);
    expect(error).toMatchObject({
      kind: 'http',
      code: BAD_REQUEST,
      httpStatus: 400,
      fields: FIELDS.fields,
      serverMessage: RAW,
    });
  });

  it('the toast shows the sentence, never the field or the raw text', async () => {
    const { api, hooks } = setup(() => refusal(BAD_REQUEST, 'limit: 数值过大：期望 number <=40', 400));
    await rejection(api(getItem, input));
    expect(hooks.onErrorToast).toHaveBeenCalledExactlyOnceWith(
      REQUEST_MESSAGES.badRequest,
      expect.anything(),
    );
  });

  it('a 400 naming no field (a framework refusal) is the sentence too', async () => {
    const { api } = setup(() => refusal(BAD_REQUEST, 'Unsupported Media Type: application/xml', 400));
    const error = await rejection(api(getItem, input));
    expect(error.message).toBe(REQUEST_MESSAGES.badRequest);
    expect(error.fields).toBeUndefined();
    expect(error.serverMessage).toBe('Unsupported Media Type: application/xml');
  });

  it('the in-process (SSR) error is the same', () => {
    const error = apiErrorOf(400, { code: BAD_REQUEST, msg: RAW, data: FIELDS });
    expect(error.message).toBe(REQUEST_MESSAGES.badRequest);
    expect(error.fields).toEqual(FIELDS.fields);
    // The text is never parsed back: without data, no fields.
    expect(apiErrorOf(400, { code: BAD_REQUEST, msg: RAW, data: null }).fields).toBeUndefined();
  });

  it('business refusals (HTTP 200) keep the server text, written for users', async () => {
    const { api } = setup(() => refusal(BAD_REQUEST, '不能关注自己'));
    const error = await rejection(api(getItem, input));
    expect(error.message).toBe('不能关注自己');
    expect(error.serverMessage).toBeUndefined();
  });

  it('onFailure hears every failed call with its raw text, for logs and the debug console', async () => {
    const onFailure = vi.fn();
    const { api } = setup(() => refusal(BAD_REQUEST, RAW, 400), { onFailure });
    const error = await rejection(api(getItem, input));
    expect(onFailure).toHaveBeenCalledExactlyOnceWith(error, { method: 'GET', path: getItem.path });
    expect(error.serverMessage).toBe(RAW);
  });
});
