// Paper delivery settings per title: publishing weekdays, the cut-off for delivery changes and
// what a stop means for the price. Part of the publication registry; a title without an entry
// below gets DEFAULT_DELIVERY_SCHEDULE.

import { findPublication } from './registry';

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * What a stop of paper delivery does to the price. 'none': the price stays the same (digital
 * access continues). `{ paperShare }`: each stopped issue is credited on the next renewal
 * invoice with the paper's share of the price of the period it fell in (a fraction above 0, at
 * most 1: 0.5 credits half the price per issue; the rest is the digital access that continues),
 * from the subscription's own billing records (domain/delivery/stopCredits.ts).
 */
export type StopCredit = 'none' | { readonly paperShare: number };

export interface DeliverySchedule {
  /** Weekdays the paper is published and delivered, ascending. No paper on public holidays. */
  readonly weekdays: readonly IsoWeekday[];
  /** Wall-clock time in Europe/Oslo, 'HH:MM', on the cut-off day. */
  readonly cutOffTime: string;
  /** The cut-off day is this many calendar days before the delivery day (1 = the day before). */
  readonly cutOffDaysBefore: number;
  readonly stopCredit: StopCredit;
}

export const DEFAULT_DELIVERY_SCHEDULE: DeliverySchedule = Object.freeze({
  weekdays: Object.freeze([1, 2, 3, 4, 5, 6] as IsoWeekday[]),
  cutOffTime: '14:00',
  cutOffDaysBefore: 1,
  stopCredit: 'none',
});

/** Titles whose paper differs from the default (Monday–Saturday, 14:00 the day before, no credit). */
const overrides: Readonly<Record<string, Partial<DeliverySchedule>>> = {
  // Adresseavisen also has a Sunday paper and credits stopped issues.
  // The paper is half the price of their COMBO subscriptions.
  ADR: {
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    cutOffTime: '15:00',
    stopCredit: { paperShare: 0.5 },
  },
  // Firda: Tuesday to Saturday, earlier cut-off, stopped issues credited (half the price).
  FIR: { weekdays: [2, 3, 4, 5, 6], cutOffTime: '12:00', stopCredit: { paperShare: 0.5 } },
  // Local titles published three days a week.
  GAT: { weekdays: [2, 4, 6] },
  FJT: { weekdays: [2, 4, 6] },
  // Weekday titles without a Saturday paper.
  SAV: { weekdays: [1, 2, 3, 4, 5] },
  VV: { weekdays: [1, 2, 3, 4, 5] },
};

const CUT_OFF_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function validate(code: string, schedule: DeliverySchedule): DeliverySchedule {
  const days = schedule.weekdays;
  if (
    days.length === 0 ||
    days.some((d, i) => !Number.isInteger(d) || d < 1 || d > 7 || (i > 0 && d <= days[i - 1]!))
  ) {
    throw new Error(`Delivery weekdays of ${code} must be ascending ISO weekdays`);
  }
  if (!CUT_OFF_TIME.test(schedule.cutOffTime)) {
    throw new Error(`Cut-off time of ${code} must be HH:MM`);
  }
  if (!Number.isInteger(schedule.cutOffDaysBefore) || schedule.cutOffDaysBefore < 1) {
    throw new Error(`Cut-off days of ${code} must be a whole number of at least 1`);
  }
  const credit = schedule.stopCredit;
  if (
    credit !== 'none' &&
    !(Number.isFinite(credit.paperShare) && credit.paperShare > 0 && credit.paperShare <= 1)
  ) {
    throw new Error(`The paper share of ${code}'s stop credit must be above 0 and at most 1`);
  }
  return Object.freeze({ ...schedule, weekdays: Object.freeze([...days]) });
}

const schedules: ReadonlyMap<string, DeliverySchedule> = new Map(
  Object.entries(overrides).map(([code, o]) => {
    if (findPublication(code) === undefined) throw new Error(`Unknown title in delivery: ${code}`);
    return [code, validate(code, { ...DEFAULT_DELIVERY_SCHEDULE, ...o })];
  }),
);

/** The delivery schedule of a title (case-insensitive code); the default for any other title. */
export function deliveryScheduleOf(titleCode: string): DeliverySchedule {
  return schedules.get(titleCode.toUpperCase()) ?? DEFAULT_DELIVERY_SCHEDULE;
}
