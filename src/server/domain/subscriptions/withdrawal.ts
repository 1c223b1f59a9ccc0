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
// Owns `withdrawals` and `withdrawal_refunds`.
import { formatKroner as kroner } from '../../../shared/money/money';
import { getPublication } from '../../../shared/publications/registry';
import type { StatusCode } from '../../../shared/subscription/status';
import { lastDayOfRight } from '../../../shared/subscription/withdrawal';
import { daysBetween, osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError, type DomainErrorKind } from '../../errors';
import type { Letter } from '../../messaging/letter/letter';
import { sendLetter } from '../../messaging/letter/render';
import { outboxSender } from '../../messaging/outbox';
import { longDate } from '../../messaging/wording';
import type { CheckoutMethod, PaymentPort } from '../../payments/port';
import { getProfile, type IdentityDetails } from '../accounts/accounts';
import { recordOrderRefund } from '../invoices/settlement';
import { orderReference } from '../orders/reference';

import { isAllowed } from './engine';
import { applyCommandInTx, readState } from './lifecycle';

export { lastDayOfRight, WITHDRAWAL_DAYS } from '../../../shared/subscription/withdrawal';

/** Attempts at the provider before a refund that keeps failing is handed to customer service. */
export const REFUND_MAX_ATTEMPTS = 10;
const REFUND_FIRST_RETRY_SECONDS = 60;
const REFUND_MAX_RETRY_SECONDS = 6 * 60 * 60;

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

interface PaidOrderRow {
  order_id: string;
  order_no: number | string;
  kind: PaidOrderKind;
  amount_ore: number | string;
  payment_provider: CheckoutMethod;
  payment_id: string | null;
  completed_at: Date | string;
  period_start: string;
  period_end: string;
  [column: string]: unknown;
}

const paidOrdersOf = (subscriptionNo: string, ariaAccountNo: string) =>
  `select order_id, order_no, kind, amount_ore, payment_provider, payment_id, completed_at,
          quote->>'periodStart' as period_start, quote->>'periodEnd' as period_end
     from orders
    where subscription_no = ${subscriptionNo} and aria_account_no = ${ariaAccountNo}
      and status = 'COMPLETED' and kind in ('new', 'reactivation', 'upgrade')
      and completed_at is not null`;

/**
 * The subscription's latest online purchase (a completed order of kind `new` or
 * `reactivation`) and the orders paid from it on, only within `ariaAccountNo`; null when it
 * has none.
 */
export async function rightPurchaseOf(
  db: Queryable,
  subscriptionNo: string,
  ariaAccountNo: string,
): Promise<RightPurchase | null> {
  const rows = await db.query<PaidOrderRow>(
    `${paidOrdersOf('$1', '$2')} order by completed_at, order_no`,
    [subscriptionNo, ariaAccountNo],
  );
  return rightPurchaseIn(rows);
}

/** The right's purchase among a subscription's paid orders (oldest first); null for none. */
function rightPurchaseIn(rows: readonly PaidOrderRow[]): RightPurchase | null {
  const orders: PaidOrder[] = rows.map((row) => ({
    orderId: row.order_id,
    reference: orderReference(row.order_no),
    kind: row.kind,
    amountOre: Number(row.amount_ore),
    paymentProvider: row.payment_provider,
    paymentId: row.payment_id,
    completedAt: new Date(row.completed_at),
    periodStart: row.period_start,
    periodEnd: row.period_end,
  }));
  const start = orders.findLastIndex((o) => o.kind === 'new' || o.kind === 'reactivation');
  if (start < 0) return null;
  return {
    purchase: orders[start]!,
    // Everything after the latest purchase is an upgrade of it.
    paid: orders.slice(start).filter((o) => o.amountOre > 0 && o.paymentId !== null),
  };
}

/**
 * The facts of the right of the subscription numbered by the SQL expression `subscriptionNo`
 * within the account `ariaAccountNo` (SQL too), as one json array for a read composed into
 * another statement (overview.ts): its paid orders, oldest first, each saying whether a
 * withdrawal used it. usableRight judges them with the subscription's engine state.
 */
export const rightFactsSql = (subscriptionNo: string, ariaAccountNo: string) =>
  `select coalesce(json_agg(o order by o.completed_at, o.order_no), '[]'::json)
     from (select paid.*,
                  exists (select 1 from withdrawals w where w.order_id = paid.order_id) as withdrawn
             from (${paidOrdersOf(subscriptionNo, ariaAccountNo)}) paid) o`;

/**
 * The right while it can be used now (AVAILABLE): its last day and what withdrawing today
 * gives back; null otherwise. From the facts rightFactsSql answered and the subscription's
 * status, by the same rule as withdrawalRight.
 */
export function usableRight(
  facts: readonly Record<string, unknown>[],
  status: StatusCode,
  now: Date,
): { readonly lastDay: string; readonly refundOre: number } | null {
  const rows = facts as readonly (PaidOrderRow & { withdrawn: boolean })[];
  const purchase = rightPurchaseIn(rows);
  if (!purchase) return null;
  const withdrawn = rows.some((r) => r.order_id === purchase.purchase.orderId && r.withdrawn);
  const today = osloDateOf(now);
  if (standing(purchase, status, withdrawn, today) !== 'AVAILABLE') return null;
  return {
    lastDay: lastDayOfRight(purchase.purchase.completedAt),
    refundOre: refundToday(purchase.paid, today).refundOre,
  };
}

/** Where the right of an online purchase stands (see WithdrawalStatus). */
function standing(
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

export interface WithdrawalDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly payments: PaymentPort;
  readonly log?: {
    error(obj: object, msg: string): void;
    warn?(obj: object, msg: string): void;
  };
}

interface WithdrawalRow {
  id: number | string;
  reference: string;
  subscription_no: string;
  title_code: string;
  plan_name: string;
  payment_provider: CheckoutMethod;
  amount_paid_ore: number | string;
  refund_ore: number | string;
  withdrawn_at: Date | string;
  receipt_email: string | null;
  [column: string]: unknown;
}

interface RefundRow {
  order_no: number | string;
  kind: PaidOrderKind;
  completed_at: Date | string;
  payment_provider: CheckoutMethod;
  amount_paid_ore: number | string;
  period_days: number;
  days_used: number;
  value_used_ore: number | string;
  refund_ore: number | string;
  status: RefundStatus;
  [column: string]: unknown;
}

const selectWithdrawal = `
  select w.id, w.reference, w.subscription_no, s.title_code, w.plan_name, w.payment_provider,
         w.amount_paid_ore, w.refund_ore, w.withdrawn_at, w.receipt_email
    from withdrawals w
    join subscriptions s on s.subscription_no = w.subscription_no`;

function overall(parts: readonly { readonly refundStatus: RefundStatus }[]): RefundStatus {
  if (parts.some((p) => p.refundStatus === 'FAILED')) return 'FAILED';
  if (parts.some((p) => p.refundStatus === 'PENDING')) return 'PENDING';
  return 'REFUNDED';
}

async function receiptOf(db: Queryable, row: WithdrawalRow): Promise<WithdrawalReceipt> {
  const refunds = await db.query<RefundRow>(
    `select o.order_no, o.kind, o.completed_at, r.payment_provider, r.amount_paid_ore,
            r.period_days, r.days_used, r.value_used_ore, r.refund_ore, r.status
       from withdrawal_refunds r join orders o on o.order_id = r.order_id
      where r.withdrawal_id = $1
      order by o.completed_at, o.order_no`,
    [row.id],
  );
  const parts = refunds.map((r) => ({
    orderReference: orderReference(r.order_no),
    kind: r.kind,
    paidAt: new Date(r.completed_at).toISOString(),
    amountPaidOre: Number(r.amount_paid_ore),
    periodDays: Number(r.period_days),
    daysUsed: Number(r.days_used),
    valueUsedOre: Number(r.value_used_ore),
    refundOre: Number(r.refund_ore),
    refundTo: r.payment_provider,
    refundStatus: r.status,
  }));
  return {
    reference: row.reference,
    subscriptionNo: row.subscription_no,
    titleCode: row.title_code,
    planName: row.plan_name,
    endedAt: new Date(row.withdrawn_at).toISOString(),
    amountPaidOre: Number(row.amount_paid_ore),
    refundOre: Number(row.refund_ore),
    refundTo: row.payment_provider,
    refundStatus: overall(parts),
    receiptEmail: row.receipt_email,
    parts,
  };
}

/** The withdrawal of a purchase (the order that started the right), if it was withdrawn. */
async function withdrawalOfPurchase(db: Queryable, orderId: string) {
  const [row] = await db.query<WithdrawalRow>(`${selectWithdrawal} where w.order_id = $1`, [
    orderId,
  ]);
  return row ?? null;
}

async function withdrawalById(db: Queryable, id: number | string) {
  const [row] = await db.query<WithdrawalRow>(`${selectWithdrawal} where w.id = $1`, [id]);
  return row!;
}

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
  const due = await deps.db.query<{ id: number | string }>(
    `select id from withdrawal_refunds where withdrawal_id = $1 and status = 'PENDING' order by id`,
    [id],
  );
  for (const refund of due) await sendRefundSafely(deps, refund.id);
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
  const [inserted] = await tx.query<{ id: number | string }>(
    `insert into withdrawals (reference, subscription_no, aria_account_no, order_id, event_id,
       plan_name, payment_provider, amount_paid_ore, refund_ore, receipt_email, withdrawn_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     returning id`,
    [
      reference,
      subscriptionNo,
      reader.ariaAccountNo,
      bought.orderId,
      applied.eventId,
      applied.subscription.planName,
      bought.paymentProvider,
      refund.amountPaidOre,
      refund.refundOre,
      profile.email,
      now.toISOString(),
    ],
  );
  const id = inserted!.id;
  for (const part of refund.parts) {
    // Nothing to send for a part whose whole period is used.
    const nothingToSend = part.refundOre === 0;
    await tx.query(
      `insert into withdrawal_refunds (withdrawal_id, order_id, payment_id, payment_provider,
         amount_paid_ore, period_days, days_used, value_used_ore, refund_ore, status,
         next_attempt_at, refunded_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        part.order.orderId,
        part.order.paymentId,
        part.order.paymentProvider,
        part.order.amountOre,
        part.periodDays,
        part.daysUsed,
        part.valueUsedOre,
        part.refundOre,
        nothingToSend ? 'REFUNDED' : 'PENDING',
        nothingToSend ? null : now.toISOString(),
        nothingToSend ? now.toISOString() : null,
      ],
    );
    await recordOrderRefund(tx, { orderId: part.order.orderId, amountOre: part.refundOre, now });
  }
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

/** The idempotency key of one refund at the provider. */
export const refundKey = (withdrawalId: number | string, paymentId: string) =>
  `withdrawal:${withdrawalId}:${paymentId}`;

/**
 * What a provider's refusal is: an answer about the refund itself (not captured, more than was
 * paid, an unknown payment, a reused key) is final; an outside system that did not answer
 * (`upstream`, rate limits, credentials, a network error that is no DomainError) is worth
 * another try. Adapters throw DomainError with these kinds (errors.ts).
 */
const finalRefusals: ReadonlySet<DomainErrorKind> = new Set([
  'invalid',
  'not-found',
  'conflict',
  'unprocessable',
]);
const isRefusal = (error: unknown) => error instanceof DomainError && finalRefusals.has(error.kind);

interface ClaimedRefund {
  id: number | string;
  withdrawal_id: number | string;
  reference: string;
  order_id: string;
  payment_id: string;
  refund_ore: number | string;
  attempts: number;
  next_attempt_at: Date | string;
  [column: string]: unknown;
}

/**
 * Sends one pending refund that is due, once by its idempotency key. The attempt is claimed
 * first (attempts + 1, the next attempt moved on by the backoff), so two instances never send
 * it at the same moment and a crash mid-way is retried after the backoff. Answers its status
 * afterwards (null: not due, or another instance has it).
 */
async function sendRefund(deps: WithdrawalDeps, id: number | string): Promise<RefundStatus | null> {
  const now = deps.clock.now();
  const [claimed] = await deps.db.query<ClaimedRefund>(
    `update withdrawal_refunds
        set attempts = attempts + 1,
            next_attempt_at = $2::timestamptz
              + least($3 * power(2, attempts), $4) * interval '1 second'
      where id = $1 and status = 'PENDING' and next_attempt_at <= $2::timestamptz
      returning id, withdrawal_id, order_id, payment_id, refund_ore, attempts, next_attempt_at,
                (select w.reference from withdrawals w where w.id = withdrawal_id) as reference`,
    [id, now.toISOString(), REFUND_FIRST_RETRY_SECONDS, REFUND_MAX_RETRY_SECONDS],
  );
  if (!claimed) return null;
  const facts = {
    withdrawal: claimed.reference,
    orderId: claimed.order_id,
    paymentId: claimed.payment_id,
    refundOre: Number(claimed.refund_ore),
    attempts: claimed.attempts,
  };
  try {
    await deps.payments.refundPayment(
      claimed.payment_id,
      Number(claimed.refund_ore),
      refundKey(claimed.withdrawal_id, claimed.payment_id),
    );
  } catch (error) {
    const refused = isRefusal(error);
    const detail = error instanceof Error ? error.message : String(error);
    if (refused || claimed.attempts >= REFUND_MAX_ATTEMPTS) {
      await deps.db.query(
        `update withdrawal_refunds
            set status = 'FAILED', failed_at = $2, next_attempt_at = null, last_error = $3
          where id = $1 and status = 'PENDING'`,
        [id, now.toISOString(), detail],
      );
      deps.log?.error(
        { ...facts, customerService: true, err: error },
        refused
          ? 'withdrawal refund refused by the provider: customer service must refund it by hand and contact the reader'
          : `withdrawal refund failed ${claimed.attempts} times: customer service must refund it by hand and contact the reader`,
      );
      return 'FAILED';
    }
    await deps.db.query('update withdrawal_refunds set last_error = $2 where id = $1', [
      id,
      detail,
    ]);
    const retry = { ...facts, nextAttemptAt: new Date(claimed.next_attempt_at).toISOString() };
    if (deps.log?.warn)
      deps.log.warn(
        { ...retry, err: error },
        'withdrawal refund failed; the background work tries again',
      );
    else
      deps.log?.error(
        { ...retry, err: error },
        'withdrawal refund failed; the background work tries again',
      );
    return 'PENDING';
  }
  await deps.db.query(
    `update withdrawal_refunds
        set status = 'REFUNDED', refunded_at = $2, next_attempt_at = null, last_error = null
      where id = $1 and status = 'PENDING'`,
    [id, now.toISOString()],
  );
  return 'REFUNDED';
}

/** One refund's trouble (the database, say) never stops the others. */
async function sendRefundSafely(deps: WithdrawalDeps, id: number | string) {
  try {
    return await sendRefund(deps, id);
  } catch (error) {
    deps.log?.error({ refundId: id, err: error }, 'withdrawal refund could not be sent');
    return null;
  }
}

/**
 * Sends the refunds that are due (background work, safe on several instances: each attempt is
 * claimed, and the provider's idempotency key makes each refund once), the longest waiting
 * first. Answers how many were refunded.
 */
export async function retryPendingRefunds(deps: WithdrawalDeps, limit = 50): Promise<number> {
  const due = await deps.db.query<{ id: number | string }>(
    `select id from withdrawal_refunds
      where status = 'PENDING' and next_attempt_at <= $1
      order by next_attempt_at, id limit $2`,
    [deps.clock.now().toISOString(), limit],
  );
  let sent = 0;
  for (const refund of due) if ((await sendRefundSafely(deps, refund.id)) === 'REFUNDED') sent += 1;
  return sent;
}

// ---------------------------------------------------------------- the receipt e-mail

const words = {
  nb: {
    ended: (plan: string, title: string, date: string) =>
      `Du har brukt angreretten. Vi har avsluttet ${plan} hos ${title} ${date}.`,
    to: { VIPPS: 'Vipps', 'SWEDBANK-PPG': 'betalingskortet du betalte med' },
    when: 'Det tar vanligvis 3–5 virkedager før pengene er på kontoen din.',
    back: (amount: string, to: string) => `Vi betaler tilbake ${amount} til ${to}.`,
    backInAll: (amount: string) => `Vi betaler tilbake ${amount} i alt.`,
    nothing: 'Det er ikke noe å betale tilbake.',
    used: (paid: string, used: string, days: number, periodDays: number) =>
      `Du betalte ${paid}. Av det går ${used} til de ${days} dagene du har hatt abonnementet, av ${periodDays} dager i perioden.`,
    whole: (paid: string) => `Du betalte ${paid} og får hele beløpet tilbake.`,
    paidInAll: (paid: string, count: number) => `Du betalte ${paid} i alt, i ${count} betalinger:`,
    kind: { new: 'Kjøpet', reactivation: 'Reaktiveringen', upgrade: 'Oppgraderingen' },
    part: (kind: string, date: string, paid: string) => `${kind} ${date}: du betalte ${paid}.`,
    partUsed: (used: string, days: number, periodDays: number) =>
      `${used} går til ${days} av ${periodDays} dager i perioden.`,
    partBack: (amount: string, to: string) => `Du får tilbake ${amount} til ${to}.`,
    reference: 'Referanse',
  },
  nn: {
    ended: (plan: string, title: string, date: string) =>
      `Du har brukt angreretten. Vi har avslutta ${plan} hos ${title} ${date}.`,
    to: { VIPPS: 'Vipps', 'SWEDBANK-PPG': 'betalingskortet du betalte med' },
    when: 'Det tek vanlegvis 3–5 vyrkedagar før pengane er på kontoen din.',
    back: (amount: string, to: string) => `Vi betaler tilbake ${amount} til ${to}.`,
    backInAll: (amount: string) => `Vi betaler tilbake ${amount} i alt.`,
    nothing: 'Det er ikkje noko å betale tilbake.',
    used: (paid: string, used: string, days: number, periodDays: number) =>
      `Du betalte ${paid}. Av det går ${used} til dei ${days} dagane du har hatt abonnementet, av ${periodDays} dagar i perioden.`,
    whole: (paid: string) => `Du betalte ${paid} og får heile beløpet tilbake.`,
    paidInAll: (paid: string, count: number) => `Du betalte ${paid} i alt, i ${count} betalingar:`,
    kind: { new: 'Kjøpet', reactivation: 'Reaktiveringa', upgrade: 'Oppgraderinga' },
    part: (kind: string, date: string, paid: string) => `${kind} ${date}: du betalte ${paid}.`,
    partUsed: (used: string, days: number, periodDays: number) =>
      `${used} går til ${days} av ${periodDays} dagar i perioden.`,
    partBack: (amount: string, to: string) => `Du får tilbake ${amount} til ${to}.`,
    reference: 'Referanse',
  },
} as const;

/**
 * The receipt in the title's language (bokmål, or nynorsk for the nynorsk titles): what ended,
 * what comes back in all and, with more than one payment, each payment and where its money goes.
 */
export function receiptEmail(input: {
  readonly titleCode: string;
  readonly planName: string;
  readonly firstName: string | null;
  readonly today: string;
  readonly refund: RefundToday;
  readonly reference: string;
}): Letter {
  const title = getPublication(input.titleCode);
  const w = words[title.language === 'nn' ? 'nn' : 'nb'];
  const r = input.refund;
  const greeting = input.firstName ? `Hei ${input.firstName},` : 'Hei,';
  const amounts: string[] = [];
  const [only] = r.parts;
  if (r.parts.length <= 1) {
    amounts.push(
      r.refundOre > 0 && only
        ? `${w.back(kroner(r.refundOre), w.to[only.order.paymentProvider])} ${w.when}`
        : w.nothing,
    );
    if (only)
      amounts.push(
        only.daysUsed > 0
          ? w.used(
              kroner(r.amountPaidOre),
              kroner(only.valueUsedOre),
              only.daysUsed,
              only.periodDays,
            )
          : w.whole(kroner(r.amountPaidOre)),
      );
  } else {
    amounts.push(r.refundOre > 0 ? `${w.backInAll(kroner(r.refundOre))} ${w.when}` : w.nothing);
    amounts.push(w.paidInAll(kroner(r.amountPaidOre), r.parts.length));
    for (const p of r.parts)
      amounts.push(
        [
          `- ${w.part(w.kind[p.order.kind], longDate(osloDateOf(p.order.completedAt), title.language), kroner(p.order.amountOre))}`,
          p.daysUsed > 0 ? w.partUsed(kroner(p.valueUsedOre), p.daysUsed, p.periodDays) : null,
          w.partBack(kroner(p.refundOre), w.to[p.order.paymentProvider]),
        ]
          .filter(Boolean)
          .join(' '),
      );
  }
  // "Kvittering" and "angreretten" are the same words in bokmål and nynorsk.
  return {
    titleCode: input.titleCode,
    subject: `Kvittering: Du har brukt angreretten hos ${title.displayName}`,
    greeting,
    blocks: [
      {
        kind: 'paragraph',
        lines: [w.ended(input.planName, title.displayName, longDate(input.today, title.language))],
      },
      { kind: 'paragraph', lines: amounts },
      { kind: 'paragraph', lines: [`${w.reference}: ${input.reference}`] },
    ],
  };
}

/** Erasure (privacy/deletion.ts): withdrawals and refunds stay as bookkeeping, the e-mail goes. */
export async function eraseWithdrawalContacts(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query('update withdrawals set receipt_email = null where aria_account_no = $1', [
    ariaAccountNo,
  ]);
}

/** The bookkeeping's time is out (privacy/deletion.ts): the account's withdrawals and refunds. */
export async function purgeWithdrawals(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `delete from withdrawal_refunds where withdrawal_id in
       (select id from withdrawals where aria_account_no = $1)`,
    [ariaAccountNo],
  );
  await db.query('delete from withdrawals where aria_account_no = $1', [ariaAccountNo]);
}
