// The winback offer shown before a cancellation is confirmed (and on /winback): a real, cheaper
// way to keep the subscription, built from the title's catalogue. Either the same plan on another
// period that costs less per year (typically yearly), or the youth plan for a reader whose age
// allows it. Accepting it schedules a plan change for the next renewal date, so only changes the
// engine schedules (a downgrade or a period change, never an upgrade) are offered.
import { isBelowPurchaseAge, isTooOldForYouth } from './eligibility';
import { periodMonths, type Period } from './plans';
import { classifyPlanChange } from './proration';
import {
  isFamilyShare,
  isPaying,
  isYouthPlan,
  SubscriptionStatus,
  type SubscriptionTraits,
} from './status';

export interface WinbackSubscription extends SubscriptionTraits {
  readonly period: Period;
  /** Price per period in øre. */
  readonly price: number;
  readonly renewalDate: string | null;
  readonly pendingChange: unknown;
}

export interface WinbackCatalogue {
  readonly minimumAge: number;
  readonly youthMaximumAge: number;
  readonly products: readonly {
    readonly ariaPlanID: string;
    readonly planName: string;
    readonly planProductType: string;
    readonly youth: boolean;
    readonly options: readonly { readonly period: Period; readonly price: number }[];
  }[];
}

export interface WinbackReader {
  readonly birthDate: string | null;
  /** Today's Oslo calendar date. */
  readonly today: string;
}

export interface WinbackOffer {
  /** `period`: the same plan on a cheaper period; `youth`: the youth plan. */
  readonly kind: 'period' | 'youth';
  readonly ariaPlanID: string;
  readonly planName: string;
  readonly period: Period;
  /** Price per period of the offered option, in øre. */
  readonly price: number;
  /** The day the change takes effect: the subscription's next renewal date. */
  readonly effectiveDate: string;
  /** What a year costs now and with the offer, and the difference (all in øre). */
  readonly currentYearlyCost: number;
  readonly offerYearlyCost: number;
  readonly yearlySaving: number;
}

/** What a year of a plan costs at a price per period (every period divides a year). */
export const yearlyCost = (price: number, period: Period) => price * (12 / periodMonths[period]);

/** Whether the reader may take the youth plan: known age, old enough to buy, under the limit. */
export function youthEligible(catalogue: WinbackCatalogue, reader: WinbackReader): boolean {
  if (!reader.birthDate) return false;
  return (
    !isBelowPurchaseAge(reader.birthDate, reader.today, catalogue.minimumAge) &&
    !isTooOldForYouth(reader.birthDate, reader.today, catalogue.youthMaximumAge)
  );
}

/**
 * The best offer (largest saving per year) for a subscription, or null when none applies: only a
 * subscriber who pays and renews (active, not a trial, family share or business) with no plan
 * change already waiting is offered one.
 */
export function winbackOffer(
  subscription: WinbackSubscription,
  catalogue: WinbackCatalogue,
  reader: WinbackReader,
): WinbackOffer | null {
  if (
    subscription.instStatusCode !== SubscriptionStatus.ACTIVE ||
    !isPaying(subscription) ||
    isFamilyShare(subscription) ||
    !subscription.renewalDate ||
    subscription.pendingChange
  )
    return null;

  const current = {
    ariaPlanID: subscription.ariaPlanID,
    period: subscription.period,
    priceOre: subscription.price,
  };
  const currentYearlyCost = yearlyCost(subscription.price, subscription.period);
  const months = periodMonths[subscription.period];
  const youthAllowed =
    !isYouthPlan(subscription) &&
    subscription.planProductType === 'DIGITAL' &&
    youthEligible(catalogue, reader);

  let best: WinbackOffer | null = null;
  for (const product of catalogue.products) {
    const samePlan = product.ariaPlanID === subscription.ariaPlanID;
    const youth = product.youth && youthAllowed;
    if (!samePlan && !youth) continue;
    for (const option of product.options) {
      // The youth plan is offered on a period as long as the current one (not a bigger
      // prepayment); the same plan on any other period.
      if (youth && periodMonths[option.period] !== months) continue;
      const kind = classifyPlanChange(current, {
        ariaPlanID: product.ariaPlanID,
        period: option.period,
        priceOre: option.price,
      });
      if (kind !== 'downgrade' && kind !== 'period-change') continue;
      const offerYearlyCost = yearlyCost(option.price, option.period);
      const yearlySaving = currentYearlyCost - offerYearlyCost;
      if (yearlySaving <= 0 || (best && best.yearlySaving >= yearlySaving)) continue;
      best = {
        kind: samePlan ? 'period' : 'youth',
        ariaPlanID: product.ariaPlanID,
        planName: product.planName,
        period: option.period,
        price: option.price,
        effectiveDate: subscription.renewalDate,
        currentYearlyCost,
        offerYearlyCost,
        yearlySaving,
      };
    }
  }
  return best;
}
