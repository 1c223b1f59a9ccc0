// The paper delivery calendar of a title: which Oslo calendar days a paper is delivered (the
// title's publishing weekdays, never on a Norwegian public holiday), and the cut-off before which
// a delivery change for a day must be registered. Pure functions; dates are Oslo calendar dates
// (YYYY-MM-DD), instants are Dates. Public holidays come from `date-holidays` (ISC, data CC-BY-3.0).

import Holidays from 'date-holidays';

import { deliveryScheduleOf, type DeliverySchedule } from '../../../shared/publications/delivery';
import { addDays, isIsoDate, osloDateOf, OSLO_TIME_ZONE } from '../../../shared/time/oslo';

/** How far ahead the calendar looks for a delivery day (no title goes a year without a paper). */
const SEARCH_LIMIT_DAYS = 370;
const HOUR_MS = 3_600_000;

let holidayLibrary: Holidays | undefined;
const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** Norwegian public holidays (helligdager, 1 and 17 May) of a year as Oslo calendar dates. */
function publicHolidaysOf(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (days === undefined) {
    holidayLibrary ??= new Holidays('NO', { types: ['public'] });
    days = new Set(
      holidayLibrary
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    holidaysByYear.set(year, days);
  }
  return days;
}

export function isPublicHoliday(date: string): boolean {
  return publicHolidaysOf(Number(date.slice(0, 4))).has(date);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

function assertDate(date: string): void {
  if (typeof date !== 'string' || !isIsoDate(date)) {
    throw new RangeError(`Not an ISO calendar date: "${String(date)}"`);
  }
}

/** True when the title's paper is delivered on the Oslo calendar date. */
export function isDeliveryDay(titleCode: string, date: string): boolean {
  assertDate(date);
  const schedule = deliveryScheduleOf(titleCode);
  return (
    (schedule.weekdays as readonly number[]).includes(isoWeekday(date)) && !isPublicHoliday(date)
  );
}

let osloWallClock: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DDTHH:MM' of an instant on the Oslo wall clock. */
function osloLocal(time: number): string {
  osloWallClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: OSLO_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(
    osloWallClock.formatToParts(new Date(time)).map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/**
 * The instant at which the Oslo wall clock shows `time` ('HH:MM') on `date`. Oslo is UTC+1 or
 * UTC+2; of the two candidates the one that reads back right wins (the earlier one when the hour
 * occurs twice in October; a time in March's skipped hour counts on winter time).
 */
export function osloInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  for (const offsetHours of [2, 1]) {
    const candidate = wall - offsetHours * HOUR_MS;
    if (osloLocal(candidate) === `${date}T${time}`) return new Date(candidate);
  }
  return new Date(wall - HOUR_MS);
}

/** The cut-off instant for a change starting on (or touching) the delivery day `date`. */
export function cutOffFor(titleCode: string, date: string): Date {
  assertDate(date);
  const schedule = deliveryScheduleOf(titleCode);
  return osloInstant(addDays(date, -schedule.cutOffDaysBefore), schedule.cutOffTime);
}

/** True once the cut-off of `date` has passed at `now` (the cut-off minute itself is too late). */
export function isCutOffPassed(titleCode: string, date: string, now: Date): boolean {
  return now.getTime() >= cutOffFor(titleCode, date).getTime();
}

/** The first delivery day on or after `from`, or undefined if none within a year. */
export function nextDeliveryDayOnOrAfter(titleCode: string, from: string): string | undefined {
  assertDate(from);
  for (let i = 0; i <= SEARCH_LIMIT_DAYS; i += 1) {
    const date = addDays(from, i);
    if (isDeliveryDay(titleCode, date)) return date;
  }
  return undefined;
}

/**
 * The earliest delivery day a change can start on at `now`: the first delivery day whose cut-off
 * has not passed, with that cut-off as an ISO instant.
 */
export function earliestChangeStart(
  titleCode: string,
  now: Date,
): { date: string; cutOff: string } {
  const today = osloDateOf(now);
  for (let i = 0; i <= SEARCH_LIMIT_DAYS; i += 1) {
    const date = addDays(today, i);
    if (!isDeliveryDay(titleCode, date)) continue;
    const cutOff = cutOffFor(titleCode, date);
    if (now.getTime() < cutOff.getTime()) return { date, cutOff: cutOff.toISOString() };
  }
  throw new Error(`No delivery day for ${titleCode} within ${SEARCH_LIMIT_DAYS} days`);
}

/**
 * The delivery days among the last `limitDays` calendar days up to and including today (today
 * and the `limitDays - 1` days before it), most recent first.
 */
export function pastDeliveryDays(titleCode: string, now: Date, limitDays: number): string[] {
  const today = osloDateOf(now);
  const days: string[] = [];
  for (let i = 0; i < Math.max(0, Math.floor(limitDays)); i += 1) {
    const date = addDays(today, -i);
    if (isDeliveryDay(titleCode, date)) days.push(date);
  }
  return days;
}

/** The delivery days from `from` to `to`, both included, ascending. */
export function deliveryDaysBetween(titleCode: string, from: string, to: string): string[] {
  assertDate(from);
  assertDate(to);
  const days: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (isDeliveryDay(titleCode, date)) days.push(date);
  }
  return days;
}

export function scheduleOf(titleCode: string): DeliverySchedule {
  return deliveryScheduleOf(titleCode);
}
