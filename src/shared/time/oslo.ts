// Calendar dates in Europe/Oslo as ISO strings (YYYY-MM-DD). Date arithmetic works on the
// calendar, never on milliseconds, so daylight-saving changes cannot shift a date.

export const OSLO_TIME_ZONE = 'Europe/Oslo';

const HOUR_MS = 3_600_000;
/** Norway has kept the EU's summer time rule since 1996 (test/shared/oslo.test.ts checks it). */
const RULE_FROM = Date.UTC(1996, 0, 1);
const RULE_UNTIL = Date.UTC(2100, 0, 1);

let intlOsloDate: Intl.DateTimeFormat | undefined;

/** 01:00 UTC on the last Sunday of a month (0-based): when EU summer time starts or ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/**
 * The instant's Oslo wall-clock time, as a Date whose UTC fields read it, within the EU summer
 * time rule (CET, and CEST from the last Sunday of March to the last Sunday of October, switching
 * at 01:00 UTC); undefined outside it, where Intl decides. Arithmetic: the first time-zone
 * formatter a page builds costs ~20 ms of a phone's startup, and each one built after it more.
 */
function osloWallClock(instant: Date): Date | undefined {
  const time = instant.getTime();
  if (!(time >= RULE_FROM && time < RULE_UNTIL)) return undefined;
  const year = instant.getUTCFullYear();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  return new Date(time + (summer ? 2 : 1) * HOUR_MS);
}

/** The Oslo calendar date of an instant (YYYY-MM-DD). */
export function osloDateOf(instant: Date): string {
  const local = osloWallClock(instant);
  if (!local) {
    intlOsloDate ??= new Intl.DateTimeFormat('en-CA', {
      timeZone: OSLO_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    return intlOsloDate.format(instant);
  }
  return format(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
}

let intlOsloClock: Intl.DateTimeFormat | undefined;

/** The Oslo clock time of an instant, hours and minutes on the 24-hour clock ("09:05"). */
export function osloClockTimeOf(instant: Date): string {
  const local = osloWallClock(instant);
  if (!local) {
    intlOsloClock ??= new Intl.DateTimeFormat('en-GB', {
      timeZone: OSLO_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return intlOsloClock.format(instant);
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not an ISO calendar date: "${date}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Adds calendar months; the day is clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysInMonth(year, month)));
}

/** Calendar days from `from` to `to` (negative when `to` is earlier); DST cannot change it. */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = parts(value);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Whole years between a birth date and a date (both Oslo calendar dates). */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = parts(birthDate);
  const [y, m, d] = parts(on);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
