// The rule of the right of withdrawal, computed from the server's records (the rule itself is
// stated at the top of withdrawal.ts): which purchase starts the right, where it stands, and what
// withdrawing on a given day gives back. No database here.
import type { StatusCode } from '../../../shared/subscription/status';
import { lastDayOfRight } from '../../../shared/subscription/withdrawal';
import { daysBetween } from '../../../shared/time/oslo';
import type { CheckoutMethod } from '../../payments/port';

import { isAllowed } from './engine';

export { lastDayOfRight, WITHDRAWAL_DAYS } from '../../../shared/subscription/withdrawal';

/** Attempts at the provider before a refund that keeps failing is handed to customer service. */
export const REFUND_MAX_ATTEMPTS = 10;
export const REFUND_FIRST_RETRY_SECONDS = 60;
export const REFUND_MAX_RETRY_SECONDS = 6 * 60 * 60;

/**
 * Seconds from an attempt to the next one, after `attempts` attempts: 1 minute, doubling each
 * time, at most 6 hours (ten attempts span about 8½ hours).
 */
export function refundRetryDelaySeconds(attempts: number): number {
  return Math.min(
    REFUND_FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1),
    REFUND_MAX_RETRY_SECONDS,
  );
}

export interface RefundCalculation {
  /** Whole days of the paid period before the day of withdrawal. */
  readonly daysUsed: number;
  /** Days of the paid period, both ends included. */
  readonly periodDays: number;
  /** What the days used are worth, rounded down to whole øre. */
  readonly valueUsedOre: number;
  readonly refundOre: number;
}

/**
 * The refund of `amountOre` paid for the period `periodStart`–`periodEnd` when withdrawing on
 * `today`: amount − floor(amount × daysUsed / periodDays), see the rule at the top.
 */
export function refundFor(
  amountOre: number,
  periodStart: string,
  periodEnd: string,
  today: string,
): RefundCalculation {
  if (!Number.isSafeInteger(amountOre) || amountOre < 0)
    throw new RangeError(`Amount must be whole øre, got ${amountOre}`);
  const periodDays = daysBetween(periodStart, periodEnd) + 1;
  if (periodDays <= 0) throw new RangeError(`Empty period ${periodStart}–${periodEnd}`);
  const daysUsed = Math.min(periodDays, Math.max(0, daysBetween(periodStart, today)));
  // Integer arithmetic: amount × days stays far below 2^53 for any real price.
  const valueUsedOre = Math.floor((amountOre * daysUsed) / periodDays);
  return { daysUsed, periodDays, valueUsedOre, refundOre: amountOre - valueUsedOre };
}

/** The kinds of order a withdrawal refunds: the purchase (`new`, `reactivation`) and upgrades. */
export type PaidOrderKind = 'new' | 'reactivation' | 'upgrade';

/** A completed order of the subscription, as the server kept it. */
export interface PaidOrder {
  readonly orderId: string;
  /** The order's short reference (its receipt's), for customer service. */
  readonly reference: string;
  readonly kind: PaidOrderKind;
  readonly amountOre: number;
  readonly paymentProvider: CheckoutMethod;
  /** The provider's payment (null for an order that cost nothing). */
  readonly paymentId: string | null;
  readonly completedAt: Date;
  /** The days the amount paid for, both included (the quote's period). */
  readonly periodStart: string;
  readonly periodEnd: string;
}

/** The purchase that started the right and the paid orders a withdrawal gives back. */
export interface RightPurchase {
  readonly purchase: PaidOrder;
  /** The orders paid since the purchase (it included) that cost something, oldest first. */
  readonly paid: readonly PaidOrder[];
}

/**
 * The right's purchase among a subscription's completed orders (oldest first): the latest `new`
 * or `reactivation`, and the orders from it on that cost something; null for none.
 */
export function rightPurchaseIn(orders: readonly PaidOrder[]): RightPurchase | null {
  const start = orders.findLastIndex((o) => o.kind === 'new' || o.kind === 'reactivation');
  if (start < 0) return null;
  return {
    purchase: orders[start]!,
    // Everything after the latest purchase is an upgrade of it.
    paid: orders.slice(start).filter((o) => o.amountOre > 0 && o.paymentId !== null),
  };
}

/** Where the right of an online purchase stands (see WithdrawalStatus). */
export function standing(
  purchase: RightPurchase,
  status: StatusCode,
  withdrawn: boolean,
  today: string,
): Exclude<WithdrawalStatus, 'NO_ONLINE_PURCHASE'> {
  if (withdrawn) return 'WITHDRAWN';
  if (today > lastDayOfRight(purchase.purchase.completedAt)) return 'PERIOD_OVER';
  if (!isAllowed('withdraw', status)) return 'NOT_ACTIVE';
  return 'AVAILABLE';
}

export interface RefundPart extends RefundCalculation {
  readonly order: PaidOrder;
}

/** What withdrawing on one day gives back: the sum of the parts, one per paid order. */
export interface RefundToday {
  readonly amountPaidOre: number;
  readonly valueUsedOre: number;
  readonly refundOre: number;
  readonly parts: readonly RefundPart[];
}

/** Each paid order pro rata over its own period, as of `today` (see the rule at the top). */
export function refundToday(paid: readonly PaidOrder[], today: string): RefundToday {
  const parts = paid.map((order) => ({
    order,
    ...refundFor(order.amountOre, order.periodStart, order.periodEnd, today),
  }));
  const sum = (pick: (p: RefundPart) => number) => parts.reduce((a, p) => a + pick(p), 0);
  return {
    amountPaidOre: sum((p) => p.order.amountOre),
    valueUsedOre: sum((p) => p.valueUsedOre),
    refundOre: sum((p) => p.refundOre),
    parts,
  };
}

/**
 * Where the right stands: AVAILABLE (it can be used now), WITHDRAWN (used for this purchase;
 * the receipt is kept), PERIOD_OVER (the last day has passed), NO_ONLINE_PURCHASE (the
 * subscription did not come from an online purchase) or NOT_ACTIVE (it has ended or is
 * suspended: nothing to withdraw).
 */
export type WithdrawalStatus =
  'AVAILABLE' | 'WITHDRAWN' | 'PERIOD_OVER' | 'NO_ONLINE_PURCHASE' | 'NOT_ACTIVE';

export type RefundStatus = 'PENDING' | 'REFUNDED' | 'FAILED';

export interface WithdrawalReceiptPart {
  readonly orderReference: string;
  readonly kind: PaidOrderKind;
  readonly paidAt: string;
  readonly amountPaidOre: number;
  readonly periodDays: number;
  readonly daysUsed: number;
  readonly valueUsedOre: number;
  readonly refundOre: number;
  readonly refundTo: CheckoutMethod;
  readonly refundStatus: RefundStatus;
}

export interface WithdrawalReceipt {
  readonly reference: string;
  readonly subscriptionNo: string;
  readonly titleCode: string;
  readonly planName: string;
  readonly endedAt: string;
  /** The sums of the parts. */
  readonly amountPaidOre: number;
  readonly refundOre: number;
  /** The method the purchase was paid with (each part has its own). */
  readonly refundTo: CheckoutMethod;
  /** FAILED when a part failed, else PENDING when one is still being sent, else REFUNDED. */
  readonly refundStatus: RefundStatus;
  /** Where the receipt was e-mailed; null when the account has no e-mail address. */
  readonly receiptEmail: string | null;
  readonly parts: readonly WithdrawalReceiptPart[];
}

export interface WithdrawalRight {
  readonly subscriptionNo: string;
  readonly status: WithdrawalStatus;
  /** The last day of the right; null without an online purchase. */
  readonly lastDay: string | null;
  readonly purchasedAt: string | null;
  /** Paid in all since the purchase (it included); null without an online purchase. */
  readonly amountPaidOre: number | null;
  /** Set while AVAILABLE: what withdrawing today gives back, and how it is made up. */
  readonly refund: RefundToday | null;
  /** The method the purchase was paid with. */
  readonly refundTo: CheckoutMethod | null;
  /** Set when WITHDRAWN. */
  readonly receipt: WithdrawalReceipt | null;
}
