import { describe, expect, it } from 'vitest';
import { isLowDevice } from './low-device';

const STRONG = { memoryGb: 8, cores: 8, iosMajor: 17, pixelRatio: 3 };

describe('isLowDevice', () => {
  it('passes a strong device and one with no facts', () => {
    expect(isLowDevice(STRONG)).toBe(false);
    expect(isLowDevice({})).toBe(false);
  });
  it('flags each rule at its boundary', () => {
    expect(isLowDevice({ ...STRONG, memoryGb: 2 })).toBe(true);
    expect(isLowDevice({ ...STRONG, memoryGb: 3 })).toBe(false);
    expect(isLowDevice({ ...STRONG, cores: 3 })).toBe(true);
    expect(isLowDevice({ ...STRONG, cores: 4 })).toBe(false);
    expect(isLowDevice({ ...STRONG, iosMajor: 11 })).toBe(true);
    expect(isLowDevice({ ...STRONG, iosMajor: 12 })).toBe(false);
    expect(isLowDevice({ memoryGb: 8, cores: 8, androidMajor: 8, pixelRatio: 3 })).toBe(true);
    expect(isLowDevice({ memoryGb: 8, cores: 8, androidMajor: 9, pixelRatio: 3 })).toBe(false);
    expect(isLowDevice({ ...STRONG, pixelRatio: 1.5 })).toBe(true);
    expect(isLowDevice({ ...STRONG, pixelRatio: 2 })).toBe(false);
  });
});
