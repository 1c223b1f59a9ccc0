// A birth date as people type it: a date the calendar does not have is told apart from text that
// is not written as a date, so the reader is told what is wrong («datoen finnes ikke» or the
// format), on the order page and the profile alike.
import { describe, expect, it } from '@jest/globals';

import { birthDateTextProblem, parseBirthDate } from '../../src/shared/subscription/birth-date';

const today = '2026-12-04';

describe('a birth date as typed', () => {
  it('reads the ways people write it', () => {
    for (const text of ['17.05.1990', '17/5/1990', '17051990', '1990-05-17', ' 17.05.1990 '])
      expect([text, parseBirthDate(text)]).toEqual([text, '1990-05-17']);
  });

  it('tells a date the calendar does not have from text that is not a date', () => {
    expect(birthDateTextProblem('31.02.2001', today)).toBe('no-such-date');
    expect(birthDateTextProblem('29.02.2001', today)).toBe('no-such-date');
    expect(birthDateTextProblem('2001-02-30', today)).toBe('no-such-date');
    expect(birthDateTextProblem('29.02.2000', today)).toBeNull();
    expect(birthDateTextProblem('mai 1990', today)).toBe('format');
    expect(birthDateTextProblem('1990', today)).toBe('format');
  });

  it('keeps the rules of a real date: not in the future, not before 1900', () => {
    expect(birthDateTextProblem('05.12.2026', today)).toBe('future');
    expect(birthDateTextProblem('31.12.1899', today)).toBe('invalid');
    expect(birthDateTextProblem('04.12.2026', today)).toBeNull();
  });
});
