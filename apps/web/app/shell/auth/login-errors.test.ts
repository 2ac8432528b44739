import { ApiError } from '@h5/request/api-error';
import { describe, expect, it } from 'vitest';
import { isDeadCode } from './login-errors';

describe('login errors', () => {
  it('tells a dead code (cleared from the form) from a wrong one and a 429', () => {
    const wrong = new ApiError('验证码错误，还可尝试 3 次', 4021, 200, 'business');
    const dead = new ApiError('验证码错误次数过多，已失效，请重新获取验证码', 4023, 200, 'business');
    const limited = new ApiError('登录尝试过于频繁，请 15 分钟后再试', 429, 429, 'http');
    expect([wrong, dead, limited].map(isDeadCode)).toEqual([false, true, false]);
  });
});
