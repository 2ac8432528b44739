import { describe, expect, it } from 'vitest';
import { responseError } from './send';
import { normaliseUploadError } from './upload-error';

describe('normaliseUploadError (spec §8: msg, then statusText, then message)', () => {
  it.each([
    [{ msg: 'from msg', statusText: 'Bad Request', message: 'from message' }, 'from msg'],
    [{ msg: '', statusText: 'Bad Request', message: 'from message' }, 'Bad Request'],
    [{ statusText: '', message: 'from message' }, 'from message'],
    [new Error('thrown'), 'thrown'],
    ['plain text', 'plain text'],
    [42, '42'],
  ])('%o → %s', (input, expected) => {
    expect(normaliseUploadError(input)).toBe(expected);
  });

  it('reads storage bodies and envelopes alike, keeping their codes', () => {
    const storage = responseError({
      status: 403,
      statusText: '',
      headers: {},
      text: JSON.stringify({ code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' }),
    });
    expect(storage).toMatchObject({
      code: 'AccessDenied',
      status: 403,
      message: 'Invalid according to Policy: Policy expired.',
    });
    const envelope = responseError({
      status: 400,
      statusText: 'Bad Request',
      headers: {},
      text: '{"code":4001,"msg":"缺少参数"}',
    });
    expect(envelope).toMatchObject({ code: 4001, message: '缺少参数' });
    const html = responseError({ status: 502, statusText: 'Bad Gateway', headers: {}, text: '<html>' });
    expect(html).toMatchObject({ code: 502, message: 'Bad Gateway' });
  });
});
