// The footer's year is the year in Oslo, computed without a time-zone formatter.
import { describe, expect, it } from '@jest/globals';

import { currentYear, formatLongDate } from '../../../src/app/lib/format/date';

const osloYear = (instant: Date) =>
  Number(
    new Intl.DateTimeFormat('en', { timeZone: 'Europe/Oslo', year: 'numeric' }).format(instant),
  );

describe('currentYear', () => {
  it.each([
    '2026-12-31T22:59:59.999Z', // 23:59:59 in Oslo: still 2026
    '2026-12-31T23:00:00.000Z', // midnight in Oslo: 2027, while it is still 2026 in UTC
    '2027-01-01T00:30:00.000Z',
    '2026-06-30T22:30:00.000Z', // summer time: 00:30 on 1 July in Oslo
    '2026-03-29T01:30:00.000Z', // the hour summer time begins
  ])('is the year in Oslo at %s', (iso) => {
    const instant = new Date(iso);
    expect(currentYear(instant)).toBe(osloYear(instant));
  });
});

describe('formatLongDate', () => {
  const intl = (date: string, locale: string) =>
    new Intl.DateTimeFormat([locale, 'nb-NO', 'no'], {
      timeZone: 'Europe/Oslo',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(`${date}T12:00:00Z`));

  it('writes every calendar date of a year (a leap year) as Intl does, in nb and nn', () => {
    for (let day = 0; day < 366; day++) {
      const date = new Date(Date.UTC(2028, 0, 1 + day)).toISOString().slice(0, 10);
      expect(formatLongDate(date, 'nb')).toBe(intl(date, 'nb-NO'));
      expect(formatLongDate(date, 'nn')).toBe(intl(date, 'nn-NO'));
    }
  });

  it('formats a timestamp in Oslo time, and returns what it cannot read as it is', () => {
    expect(formatLongDate('2026-12-31T23:30:00Z', 'nb')).toBe('1. januar 2027');
    expect(formatLongDate('2026-02-30', 'nb')).toBe('2026-02-30');
    expect(formatLongDate('i morgen', 'nn')).toBe('i morgen');
  });
});
