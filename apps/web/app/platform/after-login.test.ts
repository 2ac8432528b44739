import { describe, expect, it } from 'vitest';
import { parseAfterLogin } from './after-login';

describe('parseAfterLogin', () => {
  const at = 1_764_000_000_000;
  it('reads a light or a follow kept within ten minutes', () => {
    expect(parseAfterLogin(`light:12@${at}`, at + 1000)).toEqual({ kind: 'light', id: 12 });
    expect(parseAfterLogin(`follow:7@${at}`, at + 600_000)).toEqual({ kind: 'follow', id: 7 });
  });
  it('drops a tap older than ten minutes, and anything else', () => {
    expect(parseAfterLogin(`light:12@${at}`, at + 600_001)).toBeNull();
    expect(parseAfterLogin('light:12', at)).toBeNull();
    expect(parseAfterLogin(`share:12@${at}`, at)).toBeNull();
    expect(parseAfterLogin(null, at)).toBeNull();
  });
});
