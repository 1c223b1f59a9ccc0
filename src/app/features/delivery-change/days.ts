// The days of /endre-avislevering as rules: whether a day typed or picked in a date field is one
// the server's calendar offers, why not, and the offered day nearest to it. The date field lets
// the reader pick any day between the first and the last offered one; the server refuses the
// others too (domain/delivery/changeRules.ts).
import { isIsoDate } from '../../../shared/time/oslo';

/** Why a chosen day cannot be taken; the catalogue key under delivery-change.validation. */
export type DayRefusal = 'not-a-date' | 'before-first-day' | 'after-last-day' | 'not-delivery-day';

/**
 * Why `day` (YYYY-MM-DD, as a date field gives it) is not among `offered` (ascending), or null
 * when it is: not a date (a browser without a date picker shows a text box), before the first or
 * after the last offered day, or a day in between the paper is not out (a Sunday, a holiday).
 */
export function dayRefusal(day: string, offered: readonly string[]): DayRefusal | null {
  if (!isIsoDate(day)) return 'not-a-date';
  if (offered.includes(day)) return null;
  const first = offered[0];
  const last = offered.at(-1);
  if (first === undefined || day < first) return 'before-first-day';
  if (last !== undefined && day > last) return 'after-last-day';
  return 'not-delivery-day';
}

/**
 * The offered day to suggest instead of `day`: the next one after it, else the last one before
 * it; null when nothing is offered.
 */
export function nearestOfferedDay(day: string, offered: readonly string[]): string | null {
  return offered.find((d) => d > day) ?? offered.findLast((d) => d < day) ?? null;
}
