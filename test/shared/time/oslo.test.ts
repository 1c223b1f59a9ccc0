import { describe, expect, it } from '@jest/globals';

import { addDays, addMonths, ageOn, isIsoDate, osloDateOf } from '../../../src/shared/time/oslo';

describe('Oslo calendar dates', () => {
  it('takes the date in Oslo, not in UTC', () => {
    expect(osloDateOf(new Date('2026-03-09T23:30:00Z'))).toBe('2026-03-10'); // CET, UTC+1
    expect(osloDateOf(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02'); // CEST, UTC+2
    expect(osloDateOf(new Date('2026-07-01T21:30:00Z'))).toBe('2026-07-01');
  });

  it('adds days across daylight-saving changes and month ends', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds months, clamping to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
  });

  it('validates ISO dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('26-2-1')).toBe(false);
    expect(() => addDays('tomorrow', 1)).toThrow('Not an ISO calendar date');
  });

  it('computes age in whole years, counting the birthday itself', () => {
    expect(ageOn('2008-03-10', '2026-03-10')).toBe(18);
    expect(ageOn('2008-03-11', '2026-03-10')).toBe(17);
    expect(ageOn('1992-03-11', '2026-03-10')).toBe(33);
  });
});
