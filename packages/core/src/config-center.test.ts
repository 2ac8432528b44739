import { describe, expect, it } from 'vitest';
import { configCenterPath, configCenterPrefix } from './config-center';

describe('configCenterPrefix', () => {
  it('maps d1, t0, t1 and t2 to t1/', () => {
    for (const env of ['d1', 't0', 't1', 't2']) expect(configCenterPrefix(env)).toBe('t1/');
  });
  it('reads the production tree pro/ elsewhere', () => {
    for (const env of ['pre', 'pro', 'perf', 'xdw', 'local', ''])
      expect(configCenterPrefix(env)).toBe('pro/');
  });
});

describe('configCenterPath', () => {
  it('builds the JSON path', () => {
    expect(configCenterPath('t0', 'community', 'home')).toBe('t1/configCenter/community/home.json');
    expect(configCenterPath('pro', 'community', 'home')).toBe('pro/configCenter/community/home.json');
  });
  it('keeps project and key inside their segments', () => {
    expect(configCenterPath('pro', '../x', 'a/b')).toBe('pro/configCenter/..%2Fx/a%2Fb.json');
  });
});
