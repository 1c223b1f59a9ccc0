// The subscription as the home page shows it (GET /subscription/{accountNo}/{titleCode}): the
// account's current subscription to the title with what needs the reader's attention and what
// comes next — the next charge as the renewal jobs will make it, what is left to pay, and the
// right of withdrawal while it lasts — so the page needs no other request.
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { unpaidInvoices } from '../invoices/invoices';

import type { ChargeForecast } from './engine';
import { forecastNextCharge } from './lifecycle';
import { currentSubscription, type Subscription } from './subscriptions';
import { withdrawalRight } from './withdrawal';

export interface SubscriptionOverview extends Subscription {
  readonly nextCharge: ChargeForecast | null;
  readonly unpaidInvoices: Awaited<ReturnType<typeof unpaidInvoices>>;
  /** The right of withdrawal while it can be used: its last day and today's refund. */
  readonly withdrawal: { readonly lastDay: string; readonly refundOre: number } | null;
}

export async function subscriptionOverview(
  db: Queryable,
  clock: Clock,
  ariaAccountNo: string,
  titleCode: string,
): Promise<{ accountExists: boolean; subscription: SubscriptionOverview | null }> {
  const { accountExists, subscription } = await currentSubscription(db, ariaAccountNo, titleCode);
  if (!subscription) return { accountExists, subscription: null };
  const [nextCharge, unpaid, right] = await Promise.all([
    // Only one that renews can be billed by itself; the engine decides the rest.
    subscription.renewalDate ? forecastNextCharge(db, subscription.subscriptionNo) : null,
    unpaidInvoices(db, subscription.subscriptionNo, clock.now()),
    subscription.hasSubscription
      ? withdrawalRight(db, clock, ariaAccountNo, subscription.subscriptionNo)
      : null,
  ]);
  return {
    accountExists,
    subscription: {
      ...subscription,
      nextCharge,
      unpaidInvoices: unpaid,
      withdrawal:
        right?.status === 'AVAILABLE' && right.lastDay && right.refund
          ? { lastDay: right.lastDay, refundOre: right.refund.refundOre }
          : null,
    },
  };
}

/** The overview in the contract's words (amounts in øre as `amount`), as GET session and GET subscription answer it. */
export function overviewView(subscription: SubscriptionOverview) {
  const next = subscription.nextCharge;
  return {
    ...subscription,
    nextCharge: next && {
      date: next.date,
      amount: next.amountOre,
      ordinaryAmount: next.ordinaryAmountOre,
      kind: next.kind,
      provider: next.provider,
      reason: next.reason,
    },
    withdrawal: subscription.withdrawal && {
      lastDay: subscription.withdrawal.lastDay,
      refund: subscription.withdrawal.refundOre,
    },
  };
}
