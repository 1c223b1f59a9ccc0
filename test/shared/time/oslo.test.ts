import { describe, expect, it } from '@jest/globals';

import {
  addDays,
  addMonths,
  ageOn,
  isIsoDate,
  osloClockTimeOf,
  osloDateOf,
} from '../../../src/shared/time/oslo';

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

describe('osloDateOf without a time-zone formatter', () => {
  const intl = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

  it('agrees with the time-zone database every 15 minutes from 2024 to 2031', () => {
    const wrong: string[] = [];
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2031, 0, 1); time += 15 * 60_000) {
      const instant = new Date(time);
      if (osloDateOf(instant) !== intl.format(instant)) wrong.push(instant.toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['2026-03-28T22:59:59Z', '2026-03-28'], // CET: 23:59:59
    ['2026-03-28T23:00:00Z', '2026-03-29'], // midnight CET, the night summer time begins
    ['2026-10-24T21:59:59Z', '2026-10-24'], // CEST: 23:59:59
    ['2026-10-24T22:00:00Z', '2026-10-25'], // midnight CEST, the night summer time ends
    ['2026-10-25T22:59:59Z', '2026-10-25'], // back on CET
    ['1990-06-30T22:30:00Z', '1990-07-01'], // before the rule: the time-zone database decides
    ['2150-01-01T12:00:00Z', '2150-01-01'],
  ])('%s is %s in Oslo', (iso, date) => {
    expect(osloDateOf(new Date(iso))).toBe(date);
    expect(intl.format(new Date(iso))).toBe(date);
  });

  it('refuses an invalid date as the formatter does', () => {
    expect(() => osloDateOf(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('osloClockTimeOf without a time-zone formatter', () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Oslo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

  it('agrees with the time-zone database every 15 minutes from 2024 to 2031', () => {
    const wrong: string[] = [];
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2031, 0, 1); time += 15 * 60_000) {
      const instant = new Date(time + 7 * 60_000);
      if (osloClockTimeOf(instant) !== intl.format(instant)) wrong.push(instant.toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['2026-03-29T00:59:00Z', '01:59'], // CET, the last minute before summer time
    ['2026-03-29T01:00:00Z', '03:00'], // CEST from 01:00 UTC
    ['2026-10-25T00:59:00Z', '02:59'], // CEST, the last minute of summer time
    ['2026-10-25T01:00:00Z', '02:00'], // CET again: the hour comes twice
    ['2026-12-06T23:05:00Z', '00:05'], // past midnight in Oslo
    ['1990-07-01T12:00:00Z', '14:00'], // before the rule: Intl decides
  ])('%s is %s in Oslo', (instant, expected) => {
    expect(osloClockTimeOf(new Date(instant))).toBe(expected);
  });
});
