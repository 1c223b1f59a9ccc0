// The paper delivery calendar: publishing weekdays per title, no paper on Norwegian
// public holidays, the cut-off the day before in Europe/Oslo, correct across DST changes.
import { describe, expect, it } from '@jest/globals';

import {
  cutOffFor,
  deliveryDaysBetween,
  earliestChangeStart,
  isDeliveryDay,
  isPublicHoliday,
  osloInstant,
  pastDeliveryDays,
} from '../../src/server/domain/delivery/calendar';
import {
  DEFAULT_DELIVERY_SCHEDULE,
  deliveryScheduleOf,
} from '../../src/shared/publications/delivery';

describe('delivery days', () => {
  it('follows the default Monday–Saturday week', () => {
    expect(isDeliveryDay('FVN', '2026-03-09')).toBe(true); // Monday
    expect(isDeliveryDay('FVN', '2026-03-14')).toBe(true); // Saturday
    expect(isDeliveryDay('FVN', '2026-03-15')).toBe(false); // Sunday: no Sunday paper
    expect(deliveryScheduleOf('FVN')).toBe(DEFAULT_DELIVERY_SCHEDULE);
  });

  it('follows the title’s own weekdays', () => {
    expect(isDeliveryDay('ADR', '2026-03-15')).toBe(true); // Sunday paper
    expect(isDeliveryDay('SAV', '2026-03-14')).toBe(false); // no Saturday paper
    expect(isDeliveryDay('FIR', '2026-03-09')).toBe(false); // no Monday paper
    expect(deliveryDaysBetween('GAT', '2026-03-09', '2026-03-15')).toEqual([
      '2026-03-10',
      '2026-03-12',
      '2026-03-14',
    ]);
  });

  it('has no paper on Norwegian public holidays', () => {
    expect(isPublicHoliday('2026-05-17')).toBe(true);
    expect(isDeliveryDay('ADR', '2026-05-17')).toBe(false); // 17 May 2026 is a Sunday
    expect(isDeliveryDay('FVN', '2027-05-17')).toBe(false); // Monday, Constitution Day
    expect(isDeliveryDay('FVN', '2026-05-01')).toBe(false);
    // Easter 2026: Maundy Thursday, Good Friday, Easter Monday; Easter Saturday has a paper.
    expect(deliveryDaysBetween('FVN', '2026-04-01', '2026-04-07')).toEqual([
      '2026-04-01',
      '2026-04-04',
      '2026-04-07',
    ]);
    expect(isDeliveryDay('FVN', '2026-12-24')).toBe(true); // Christmas Eve is not a holiday
    expect(isDeliveryDay('FVN', '2026-12-25')).toBe(false);
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => isDeliveryDay('FVN', '2026-02-30')).toThrow(RangeError);
  });
});

describe('cut-off', () => {
  it('is 14:00 Oslo time the day before by default, in winter and in summer', () => {
    expect(cutOffFor('FVN', '2026-03-11').toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(cutOffFor('FVN', '2026-06-11').toISOString()).toBe('2026-06-10T12:00:00.000Z');
    expect(cutOffFor('FIR', '2026-03-11').toISOString()).toBe('2026-03-10T11:00:00.000Z');
  });

  it('accepts tomorrow the minute before the cut-off and not the minute after', () => {
    expect(earliestChangeStart('FVN', new Date('2026-03-10T12:59:00Z'))).toEqual({
      date: '2026-03-11',
      cutOff: '2026-03-10T13:00:00.000Z',
    });
    expect(earliestChangeStart('FVN', new Date('2026-03-10T13:00:00Z')).date).toBe('2026-03-12');
    expect(earliestChangeStart('FVN', new Date('2026-03-10T13:01:00Z'))).toEqual({
      date: '2026-03-12',
      cutOff: '2026-03-11T13:00:00.000Z',
    });
  });

  it('skips a Sunday for a title without a Sunday paper', () => {
    // Saturday 14 March 13:30: Sunday has no paper, Monday's cut-off is Sunday 14:00.
    expect(earliestChangeStart('FVN', new Date('2026-03-14T12:30:00Z'))).toEqual({
      date: '2026-03-16',
      cutOff: '2026-03-15T13:00:00.000Z',
    });
    expect(earliestChangeStart('ADR', new Date('2026-03-14T12:30:00Z')).date).toBe('2026-03-15');
  });

  it('skips public holidays', () => {
    // Wednesday 1 April 2026 after the cut-off: Thu, Fri holidays, Saturday 4 April is next.
    expect(earliestChangeStart('FVN', new Date('2026-04-01T13:00:00Z')).date).toBe('2026-04-04');
    // 16 May 2027 (Sunday) morning: Monday 17 May is Constitution Day, Tuesday is next.
    expect(earliestChangeStart('FVN', new Date('2027-05-16T08:00:00Z')).date).toBe('2027-05-18');
  });

  it('is right across the DST changes', () => {
    // Summer time starts Sunday 29 March 2026 02:00; Monday's cut-off is Sunday 14:00 CEST.
    expect(cutOffFor('FVN', '2026-03-30').toISOString()).toBe('2026-03-29T12:00:00.000Z');
    expect(earliestChangeStart('FVN', new Date('2026-03-29T11:59:00Z')).date).toBe('2026-03-30');
    expect(earliestChangeStart('FVN', new Date('2026-03-29T12:00:00Z')).date).toBe('2026-03-31');
    // Winter time returns Sunday 25 October 2026 03:00; Monday's cut-off is Sunday 14:00 CET.
    expect(cutOffFor('FVN', '2026-10-26').toISOString()).toBe('2026-10-25T13:00:00.000Z');
    expect(earliestChangeStart('FVN', new Date('2026-10-25T12:30:00Z')).date).toBe('2026-10-26');
    // 23:30 Oslo on Saturday 24 Oct is 21:30Z; the Oslo date is still the 24th.
    expect(pastDeliveryDays('FVN', new Date('2026-10-24T21:30:00Z'), 1)).toEqual(['2026-10-24']);
  });

  it('reads wall-clock times in the hours DST moves', () => {
    expect(osloInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(osloInstant('2026-03-29', '03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(osloInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('past delivery days', () => {
  it('lists the delivery days of the last days, today included, most recent first', () => {
    // Tuesday 10 March 2026, 10:00 Oslo.
    expect(pastDeliveryDays('FVN', new Date('2026-03-10T09:00:00Z'), 7)).toEqual([
      '2026-03-10',
      '2026-03-09',
      '2026-03-07',
      '2026-03-06',
      '2026-03-05',
      '2026-03-04',
    ]);
    expect(pastDeliveryDays('FVN', new Date('2026-03-10T09:00:00Z'), 0)).toEqual([]);
  });
});
