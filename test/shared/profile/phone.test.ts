// The phone rule the SPA and the server share (src/shared/profile/phone.ts): Norwegian numbers
// with or without the country code, any other country with its code, stored in E.164.
import { describe, expect, it } from '@jest/globals';

import { isValidPhoneNumber, normalisePhoneNumber } from '../../../src/shared/profile/phone';

describe('the phone rule', () => {
  it.each([
    ['91234567', '+4791234567'],
    ['912 34 567', '+4791234567'],
    ['+47 912 34 567', '+4791234567'],
    ['0047 912 34 567', '+4791234567'],
    ['(+47) 912-34-567', '+4791234567'],
    ['22 22 22 22', '+4722222222'],
    ['+46 70 123 45 67', '+46701234567'],
    ['+1 (212) 555-0100', '+12125550100'],
    ['  +44 7911 123456  ', '+447911123456'],
  ])('takes %j as %j', (typed, e164) => {
    expect(isValidPhoneNumber(typed)).toBe(true);
    expect(normalisePhoneNumber(typed)).toBe(e164);
  });

  it.each([
    ['12345678'],
    ['01234567'],
    ['9123456'],
    ['+46 12'],
    ['+999 1234 5678'],
    ['1-800-FLOWERS'],
    ['912 34 567 ext. 2'],
    ['++4791234567'],
    ['(212) 555-0100'],
    [''],
    ['9'.repeat(40)],
  ])('refuses %j', (typed) => {
    expect(isValidPhoneNumber(typed)).toBe(false);
    expect(normalisePhoneNumber(typed)).toBeNull();
  });
});
