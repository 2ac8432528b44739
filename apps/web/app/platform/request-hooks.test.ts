import { describe, expect, it } from 'vitest';
import { nativeVerifySession } from './request-hooks';

describe('nativeVerifySession', () => {
  it('passes only on status 200 and code 1 with a session (spec §4)', () => {
    expect(nativeVerifySession({ status: 200, code: 1, sessionId: 's-1' })).toBe('s-1');
    expect(() => nativeVerifySession({ status: 200, code: 0, sessionId: 's-1' })).toThrow(/code 0/);
    expect(() => nativeVerifySession({ status: 500, code: 1, sessionId: 's-1' })).toThrow(/status 500/);
    expect(() => nativeVerifySession({ status: 200, code: 1 })).toThrow();
  });
});
