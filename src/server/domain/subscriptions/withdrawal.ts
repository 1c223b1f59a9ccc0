// The right of withdrawal (angrerett, angrerettloven). A reader who bought the
// subscription online may withdraw from it within 14 days: it ends at once, what was paid for it
// since that purchase less the days used goes back to the payments it came from, an audit event
// is written and a receipt is e-mailed.
//
// The rule, from the server's own records only (never from the request):
// - The right is started by the subscription's latest completed online purchase: an order of
//   kind `new` (it created the subscription) or `reactivation` (a paid restart of an ended
//   subscription is a new agreement made online, so it has a right of its own). It is used once
//   per purchase; a subscription withdrawn and then reactivated online has the reactivation's
//   right. A subscription with no such order (brought over from the billing system, a student or
//   business offer, customer service, a free reactivation of an old one) has no right here.
// - It lasts to the end of the 14th day counted from the day after that purchase was completed,
//   in Oslo time: completed on 7 March (any time that day) → the last day is 21 March, and from
//   00:00 on 22 March Oslo time it is over.
// - Withdrawing ends the subscription that day (the engine's `withdraw` command: CANCELLED, no
//   renewal); a cancellation in waiting does not take the right away.
// - What comes back: every completed paid order of the subscription since that purchase — the
//   purchase itself and each upgrade paid since (orders of kind `upgrade`; a later `new` or
//   `reactivation` would be a new purchase with its own right, and orders before the purchase
//   belong to an agreement that had ended) — each less the value of the days used of its own
//   paid period (the order's quote, both ends included): the whole days from the first day of
//   that period up to the day of withdrawal (that day itself is not charged), their value
//   rounded down to whole øre, so any rounding is in the reader's favour. A 1 kr first month
//   refunds what is left of 1 kr, an upgrade what is left of the difference paid.
// - The amount is today's (Oslo): it gets smaller each day. The reader confirms the amount they
//   were shown; when the server computes another one at that moment nothing happens
//   (409 WITHDRAWAL_AMOUNT_CHANGED) and the reader sees the new amount and confirms again.
//
// Money goes back once: the subscription ends and the withdrawal is recorded (one refund row per
// paid order, the billing records and the receipt e-mail) in one transaction that locks the
// subscription, so of two requests at once the second finds it withdrawn (409
// ALREADY_WITHDRAWN). Each refund is then sent to the provider on its own with the idempotency key
// `withdrawal:<id>:<paymentId>`. One the provider does not take at once stays PENDING and is sent
// again by the background work at growing intervals (attempts, next_attempt_at; the due ones
// first, so refunds that keep failing never hold up later ones); one the provider refuses, or
// that fails REFUND_MAX_ATTEMPTS times, is FAILED and logged as an error for customer service,
// who refund it by hand and contact the reader (the receipt says so).
// The parts: withdrawalRules.ts (the rule, no database), withdrawalStore.ts (the records; owner
// of `withdrawals` and `withdrawal_refunds`), withdrawalRefunds.ts (sending the refunds),
// withdrawalReceipt.ts (the e-mail). This module answers where the right stands and uses it.
import { lastDayOfRight } from '../../../shared/subscription/withdrawal';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { sendLetter } from '../../messaging/letter/render';
import { outboxSender } from '../../messaging/outbox';
import { type IdentityDetails } from '../accounts/identityFields';
import { getProfile } from '../accounts/profile';
import { recordOrderRefund } from '../invoices/settlement';

import { applyCommandInTx, readState } from './lifecycle';
import { receiptEmail } from './withdrawalReceipt';
import { sendRefundsOf, type WithdrawalDeps } from './withdrawalRefunds';
import {
  refundToday,
  standing,
  type RightPurchase,
  type WithdrawalReceipt,
  type WithdrawalRight,
  type WithdrawalStatus,
} from './withdrawalRules';
import {
  insertWithdrawal,
  receiptOf,
  rightPurchaseOf,
  withdrawalById,
  withdrawalOfPurchase,
} from './withdrawalStore';

const notFound = () =>
  new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');

interface Assessment {
  readonly right: WithdrawalRight;
  readonly purchase: RightPurchase | null;
}

async function assess(
  db: Queryable,
  now: Date,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<Assessment> {
  const state = await readState(db, subscriptionNo, ariaAccountNo);
  if (!state) throw notFound();
  const none = {
    subscriptionNo,
    lastDay: null,
    purchasedAt: null,
    amountPaidOre: null,
    refund: null,
    refundTo: null,
    receipt: null,
  } as const;
  const purchase = await rightPurchaseOf(db, subscriptionNo, ariaAccountNo);
  if (!purchase) return { right: { ...none, status: 'NO_ONLINE_PURCHASE' }, purchase };
  const today = osloDateOf(now);
  const withdrawn = await withdrawalOfPurchase(db, purchase.purchase.orderId);
  const receipt = withdrawn && (await receiptOf(db, withdrawn));
  const facts = {
    ...none,
    lastDay: lastDayOfRight(purchase.purchase.completedAt),
    purchasedAt: purchase.purchase.completedAt.toISOString(),
    amountPaidOre: receipt
      ? receipt.amountPaidOre
      : purchase.paid.reduce((sum, o) => sum + o.amountOre, 0),
    refundTo: purchase.purchase.paymentProvider,
  };
  const status = standing(purchase, state.status, receipt !== null, today);
  switch (status) {
    case 'WITHDRAWN':
      return { right: { ...facts, status, receipt }, purchase };
    case 'AVAILABLE':
      return { right: { ...facts, status, refund: refundToday(purchase.paid, today) }, purchase };
    default:
      return { right: { ...facts, status }, purchase };
  }
}

/**
 * Where the right of withdrawal stands for a subscription of the reader's account (another
 * account's is not found), as of the clock's now.
 */
export async function withdrawalRight(
  db: Queryable,
  clock: Clock,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<WithdrawalRight> {
  return (await assess(db, clock.now(), ariaAccountNo, subscriptionNo)).right;
}

const refusals: Readonly<Record<Exclude<WithdrawalStatus, 'AVAILABLE'>, () => DomainError>> = {
  WITHDRAWN: () =>
    new DomainError('conflict', 'ALREADY_WITHDRAWN', 'The right of withdrawal has been used'),
  PERIOD_OVER: () =>
    new DomainError('conflict', 'WITHDRAWAL_PERIOD_OVER', 'The right of withdrawal has ended'),
  NO_ONLINE_PURCHASE: () =>
    new DomainError(
      'conflict',
      'NO_WITHDRAWAL_RIGHT',
      'The subscription was not bought online, so there is no right of withdrawal here',
    ),
  NOT_ACTIVE: () =>
    new DomainError('conflict', 'SUBSCRIPTION_STATE_CONFLICT', 'The subscription has ended'),
};

const amountChanged = (refundOre: number) =>
  new DomainError(
    'conflict',
    'WITHDRAWAL_AMOUNT_CHANGED',
    `Withdrawing now refunds ${refundOre} øre, not the amount confirmed`,
  );

/** The problem codes withdrawing answers (the contract's list); anything else is our fault. */
const answers: ReadonlySet<string> = new Set([
  'SUBSCRIPTION_NOT_FOUND',
  'ALREADY_WITHDRAWN',
  'WITHDRAWAL_PERIOD_OVER',
  'NO_WITHDRAWAL_RIGHT',
  'WITHDRAWAL_AMOUNT_CHANGED',
  'SUBSCRIPTION_STATE_CONFLICT',
]);

/** A unique violation on this module's tables: the purchase or a payment of it is withdrawn. */
function isWithdrawalUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; table?: unknown } | null;
  return (
    e?.code === '23505' &&
    [e.constraint, e.table].some((name) => typeof name === 'string' && /^withdrawal/.test(name))
  );
}

/**
 * Uses the right of withdrawal: ends the subscription now, records the withdrawal, its refunds
 * and the receipt e-mail in one transaction, then sends the refunds. `expectedRefundOre` is the
 * amount the reader confirmed: when withdrawing now refunds another amount nothing happens (409
 * WITHDRAWAL_AMOUNT_CHANGED). Answers the receipt; refuses only with the contract's codes.
 */
export async function withdraw(
  deps: WithdrawalDeps,
  reader: { readonly ariaAccountNo: string; readonly identity: IdentityDetails },
  subscriptionNo: string,
  expectedRefundOre: number,
): Promise<WithdrawalReceipt> {
  let id: number | string;
  try {
    id = await deps.db.transaction((tx) =>
      recordWithdrawal(tx, deps, reader, subscriptionNo, expectedRefundOre),
    );
  } catch (error) {
    throw await asAnswer(deps, error, reader.ariaAccountNo, subscriptionNo);
  }
  await sendRefundsOf(deps, id);
  return receiptOf(deps.db, await withdrawalById(deps.db, id));
}

/** What a failed withdrawal answers: one of the contract's codes, or an internal error. */
async function asAnswer(
  deps: WithdrawalDeps,
  error: unknown,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<unknown> {
  // Lost a race with another request for the same purchase (the transaction rolled back).
  if (isWithdrawalUniqueViolation(error)) return refusals.WITHDRAWN();
  if (
    error instanceof DomainError &&
    (error.code === 'DUPLICATE_EVENT' || error.code === 'SUBSCRIPTION_STATE_CONFLICT')
  ) {
    const now = await withdrawalRight(deps.db, deps.clock, ariaAccountNo, subscriptionNo);
    if (now.status === 'WITHDRAWN') return refusals.WITHDRAWN();
    return error.code === 'SUBSCRIPTION_STATE_CONFLICT'
      ? error
      : new DomainError(
          'conflict',
          'SUBSCRIPTION_STATE_CONFLICT',
          'The subscription changed meanwhile',
        );
  }
  if (error instanceof DomainError && answers.has(error.code)) return error;
  // A billing record that cannot take the refund (REFUND_TOO_LARGE) or anything else: our
  // records disagree, nothing was changed, and a person must look (500 INTERNAL_ERROR).
  deps.log?.error({ subscriptionNo, err: error }, 'withdrawal could not be recorded');
  return error instanceof DomainError
    ? new Error(`Withdrawal of ${subscriptionNo} failed: ${error.code}: ${error.message}`)
    : error;
}

async function recordWithdrawal(
  tx: Queryable,
  deps: WithdrawalDeps,
  reader: { readonly ariaAccountNo: string; readonly identity: IdentityDetails },
  subscriptionNo: string,
  expectedRefundOre: number,
): Promise<number | string> {
  const now = deps.clock.now();
  const today = osloDateOf(now);
  // Lock the subscription first: a second request waits here and then finds it withdrawn, and
  // an order completing at the same moment (an upgrade) is either counted or not applied yet.
  const locked = await tx.query(
    `select 1 from subscriptions where subscription_no = $1 and aria_account_no = $2 for update`,
    [subscriptionNo, reader.ariaAccountNo],
  );
  if (locked.length === 0) throw notFound();
  const { right, purchase } = await assess(tx, now, reader.ariaAccountNo, subscriptionNo);
  if (right.status !== 'AVAILABLE') throw refusals[right.status]();
  const refund = right.refund!;
  if (refund.refundOre !== expectedRefundOre) throw amountChanged(refund.refundOre);
  const { purchase: bought } = purchase!;

  const applied = await applyCommandInTx(
    tx,
    subscriptionNo,
    { kind: 'withdraw', lastDay: right.lastDay! },
    {
      clock: deps.clock,
      actor: 'user',
      ariaAccountNo: reader.ariaAccountNo,
      dedupeKey: `withdraw:${bought.orderId}`,
      context: {
        orderId: bought.orderId,
        amountPaidOre: refund.amountPaidOre,
        refundOre: refund.refundOre,
        refunds: refund.parts.map((p) => ({
          orderId: p.order.orderId,
          amountPaidOre: p.order.amountOre,
          daysUsed: p.daysUsed,
          periodDays: p.periodDays,
          refundOre: p.refundOre,
        })),
      },
    },
  );
  const profile = await getProfile(tx, reader.ariaAccountNo, reader.identity);
  const reference = `ANGRE-${applied.eventId}`;
  const id = await insertWithdrawal(tx, {
    reference,
    subscriptionNo,
    ariaAccountNo: reader.ariaAccountNo,
    purchase: bought,
    eventId: applied.eventId,
    planName: applied.subscription.planName,
    refund,
    receiptEmail: profile.email,
    now,
  });
  for (const part of refund.parts)
    await recordOrderRefund(tx, { orderId: part.order.orderId, amountOre: part.refundOre, now });
  if (profile.email) {
    const email = receiptEmail({
      titleCode: applied.subscription.titleCode,
      planName: applied.subscription.planName,
      firstName: profile.firstName,
      today,
      refund,
      reference,
    });
    await sendLetter(outboxSender(tx, now), profile.email, email);
  }
  return id;
}
