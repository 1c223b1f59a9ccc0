// Money rules of plan changes and offers, as pure functions on whole øre and Oslo calendar dates,
// so the server charges and the SPA shows the same amount.
//
// Rounding rule: a prorated amount is the exact fraction rounded to the nearest whole øre, a
// half øre away from zero (for the positive amounts charged this is Math.round). It is computed
// with integer arithmetic only, so no floating-point error can move it by an øre.
import { assertOre } from '../money/money';
import { addMonths, daysBetween } from '../time/oslo';

import { periodMonths, type Period } from './plans';

/** numerator / denominator to the nearest integer, halves away from zero; exact for safe integers. */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0)
    throw new RangeError(`Cannot divide ${numerator} by ${denominator} in whole numbers`);
  const n = Math.abs(numerator);
  const remainder = n % denominator;
  const quotient = (n - remainder) / denominator + (2 * remainder >= denominator ? 1 : 0);
  return numerator < 0 && quotient !== 0 ? -quotient : quotient;
}

/**
 * The prorated price difference for `remainingDays` of a period of `periodDays`:
 * round((newPrice - oldPrice) * remainingDays / periodDays), see the rounding rule above.
 */
export function prorate(
  oldPriceOre: number,
  newPriceOre: number,
  remainingDays: number,
  periodDays: number,
): number {
  assertOre(oldPriceOre);
  assertOre(newPriceOre);
  if (!Number.isSafeInteger(periodDays) || periodDays <= 0)
    throw new RangeError(`A period has at least one day, got ${periodDays}`);
  if (!Number.isSafeInteger(remainingDays) || remainingDays < 0 || remainingDays > periodDays)
    throw new RangeError(`Remaining days must be 0..${periodDays}, got ${remainingDays}`);
  return divideRounded((newPriceOre - oldPriceOre) * remainingDays, periodDays);
}

export interface CurrentPeriod {
  /** First day of the paid period (the renewal date one period back, month end clamped). */
  readonly start: string;
  /** The renewal date: the first day of the next period. */
  readonly renewalDate: string;
  /** Days in the period. */
  readonly days: number;
  /** Days from today (included) to the renewal date (excluded), 0..days. */
  readonly remainingDays: number;
}

export function currentPeriod(renewalDate: string, period: Period, today: string): CurrentPeriod {
  const start = addMonths(renewalDate, -periodMonths[period]);
  const days = daysBetween(start, renewalDate);
  const remainingDays = Math.min(days, Math.max(0, daysBetween(today, renewalDate)));
  return { start, renewalDate, days, remainingDays };
}

export interface PricedPlan {
  readonly ariaPlanID: string;
  readonly period: Period;
  readonly priceOre: number;
}

export interface UpgradeQuote {
  /** What the upgrade costs now, in øre (0 when nothing of the period is left). */
  readonly amountOre: number;
  readonly remainingDays: number;
  readonly periodDays: number;
}

/**
 * The pay-the-difference amount of an immediate upgrade for all that is paid of the old plan:
 * each whole period left before the renewal date at the full difference (the reactivation offer
 * pays three months of a monthly plan ahead), and the period today is in prorated by its days.
 * `remainingDays` counts every day from today to the renewal date; `periodDays` is the length of
 * the period today is in, so remainingDays is larger when more than one period is paid.
 */
export function upgradeQuote(
  from: PricedPlan,
  to: PricedPlan,
  renewalDate: string,
  today: string,
): UpgradeQuote {
  const months = periodMonths[from.period];
  // Periods counted back from the renewal date, each from it (month ends clamp once, not twice).
  let whole = 0;
  while (addMonths(renewalDate, -months * (whole + 1)) > today) whole += 1;
  const end = addMonths(renewalDate, -months * whole);
  const start = addMonths(renewalDate, -months * (whole + 1));
  const days = daysBetween(start, end);
  const partDays = Math.min(days, Math.max(0, daysBetween(today, end)));
  assertOre(from.priceOre);
  assertOre(to.priceOre);
  return {
    amountOre:
      whole * (to.priceOre - from.priceOre) + prorate(from.priceOre, to.priceOre, partDays, days),
    remainingDays: Math.max(0, daysBetween(today, renewalDate)),
    periodDays: days,
  };
}

export type PlanChangeKind = 'same' | 'upgrade' | 'downgrade' | 'period-change';

/**
 * An upgrade is a dearer plan over the same length of period and takes effect now; a cheaper
 * (or equally priced) plan over the same length is a downgrade and a different length is a
 * period change: both wait for the next renewal date.
 */
export function classifyPlanChange(from: PricedPlan, to: PricedPlan): PlanChangeKind {
  if (from.ariaPlanID === to.ariaPlanID && from.period === to.period) return 'same';
  if (periodMonths[from.period] !== periodMonths[to.period]) return 'period-change';
  return to.priceOre > from.priceOre ? 'upgrade' : 'downgrade';
}

/** The reactivation offer of requirements §9: 3 months for the price of 1. */
export const REACTIVATION_OFFER = { months: 3, paidMonths: 1 } as const;

export interface ReactivationOffer {
  readonly amountOre: number;
  readonly months: number;
  /** What the same months cost at the ordinary price. */
  readonly ordinaryAmountOre: number;
}

/** The offer for a plan, from its monthly price; only monthly plans have it (otherwise null). */
export function reactivationOffer(
  plan: Pick<PricedPlan, 'period' | 'priceOre'>,
): ReactivationOffer | null {
  assertOre(plan.priceOre);
  if (periodMonths[plan.period] !== 1) return null;
  return {
    amountOre: plan.priceOre * REACTIVATION_OFFER.paidMonths,
    months: REACTIVATION_OFFER.months,
    ordinaryAmountOre: plan.priceOre * REACTIVATION_OFFER.months,
  };
}
