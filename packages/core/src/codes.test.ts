import { describe, expect, it } from 'vitest';
import { RISK_CHECK, SUCCESS, TOKEN_EXPIRED, TOURIST } from './codes';

describe('wire codes', () => {
  it('has the spec values', () => {
    expect([SUCCESS, TOKEN_EXPIRED, TOURIST, RISK_CHECK]).toEqual([200, 700, 7999, 485]);
  });
});
