import { describe, expect, it } from 'vitest';
import { eventKey, parseEventKey, storedBytes } from './event-key';

describe('event keys', () => {
  it('carry the expiry, the value length and the uuid, so a scan never reads values', () => {
    const key = eventKey('h5:analytics:', 1_700_010_800_000, 180, '59f5bd1a-58d4-49f5-af93-7f972c169bc0');
    expect(key).toBe('h5:analytics:e:loz2jce8:50:59f5bd1a-58d4-49f5-af93-7f972c169bc0');
    expect(parseEventKey('h5:analytics:', key)).toEqual({
      key,
      uuid: '59f5bd1a-58d4-49f5-af93-7f972c169bc0',
      expiresAt: 1_700_010_800_000,
      valueLength: 180,
      bytes: storedBytes(key, 180),
    });
  });

  it('counts bytes as browsers store them: two per UTF-16 unit of key and value', () => {
    expect(storedBytes('abc', 10)).toBe(26);
  });

  it('refuses malformed keys', () => {
    expect(parseEventKey('p:', 'p:e:garbage')).toBeNull();
    expect(parseEventKey('p:', 'p:e:zz:0:uuid')).toBeNull();
    expect(parseEventKey('p:', 'p:e:zz:1:')).toBeNull();
    expect(parseEventKey('p:', 'p:e:-1:1:u')).toBeNull();
  });
});
