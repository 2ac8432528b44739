import { describe, expect, it } from 'vitest';
import { parseNativeMessage } from './parse-message';

describe('parseNativeMessage', () => {
  it('reads responses and events from JSON text or objects', () => {
    expect(
      parseNativeMessage('{"type":"response","id":"f:1","ok":true,"result":{"a":1},"more":true}'),
    ).toEqual({
      type: 'response',
      id: 'f:1',
      ok: true,
      result: { a: 1 },
      more: true,
    });
    expect(parseNativeMessage({ type: 'event', event: 'logout' })).toEqual({
      type: 'event',
      event: 'logout',
      data: {},
    });
  });

  it('keeps a failure without a usable error a failure', () => {
    expect(parseNativeMessage({ type: 'response', id: 'f:1', ok: false })).toMatchObject({
      ok: false,
      error: { message: '' },
    });
  });

  it('rejects anything else', () => {
    for (const junk of [
      '',
      '{',
      'null',
      42,
      null,
      { type: 'response', ok: true },
      { type: 'response', id: 'f:1' },
    ]) {
      expect(parseNativeMessage(junk)).toBeNull();
    }
    expect(parseNativeMessage({ type: 'event', event: '' })).toBeNull();
    expect(parseNativeMessage({ type: 'request', id: 'f:1' })).toBeNull();
  });
});
