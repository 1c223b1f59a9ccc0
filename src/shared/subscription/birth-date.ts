// The birth date a reader gives once on their profile when the identity provider has none (spec
// §5: buying needs 18 or over, the youth plan under 34). Shared so the SPA checks what the server
// checks: a real calendar date, not in the future, and not before 1900. The order screen and the
// profile read it as people type it.
import { isIsoDate } from '../time/oslo';

export const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * A birth date as people type it (17.05.1990, 17/5/1990, 17051990 or 1990-05-17) as an ISO
 * date, or null when it is not a real date.
 */
export function parseBirthDate(text: string): string | null {
  const value = text.trim();
  if (isIsoDate(value)) return value;
  const match = /^(\d{1,2})[./\- ]?(\d{1,2})[./\- ]?(\d{4})$/.exec(value);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** Why a given birth date is refused, or null when it is a plausible one on `today` (Oslo). */
export function birthDateProblem(value: string, today: string): 'invalid' | 'future' | null {
  if (!isIsoDate(value) || value < EARLIEST_BIRTH_DATE) return 'invalid';
  if (value > today) return 'future';
  return null;
}

/**
 * Why a birth date as typed is refused, or null when it is a plausible one on `today` (Oslo):
 * `format` when it is not written as a date at all, `no-such-date` when it is written as one
 * that the calendar does not have (31.02.2001), then birthDateProblem's reasons.
 */
export function birthDateTextProblem(
  text: string,
  today: string,
): 'format' | 'no-such-date' | 'invalid' | 'future' | null {
  const iso = parseBirthDate(text);
  if (iso) return birthDateProblem(iso, today);
  const value = text.trim();
  const shaped =
    /^\d{4}-\d{2}-\d{2}$/.test(value) || /^(\d{1,2})[./\- ]?(\d{1,2})[./\- ]?(\d{4})$/.test(value);
  return shaped ? 'no-such-date' : 'format';
}
