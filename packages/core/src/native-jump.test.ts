import { describe, expect, it } from 'vitest';
import { jumpRequiresLogin, PRODUCT_JUMP, USER_DETAIL_JUMP } from './jump-table';
import { nativeJumpTarget } from './native-jump';

describe('nativeJumpTarget', () => {
  it('describes a redirect with its key and params', () => {
    expect(nativeJumpTarget(8, { postsId: 12 })).toEqual({
      action: 'redirect',
      payload: { key: 8, postsId: 12 },
      requiresLogin: false,
    });
    expect(nativeJumpTarget(31, { circleId: 3 })).toEqual({
      action: 'redirect',
      payload: { key: 31, circleId: 3 },
      requiresLogin: false,
    });
  });
  it('marks key 28 as login-required', () => {
    expect(jumpRequiresLogin(28)).toBe(true);
    expect(jumpRequiresLogin(8)).toBe(false);
    expect(nativeJumpTarget(28, { url: '/x' })?.requiresLogin).toBe(true);
  });
  it('opens the user screen with the string and numeric id', () => {
    expect(nativeJumpTarget(USER_DETAIL_JUMP, { userId: '1024' })).toEqual({
      action: 'userInfo',
      payload: { userId: '1024', userIdNumber: 1024 },
      requiresLogin: false,
    });
    expect(nativeJumpTarget(USER_DETAIL_JUMP, {})).toBeNull();
  });
  it('sends a product jump with its spuId and property value as given', () => {
    expect(nativeJumpTarget(PRODUCT_JUMP, { spuId: 1000008, propertyValueId: 3 })).toEqual({
      action: 'redirect',
      payload: { key: 'productDetail', spuId: 1000008, propertyValueId: 3 },
      requiresLogin: false,
    });
  });
  it('refuses unsafe external links', () => {
    expect(nativeJumpTarget(5, { url: 'javascript:alert(1)' })).toBeNull();
  });
});
