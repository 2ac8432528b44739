import { describe, expect, it } from 'vitest';
import { describeJump, jumpProblem } from './native-jumps';

describe('describeJump', () => {
  it('names spec §2 keys, the user-detail and product jumps and named screens', () => {
    expect(describeJump(3, { trendId: 'abc' })).toBe('native: trend abc');
    expect(describeJump(31, {})).toBe('native: circle');
    expect(describeJump('userDetail', { userId: '42', userIdNumber: 42 })).toBe('native: user 42 42');
    expect(describeJump('productDetail', { spuId: 1000008, propertyValueId: 3 })).toBe(
      'native: product 1000008 3',
    );
    expect(describeJump(99, { id: 1 })).toBe('native: jump 99 1');
    expect(describeJump('videoDetail', { id: 'T1', source: 'videoTrend' })).toBe(
      'native: videoDetail T1 videoTrend',
    );
  });
});

describe('jumpProblem (the redirect keys of docs/bridge-protocol.md)', () => {
  it('accepts every documented key with its id', () => {
    expect(jumpProblem(8, { postsId: 12 })).toBeNull();
    expect(jumpProblem(3, { trendId: '7' })).toBeNull();
    expect(jumpProblem(29, { tagId: 0 })).toBeNull();
    expect(jumpProblem(4, { newsId: 9 })).toBeNull();
    expect(jumpProblem(31, { circleId: 1 })).toBeNull();
    expect(jumpProblem(5, { url: 'https://example.com/' })).toBeNull();
    expect(jumpProblem(28, { url: '/x' })).toBeNull();
    expect(jumpProblem('userDetail', { userId: '42', userIdNumber: 42 })).toBeNull();
    expect(jumpProblem('userDetail', { userId: 'u-42' })).toBeNull();
    expect(jumpProblem('productDetail', { spuId: 1000008, propertyValueId: 3 })).toBeNull();
    expect(jumpProblem('productDetail', { spuId: '1000008' })).toBeNull();
    expect(jumpProblem('feedDetail', { id: '3' })).toBeNull();
    expect(jumpProblem('videoDetail', { id: '3', source: 'videoTrend' })).toBeNull();
  });

  it('names what is wrong: an unknown key, a missing id, the user id without its number', () => {
    expect(jumpProblem(99, { id: 1 })).toBe('unknown jump key 99');
    expect(jumpProblem(8, {})).toBe('jump 8 needs postsId');
    expect(jumpProblem(29, { tagId: '' })).toBe('jump 29 needs tagId');
    expect(jumpProblem('userDetail', { userIdNumber: 42 })).toBe('jump userDetail needs userId');
    expect(jumpProblem('userDetail', { userId: 42, userIdNumber: 42 })).toBe(
      'userDetail userId must be text',
    );
    expect(jumpProblem('userDetail', { userId: '42' })).toBe('userDetail needs userIdNumber 42');
    expect(jumpProblem('userDetail', { userId: '42', userIdNumber: 41 })).toBe(
      'userDetail needs userIdNumber 42',
    );
    expect(jumpProblem('productDetail', { spuId: 'x' })).toBe('productDetail spuId must be a number');
  });
});
