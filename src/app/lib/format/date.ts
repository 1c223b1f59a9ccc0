// Dates for Norwegian readers: calendar dates of the billing system (Europe/Oslo) as long dates,
// e.g. "22. november 2026", in bokmål or nynorsk.
import type { Language } from '../i18n/i18n';

const OSLO = 'Europe/Oslo';
const locales: Record<Language, string> = { nb: 'nb-NO', nn: 'nn-NO' };
const formatters = new Map<Language, Intl.DateTimeFormat>();

function longDateFormatter(language: Language): Intl.DateTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    // Browsers without nynorsk locale data (Chromium) fall back to bokmål: the month names are the same.
    formatter = new Intl.DateTimeFormat([locales[language], 'nb-NO', 'no'], {
      timeZone: OSLO,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    formatters.set(language, formatter);
  }
  return formatter;
}

/**
 * A calendar date (YYYY-MM-DD) or a timestamp as a long Norwegian date. A calendar date is read
 * at noon UTC, which is the same day in Oslo all year, so no time zone moves it a day.
 */
export function formatLongDate(date: string, language: Language): string {
  const instant = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00Z` : date);
  if (Number.isNaN(instant.getTime())) return date;
  return longDateFormatter(language).format(instant);
}

/** The current year in Oslo (the footer's ©). */
export function currentYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: OSLO, year: 'numeric' }).format(now));
}

/** The Oslo clock time of an instant, e.g. "10:42" (a code's expiry, a wait's end). */
export function formatClockTime(instant: string | Date, language: Language): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  return new Intl.DateTimeFormat([locales[language], 'nb-NO', 'no'], {
    timeZone: OSLO,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
