// Plan conversions: a reader stops qualifying for the plan they have — the student
// plan when their student verification lapses, the youth (UNG) plan on their 34th birthday —
// and the subscription moves on to another plan, never silently: the reader is told at least
// NOTICE_DAYS ahead what it becomes, from when and at what price, and may choose another plan
// (or end it) in one tap. The dates are pure functions here, shared by the server's job
// (src/server/domain/subscriptions/conversions.ts) and the SPA's wording.
import { addDays, addMonths, ageOn } from '../time/oslo';

import { periodMonths, type Period } from './plans';
import { PURCHASE_MINIMUM_AGE, YOUTH_AGE_LIMIT } from './status';

export const conversionReasons = ['student-verification-ends', 'youth-age-limit'] as const;
export type ConversionReason = (typeof conversionReasons)[number];

export const isConversionReason = (value: unknown): value is ConversionReason =>
  (conversionReasons as readonly unknown[]).includes(value);

/**
 * The least time between the notice and the change: a price that goes up is told a month ahead
 * (as the price changes of /nye-priser).
 */
export const CONVERSION_NOTICE_DAYS = 30;

/** The first day the reader is `age` years old (a 29 February birthday: 1 March). */
export function birthdayOfAge(birthDate: string, age: number): string {
  const day = addMonths(birthDate, age * 12);
  return ageOn(birthDate, day) < age ? addDays(day, 1) : day;
}

/** The first day the youth plan no longer fits: the 34th birthday. */
export const youthLapseDate = (birthDate: string): string =>
  birthdayOfAge(birthDate, YOUTH_AGE_LIMIT);

/** The first day without a student verification: the day after the last one lasts. */
export const studentLapseDate = (validUntil: string): string => addDays(validUntil, 1);

/**
 * The first renewal on the subscription's schedule on or after `from`: its next renewal date,
 * then one period after another (as the renewal job moves it).
 */
export function renewalOnOrAfter(renewalDate: string, period: Period, from: string): string {
  let day = renewalDate;
  while (day < from) day = addMonths(day, periodMonths[period]);
  return day;
}

/**
 * When the plan changes: the first renewal on or after the lapse date (what is paid for is kept)
 * and at least the notice period after `today`, the day the reader is told.
 */
export function conversionDate(input: {
  readonly renewalDate: string;
  readonly period: Period;
  readonly lapseDate: string;
  readonly today: string;
}): string {
  const earliest = addDays(input.today, CONVERSION_NOTICE_DAYS);
  const from = input.lapseDate > earliest ? input.lapseDate : earliest;
  return renewalOnOrAfter(input.renewalDate, input.period, from);
}

/**
 * Whether the notice is due today: the change it announces, were it told today, would come no
 * later than the notice period from now (so the reader is told as late as the rule allows, and
 * never less than the notice period ahead).
 */
export function conversionNoticeDue(input: {
  readonly renewalDate: string;
  readonly period: Period;
  readonly lapseDate: string;
  readonly today: string;
}): boolean {
  const first = renewalOnOrAfter(input.renewalDate, input.period, input.lapseDate);
  return first <= addDays(input.today, CONVERSION_NOTICE_DAYS);
}

/**
 * Whether a reader may have the youth plan from `on`: a known birth date, 18 or over and under
 * 34 that day.
 */
export function youthFitsOn(birthDate: string | null, on: string): boolean {
  if (!birthDate) return false;
  const age = ageOn(birthDate, on);
  return age >= PURCHASE_MINIMUM_AGE && age < YOUTH_AGE_LIMIT;
}
