import { describe, expect, it } from 'vitest';
import { queryId } from './query-id';

describe('queryId', () => {
  it('reads positive integer ids only', () => {
    expect(queryId('http://x/a?userId=42', 'userId')).toBe(42);
    expect(queryId('http://x/a?userId=%2042%20', 'userId')).toBe(42);
    for (const bad of ['', '0', '-1', '1.5', 'abc', '99999999999', '2147483648']) {
      expect(queryId(`http://x/a?userId=${bad}`, 'userId')).toBeNull();
    }
    expect(queryId('http://x/a', 'userId')).toBeNull();
  });
});
