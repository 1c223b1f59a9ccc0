// The dates of a plan conversion: the 34th birthday, when the notice is due and from
// which renewal the new plan applies (never less than the notice period after the notice).
import { describe, expect, it } from '@jest/globals';

import {
  birthdayOfAge,
  CONVERSION_NOTICE_DAYS,
  conversionDate,
  conversionNoticeDue,
  renewalOnOrAfter,
  studentLapseDate,
  youthFitsOn,
  youthLapseDate,
} from '../../src/shared/subscription/conversions';

describe('the day a reader stops qualifying', () => {
  it('is the 34th birthday for the youth plan (a 29 February birthday: 1 March)', () => {
    expect(youthLapseDate('1992-03-25')).toBe('2026-03-25');
    expect(youthLapseDate('1992-02-29')).toBe('2026-03-01');
    expect(birthdayOfAge('2000-02-29', 4)).toBe('2004-02-29');
  });

  it('is the day after the student verification lasts', () => {
    expect(studentLapseDate('2026-12-31')).toBe('2027-01-01');
  });

  it('lets the youth plan follow a student who is 18 to 33 on the day', () => {
    expect(youthFitsOn('2000-06-01', '2026-06-01')).toBe(true);
    expect(youthFitsOn('1992-06-01', '2026-06-01')).toBe(false);
    expect(youthFitsOn('1992-06-02', '2026-06-01')).toBe(true);
    expect(youthFitsOn('2008-06-02', '2026-06-01')).toBe(false);
    expect(youthFitsOn(null, '2026-06-01')).toBe(false);
  });
});

describe('the renewal the new plan starts on', () => {
  const monthly = { renewalDate: '2026-04-09', period: 'Månedlig' as const };

  it('walks the schedule one period at a time, as the renewal job moves it', () => {
    // The renewal of 31 January is on 28 February, and the one after that on 28 March.
    expect(renewalOnOrAfter('2026-01-31', 'Månedlig', '2026-03-01')).toBe('2026-03-28');
    expect(renewalOnOrAfter('2026-04-09', 'Årlig', '2026-04-09')).toBe('2026-04-09');
    expect(renewalOnOrAfter('2026-04-09', 'Kvartalsvis', '2026-04-10')).toBe('2026-07-09');
  });

  it('is told exactly the notice period before the first renewal after the lapse', () => {
    const lapseDate = '2026-03-25';
    expect(conversionNoticeDue({ ...monthly, lapseDate, today: '2026-03-09' })).toBe(false);
    expect(conversionNoticeDue({ ...monthly, lapseDate, today: '2026-03-10' })).toBe(true);
    expect(conversionDate({ ...monthly, lapseDate, today: '2026-03-10' })).toBe('2026-04-09');
    expect(CONVERSION_NOTICE_DAYS).toBe(30);
  });

  it('moves a renewal on when the reader would be told less than the notice period ahead', () => {
    const late = {
      renewalDate: '2026-04-01',
      period: 'Månedlig' as const,
      lapseDate: '2026-03-25',
    };
    expect(conversionNoticeDue({ ...late, today: '2026-03-10' })).toBe(true);
    expect(conversionDate({ ...late, today: '2026-03-10' })).toBe('2026-05-01');
  });

  it('keeps a yearly period paid before the lapse to its end', () => {
    const yearly = { renewalDate: '2026-09-01', period: 'Årlig' as const, lapseDate: '2026-03-25' };
    expect(conversionNoticeDue({ ...yearly, today: '2026-03-10' })).toBe(false);
    expect(conversionNoticeDue({ ...yearly, today: '2026-08-02' })).toBe(true);
    expect(conversionDate({ ...yearly, today: '2026-08-02' })).toBe('2026-09-01');
  });
});
