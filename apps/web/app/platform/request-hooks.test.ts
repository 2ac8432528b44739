import { describe, expect, it } from 'vitest';
import { nativeVerifySession } from './request-hooks';

describe('nativeVerifySession', () => {
  it('passes on status 200 and code 1 alone (spec §4); the session id only when present', () => {
    expect(nativeVerifySession({ status: 200, code: 1 })).toBeNull();
    expect(nativeVerifySession({ status: 200, code: 1, sessionId: '' })).toBeNull();
    expect(nativeVerifySession({ status: 200, code: 1, sessionId: 's-1' })).toBe('s-1');
  });
  it('fails on anything else', () => {
    expect(() => nativeVerifySession({ status: 200, code: 0, sessionId: 's-1' })).toThrow(/code 0/);
    expect(() => nativeVerifySession({ status: 500, code: 1, sessionId: 's-1' })).toThrow(/status 500/);
    expect(() => nativeVerifySession({ status: 200, code: 2 })).toThrow(/code 2/);
  });
});
