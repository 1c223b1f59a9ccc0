// The birth date a reader gives once on their profile when the identity provider has none (spec
// §5: buying needs 18 or over, the youth plan under 34). Shared so the SPA checks what the server
// checks: a real calendar date, not in the future, and not before 1900.
import { isIsoDate } from '../time/oslo';

export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** Why a given birth date is refused, or null when it is a plausible one on `today` (Oslo). */
export function birthDateProblem(value: string, today: string): 'invalid' | 'future' | null {
  if (!isIsoDate(value) || value < EARLIEST_BIRTH_DATE) return 'invalid';
  if (value > today) return 'future';
  return null;
}
