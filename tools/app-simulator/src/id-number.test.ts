import { describe, expect, it } from 'vitest';
import { idCheckChar, idNumberProblem, isValidIdNumber, isValidRealName } from './id-number';

const TODAY = new Date('2025-06-01T00:00:00Z');

describe('idNumberProblem', () => {
  it('accepts real 18-character numbers, with the X check character in either case', () => {
    for (const id of [
      '11010519491231002X',
      '11010519491231002x',
      '440304199001011233',
      '310115200002294567',
    ]) {
      expect(idNumberProblem(id, TODAY)).toBeNull();
    }
    expect(isValidIdNumber(' 440304199001011233 ', TODAY)).toBe(true);
  });

  it('computes the ISO 7064 MOD 11-2 check character', () => {
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(idCheckChar('44030419900101123')).toBe('3');
  });

  it('rejects a wrong check character', () => {
    expect(idNumberProblem('110105194912310021', TODAY)).toBe('checksum');
    expect(idNumberProblem('440304199001011234', TODAY)).toBe('checksum');
  });

  it('rejects the wrong shape', () => {
    for (const id of [
      '',
      '11010519491231002',
      '1101051949123100211',
      '11010519491231002Y',
      '1101051949123100X2',
      '110105 9491231002X',
    ]) {
      expect(idNumberProblem(id, TODAY)).toBe('format');
    }
  });

  it('rejects an unknown province', () => {
    const first17 = '99010519491231002';
    expect(idNumberProblem(first17 + idCheckChar(first17), TODAY)).toBe('region');
  });

  it('rejects birth dates that do not exist, lie in the future or before 1900', () => {
    for (const first17 of [
      '44030419900230123',
      '44030419901301123',
      '44030420250602123',
      '44030418991231123',
    ]) {
      expect(idNumberProblem(first17 + idCheckChar(first17), TODAY)).toBe('birthDate');
    }
    const leapDay = '31011520000229456';
    expect(idNumberProblem(leapDay + idCheckChar(leapDay), TODAY)).toBeNull();
  });
});

describe('isValidRealName', () => {
  it('accepts Chinese names (with · between parts) and Latin words', () => {
    for (const name of ['张三', '欧阳娜娜', '迪丽热巴·迪力木拉提', 'John Smith'])
      expect(isValidRealName(name)).toBe(true);
  });

  it('rejects one character, digits, mixed scripts and stray punctuation', () => {
    for (const name of ['', '张', '张3', '张 三', 'John张', '·张三', '张三·', 'a'.repeat(31)]) {
      expect(isValidRealName(name)).toBe(false);
    }
  });
});
