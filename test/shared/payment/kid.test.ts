// KID check digits with the published vectors (MOD10/Luhn and MOD11), the 2–25 digit bounds and
// numbers far beyond JavaScript's safe integers.
import { describe, expect, it } from '@jest/globals';

import {
  isValidKid,
  KidError,
  makeKid,
  mod10CheckDigit,
  mod11CheckDigit,
} from '../../../src/shared/payment/kid';

describe('MOD10 (Luhn)', () => {
  it.each([
    ['234567', '2345676'],
    ['1234', '12344'],
    ['7992739871', '79927398713'],
  ])('%s → %s', (base, kid) => {
    expect(makeKid(base, 'MOD10')).toBe(kid);
    expect(isValidKid(kid, 'MOD10')).toBe(true);
  });

  it('is the default algorithm', () => {
    expect(makeKid('234567')).toBe('2345676');
  });

  it('rejects a wrong check digit', () => {
    expect(isValidKid('2345675', 'MOD10')).toBe(false);
  });
});

describe('MOD11', () => {
  it.each([
    ['1234567890', '12345678903'],
    ['1234', '12343'],
    ['31', '310'],
  ])('%s → %s', (base, kid) => {
    expect(makeKid(base, 'MOD11')).toBe(kid);
    expect(isValidKid(kid, 'MOD11')).toBe(true);
  });

  it('has no check digit when the remainder gives 10', () => {
    // 6 × 2 = 12; 12 % 11 = 1; 11 − 1 = 10: no single check digit.
    expect(mod11CheckDigit('6')).toBeNull();
    expect(() => makeKid('6', 'MOD11')).toThrow(KidError);
  });
});

describe('bounds', () => {
  it('makes KIDs of 2 to 25 digits only', () => {
    expect(makeKid('1')).toHaveLength(2);
    expect(makeKid('1'.repeat(24))).toHaveLength(25);
    expect(() => makeKid('')).toThrow(KidError);
    expect(() => makeKid('1'.repeat(25))).toThrow(KidError);
  });

  it('rejects lengths outside 2–25 and anything but digits', () => {
    expect(isValidKid('0')).toBe(false);
    expect(isValidKid(makeKid('9'.repeat(24)))).toBe(true);
    expect(isValidKid(`${makeKid('9'.repeat(24))}0`)).toBe(false);
    expect(isValidKid('12 344')).toBe(false);
    expect(() => makeKid('12a4')).toThrow(KidError);
  });

  it('works digit by digit beyond safe integers', () => {
    const base = '98765432109876543210987';
    expect(Number(base) > Number.MAX_SAFE_INTEGER).toBe(true);
    expect(mod10CheckDigit(base)).toHaveLength(1);
    expect(isValidKid(makeKid(base, 'MOD10'), 'MOD10')).toBe(true);
    expect(isValidKid(makeKid('12345678901234567890123', 'MOD11'), 'MOD11')).toBe(true);
  });
});
