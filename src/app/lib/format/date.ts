// Dates and times for Norwegian readers: calendar dates of the billing system (Europe/Oslo) as
// long dates, e.g. "22. november 2026", in bokmål or nynorsk, and Oslo clock times.
import { osloClockTimeOf, osloDateOf } from '../../../shared/time/oslo';
import type { Language } from '../i18n/i18n';

/** The month names, the same in bokmål and nynorsk. */
const MONTHS = [
  'januar',
  'februar',
  'mars',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'desember',
] as const;

/**
 * A calendar date (YYYY-MM-DD) or a timestamp (its date in Oslo) as a long Norwegian date,
 * written directly ("22. november 2026", what Intl writes for nb and nn): the first Intl
 * formatter with a time zone costs ~20 ms of a phone's startup (shared/time/oslo.ts).
 */
export function formatLongDate(date: string, language: Language): string {
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (calendar) {
    const [, year, month, day] = calendar.map(Number) as [number, number, number, number];
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return date;
    return `${day}. ${MONTHS[month - 1]} ${year}`;
  }
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime())) return date;
  return formatLongDate(osloDateOf(instant), language);
}

/** Oslo is on CET (UTC+1) at every new year: summer time runs from March to October. */
const OSLO_WINTER_OFFSET_MS = 60 * 60 * 1000;

/**
 * The current year in Oslo (the footer's ©). Plain arithmetic, not an Intl formatter: the year
 * turns at midnight CET, and building a time-zone formatter on every render of the footer was
 * the largest single item of the home page's startup profile.
 */
export function currentYear(now: Date = new Date()): number {
  return new Date(now.getTime() + OSLO_WINTER_OFFSET_MS).getUTCFullYear();
}

/**
 * The Oslo clock time of an instant, e.g. "10:42" (a code's expiry, a wait's end, when a change
 * was registered): the same in bokmål and nynorsk. Written directly like the dates above; a
 * time-zone formatter built per call was a quarter of the delivery-change page's long tasks.
 */
export function formatClockTime(instant: string | Date, _language: Language): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  return osloClockTimeOf(date);
}
