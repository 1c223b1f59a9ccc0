// Whether a day from a date field is one the calendar offers, why not, and which to offer instead.
import { describe, expect, it } from '@jest/globals';

import { dayRefusal, nearestOfferedDay } from '../../../../src/app/features/delivery-change/days';

// Friday 13 to Wednesday 18 March 2026, without Sunday 15 (no paper) and Tuesday 17 (as a holiday).
const offered = ['2026-03-13', '2026-03-14', '2026-03-16', '2026-03-18'];

describe('dayRefusal', () => {
  it('takes an offered day', () => {
    expect(dayRefusal('2026-03-13', offered)).toBeNull();
    expect(dayRefusal('2026-03-18', offered)).toBeNull();
  });

  it('says a day between the first and the last the paper is not out', () => {
    expect(dayRefusal('2026-03-15', offered)).toBe('not-delivery-day');
    expect(dayRefusal('2026-03-17', offered)).toBe('not-delivery-day');
  });

  it('says a day before the first or after the last', () => {
    expect(dayRefusal('2026-03-12', offered)).toBe('before-first-day');
    expect(dayRefusal('2026-03-19', offered)).toBe('after-last-day');
    expect(dayRefusal('2026-03-13', [])).toBe('before-first-day');
  });

  it('says what is not a date (a text box where the browser has no date picker)', () => {
    expect(dayRefusal('15.03.2026', offered)).toBe('not-a-date');
    expect(dayRefusal('2026-02-30', offered)).toBe('not-a-date');
  });
});

describe('nearestOfferedDay', () => {
  it('is the next offered day, else the last one before', () => {
    expect(nearestOfferedDay('2026-03-15', offered)).toBe('2026-03-16');
    expect(nearestOfferedDay('2026-03-12', offered)).toBe('2026-03-13');
    expect(nearestOfferedDay('2026-03-20', offered)).toBe('2026-03-18');
    expect(nearestOfferedDay('2026-03-15', [])).toBeNull();
  });
});
