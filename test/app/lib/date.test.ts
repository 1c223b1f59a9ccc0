// The footer's year is the year in Oslo, computed without a time-zone formatter.
import { describe, expect, it } from '@jest/globals';

import { currentYear, formatClockTime, formatLongDate } from '../../../src/app/lib/format/date';

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

  it('writes a timestamp as its date in Oslo, as a time-zone formatter does, across a year', () => {
    const oslo = new Intl.DateTimeFormat('nb-NO', {
      timeZone: 'Europe/Oslo',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 53 * 60_000) {
      const instant = new Date(time).toISOString();
      expect(formatLongDate(instant, 'nb')).toBe(oslo.format(new Date(time)));
    }
  });

  it('formats a timestamp in Oslo time, and returns what it cannot read as it is', () => {
    expect(formatLongDate('2026-12-31T23:30:00Z', 'nb')).toBe('1. januar 2027');
    expect(formatLongDate('2026-02-30', 'nb')).toBe('2026-02-30');
    expect(formatLongDate('i morgen', 'nn')).toBe('i morgen');
  });
});

describe('formatClockTime', () => {
  const intl = (instant: Date, locale: string) =>
    new Intl.DateTimeFormat([locale, 'nb-NO', 'no'], {
      timeZone: 'Europe/Oslo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant);

  it('writes what a Norwegian time-zone formatter writes, in nb and nn, every 37 minutes of a year', () => {
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 37 * 60_000) {
      const instant = new Date(time);
      expect(formatClockTime(instant, 'nb')).toBe(intl(instant, 'nb-NO'));
      expect(formatClockTime(instant.toISOString(), 'nn')).toBe(intl(instant, 'nn-NO'));
    }
  });

  it('leaves what is not a time as it is', () => {
    expect(formatClockTime('snart', 'nb')).toBe('snart');
  });
});
