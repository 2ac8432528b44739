import { describe, expect, it } from 'vitest';
import { idSchema, queryInt, wireInt } from './shared';

describe('wireInt / idSchema: an integer as the wire carries it (issue 26 point 1)', () => {
  it('takes a JSON integer and decimal digits as text', () => {
    expect(idSchema.parse(4)).toBe(4);
    expect(idSchema.parse('4')).toBe(4);
    expect(idSchema.parse('2147483647')).toBe(2_147_483_647);
    expect(queryInt(-5, 5).parse('-5')).toBe(-5);
  });

  it.each([
    [[4]],
    [['4']],
    [true],
    [false],
    [4.5],
    ['4.0'],
    ['4e0'],
    ['0x4'],
    [' 4'],
    ['4 '],
    [''],
    [{ value: 4 }],
    [null],
    [Number.NaN],
    ['9'.repeat(400)],
  ])('refuses %j, which Number() would have made an integer (or NaN)', (value) => {
    expect(idSchema.safeParse(value).success).toBe(false);
  });

  it('keeps its bounds and its message', () => {
    const quantity = wireInt(1, 100, '奖品数量须为 1 到 100');
    expect(quantity.safeParse('101').error?.issues[0]?.message).toBe('奖品数量须为 1 到 100');
    expect(quantity.safeParse([1]).error?.issues[0]?.message).toBe('奖品数量须为 1 到 100');
    expect(idSchema.safeParse(0).error?.issues[0]?.message).toBe('须为 1 到 2147483647 的整数');
    expect(() => wireInt(0, 2 ** 31)).toThrow(RangeError);
  });
});
