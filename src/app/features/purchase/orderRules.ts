// The purchase screens' rules of wording and navigation: where "try again" leads for an order
// or an attempt, which refusals concern the discount code, and the message key of a refused quote
// or order.
import type { Order } from '../../api/order';
import type { PurchaseIntent } from '../../flows/order/purchaseSlice';
import { RATE_LIMIT_KEY } from '../../ui/RateLimitNotice';

/** Where "try again" leads for an order or an attempt: the screen that starts that intent. */
export function retryPath(
  target:
    | Pick<PurchaseIntent, 'kind' | 'ariaPlanID' | 'period'>
    | Pick<Order, 'kind' | 'ariaPlanID' | 'period' | 'ariaInvoiceNo'>
    | null,
): string {
  if (!target) return '/bestill-abonnement';
  if (target.kind === 'invoice')
    return 'ariaInvoiceNo' in target && target.ariaInvoiceNo
      ? `/betal-faktura/${encodeURIComponent(target.ariaInvoiceNo)}`
      : '/fakturaoversikt';
  const query = new URLSearchParams({ plan: target.ariaPlanID, periode: target.period });
  switch (target.kind) {
    case 'reactivation':
      return '/betaling?type=reaktivering';
    case 'upgrade':
      return `/betaling?type=oppgradering&${query.toString()}`;
    case 'new':
      return `/bestill-abonnement?${query.toString()}`;
  }
}

/** A refusal of the discount code rather than of the order (404 unknown; 409 expired, inactive, not for the plan). */
export const isDiscountProblem = (code: string | null) => !!code && code.startsWith('DISCOUNT_');

/** The message key of a refused quote or order (problem codes of the order contract). */
export function problemKey(code: string | null, status: number | string | null): string {
  switch (code) {
    case 'AGE_BELOW_MINIMUM':
      return 'purchase.problems.age-below-minimum';
    case 'YOUTH_AGE_EXCEEDED':
      return 'purchase.problems.youth-age-exceeded';
    case 'BIRTH_DATE_REQUIRED':
      return 'purchase.problems.birth-date-required';
    case 'BIRTH_DATE_INVALID':
      return 'purchase.order.birth-date-invalid';
    case 'ALREADY_SUBSCRIBER':
      return 'purchase.problems.already-subscriber';
    case 'DISCOUNT_NOT_FOUND':
      return 'purchase.problems.discount-not-found';
    case 'DISCOUNT_NOT_FOR_PLAN':
    case 'DISCOUNT_NOT_COMBINABLE':
      return 'purchase.problems.discount-not-applicable';
    case 'DISCOUNT_EXPIRED':
      return 'purchase.problems.discount-expired';
    case 'DISCOUNT_INACTIVE':
      return 'purchase.problems.discount-inactive';
    case 'SUBSCRIPTION_STATE_CONFLICT':
    case 'SUBSCRIPTION_NOT_FOUND':
      return 'purchase.problems.subscription-state';
    case 'RATE_LIMITED':
      return RATE_LIMIT_KEY;
    case 'IDEMPOTENCY_KEY_REUSED':
      return 'purchase.problems.key-reused';
    case 'ORDER_IN_PROGRESS':
      return 'purchase.problems.order-in-progress';
    default:
      return status === 400 || status === 422
        ? 'purchase.problems.invalid'
        : 'purchase.problems.generic';
  }
}
