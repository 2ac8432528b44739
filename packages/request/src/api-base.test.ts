import { API_HOSTS } from '@h5/core';
import { describe, expect, it } from 'vitest';
import { resolveApiBase } from './api-base';

describe('resolveApiBase', () => {
  it("'local' is the page's own origin", () => {
    expect(resolveApiBase('local')).toBe('');
    expect(resolveApiBase('local', '')).toBe('');
  });

  it.each([
    ['t0', 'https://t0-api.community-h5.com'],
    ['t1', 'https://t1-api.community-h5.com'],
    ['pre', 'https://pre-api.community-h5.com'],
    ['pro', 'https://api.community-h5.com'],
    ['perf', 'https://perf-api.community-h5.com'],
    ['xdw', 'https://xdw-api.community-h5.com'],
  ] as const)('%s uses its API host', (env, host) => {
    expect(resolveApiBase(env)).toBe(host);
    expect(API_HOSTS[env]).toBe(host);
  });

  it('an explicit override (API_BASE_URL) wins; empty counts as unset; a trailing slash is dropped', () => {
    expect(resolveApiBase('pro', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(resolveApiBase('local', 'https://api.example.com/')).toBe('https://api.example.com');
    expect(resolveApiBase('t1', '')).toBe('https://t1-api.community-h5.com');
    expect(resolveApiBase('t1', null)).toBe('https://t1-api.community-h5.com');
  });
});
