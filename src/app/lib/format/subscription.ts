// How a subscription reads in words: catalogue keys for its status, period and features, and the
// traits the shared rules (src/shared/subscription/status.ts) are asked about.
import {
  hasBusinessInfo,
  isFamilyShare,
  isStatusCode,
  statusName,
  SubscriptionStatus,
  type StatusName,
  type SubscriptionTraits,
} from '../../../shared/subscription/status';
import type { Subscription } from '../../api/subscription';

/** `PENDING_CANCELLATION` → `pending-cancellation` (catalogue keys are kebab-case). */
export const statusSlug = (name: StatusName) => name.toLowerCase().replace(/_/g, '-');

/** The catalogue key of a status code's words, e.g. 2 → `home.status.pending-cancellation`. */
export function statusKey(code: number): string {
  return isStatusCode(code) ? `home.status.${statusSlug(statusName(code))}` : 'home.status.unknown';
}

const periodSlugs: Record<Subscription['period'], string> = {
  Årlig: 'yearly',
  Kvartalsvis: 'quarterly',
  Månedlig: 'monthly',
  'Månedlig Premium': 'monthly-premium',
};

/** The period's slug for `home.period.<slug>` and `home.price.per.<slug>`. */
export const periodSlug = (period: Subscription['period']) => periodSlugs[period] ?? 'monthly';

/** Statuses in which the subscription has been ended or is ending (shown with an expiry date). */
const endingStatuses = new Set<number>([
  SubscriptionStatus.PENDING_CANCELLATION,
  SubscriptionStatus.CANCELLED,
  SubscriptionStatus.PENDING_TERMINATION,
  SubscriptionStatus.TERMINATED,
]);

export const isEnding = (code: number) => endingStatuses.has(code);

export function traitsOf(subscription: Subscription): SubscriptionTraits {
  return {
    instStatusCode: subscription.instStatusCode,
    ariaPlanID: subscription.ariaPlanID,
    planProductType: subscription.planProductType,
    eligibleForSharing: subscription.eligibleForSharing,
    subscriptionInfo1: subscription.subsRetrieveSubscriptionAddInfo?.subscriptionInfo1 ?? null,
  };
}

/**
 * Why this subscription cannot be cancelled in self-service, if it cannot (null: it can; the
 * cancellation page, home and the footer offer it).
 */
export function cancelBlock(subscription: Subscription) {
  const status = subscription.instStatusCode;
  if (status === SubscriptionStatus.PENDING_CANCELLATION) return 'pending';
  if (status === SubscriptionStatus.PAUSED) return 'paused';
  const traits = traitsOf(subscription);
  if (isFamilyShare(traits)) return 'family-share';
  if (hasBusinessInfo(traits)) return 'business';
  // Suspended and already cancelled: it ends on its day (paying gives the access back until then).
  if (status === SubscriptionStatus.SUSPENDED && subscription.expiryDate)
    return 'suspended-pending';
  if (
    status !== SubscriptionStatus.ACTIVE &&
    status !== SubscriptionStatus.TRIAL &&
    status !== SubscriptionStatus.SUSPENDED
  )
    return 'other';
  return null;
}
