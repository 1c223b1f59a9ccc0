// The records of withdrawals (owner of `withdrawals` and `withdrawal_refunds`): the paid orders a
// right is judged on, the withdrawal and its refunds as written, each refund's attempts at the
// provider, and what erasure and the end of bookkeeping remove.
import type { StatusCode } from '../../../shared/subscription/status';
import { lastDayOfRight } from '../../../shared/subscription/withdrawal';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import type { CheckoutMethod } from '../../payments/port';
import { orderReference } from '../orders/reference';

import {
  REFUND_FIRST_RETRY_SECONDS,
  REFUND_MAX_RETRY_SECONDS,
  refundToday,
  rightPurchaseIn,
  standing,
  type PaidOrder,
  type PaidOrderKind,
  type RefundStatus,
  type RefundToday,
  type RightPurchase,
  type WithdrawalReceipt,
} from './withdrawalRules';

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

function paidOrderOf(row: PaidOrderRow): PaidOrder {
  return {
    orderId: row.order_id,
    reference: orderReference(row.order_no),
    kind: row.kind,
    amountOre: Number(row.amount_ore),
    paymentProvider: row.payment_provider,
    paymentId: row.payment_id,
    completedAt: new Date(row.completed_at),
    periodStart: row.period_start,
    periodEnd: row.period_end,
  };
}

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
  return rightPurchaseIn(rows.map(paidOrderOf));
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
  const purchase = rightPurchaseIn(rows.map(paidOrderOf));
  if (!purchase) return null;
  const withdrawn = rows.some((r) => r.order_id === purchase.purchase.orderId && r.withdrawn);
  const today = osloDateOf(now);
  if (standing(purchase, status, withdrawn, today) !== 'AVAILABLE') return null;
  return {
    lastDay: lastDayOfRight(purchase.purchase.completedAt),
    refundOre: refundToday(purchase.paid, today).refundOre,
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

export async function receiptOf(db: Queryable, row: WithdrawalRow): Promise<WithdrawalReceipt> {
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
export async function withdrawalOfPurchase(db: Queryable, orderId: string) {
  const [row] = await db.query<WithdrawalRow>(`${selectWithdrawal} where w.order_id = $1`, [
    orderId,
  ]);
  return row ?? null;
}

export async function withdrawalById(db: Queryable, id: number | string) {
  const [row] = await db.query<WithdrawalRow>(`${selectWithdrawal} where w.id = $1`, [id]);
  return row!;
}

/** A withdrawal as recorded in the transaction that ends the subscription. */
export interface NewWithdrawal {
  readonly reference: string;
  readonly subscriptionNo: string;
  readonly ariaAccountNo: string;
  /** The purchase that started the right. */
  readonly purchase: PaidOrder;
  readonly eventId: number | string;
  readonly planName: string;
  readonly refund: RefundToday;
  readonly receiptEmail: string | null;
  readonly now: Date;
}

/**
 * Writes the withdrawal and one refund per paid order: PENDING (due now) when there is money to
 * send, REFUNDED at once for a part whose whole period is used. Answers the withdrawal's id.
 */
export async function insertWithdrawal(tx: Queryable, w: NewWithdrawal): Promise<number | string> {
  const now = w.now.toISOString();
  const [inserted] = await tx.query<{ id: number | string }>(
    `insert into withdrawals (reference, subscription_no, aria_account_no, order_id, event_id,
       plan_name, payment_provider, amount_paid_ore, refund_ore, receipt_email, withdrawn_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     returning id`,
    [
      w.reference,
      w.subscriptionNo,
      w.ariaAccountNo,
      w.purchase.orderId,
      w.eventId,
      w.planName,
      w.purchase.paymentProvider,
      w.refund.amountPaidOre,
      w.refund.refundOre,
      w.receiptEmail,
      now,
    ],
  );
  const id = inserted!.id;
  for (const part of w.refund.parts) {
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
        nothingToSend ? null : now,
        nothingToSend ? now : null,
      ],
    );
  }
  return id;
}

/** The refunds of one withdrawal still to be sent. */
export async function pendingRefundIds(
  db: Queryable,
  withdrawalId: number | string,
): Promise<(number | string)[]> {
  const rows = await db.query<{ id: number | string }>(
    `select id from withdrawal_refunds where withdrawal_id = $1 and status = 'PENDING' order by id`,
    [withdrawalId],
  );
  return rows.map((row) => row.id);
}

/** The pending refunds due at `now`, the longest waiting first. */
export async function dueRefundIds(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<(number | string)[]> {
  const rows = await db.query<{ id: number | string }>(
    `select id from withdrawal_refunds
      where status = 'PENDING' and next_attempt_at <= $1
      order by next_attempt_at, id limit $2`,
    [now.toISOString(), limit],
  );
  return rows.map((row) => row.id);
}

/** A refund claimed for one attempt at the provider. */
export interface ClaimedRefund {
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
 * Claims one attempt of a pending refund that is due (attempts + 1, the next attempt moved on by
 * the backoff), so two instances never send it at the same moment and a crash mid-way is retried
 * after the backoff. Null: not due, or another instance has it.
 */
export async function claimRefund(
  db: Queryable,
  id: number | string,
  now: Date,
): Promise<ClaimedRefund | null> {
  const [claimed] = await db.query<ClaimedRefund>(
    `update withdrawal_refunds
        set attempts = attempts + 1,
            next_attempt_at = $2::timestamptz
              + least($3 * power(2, attempts), $4) * interval '1 second'
      where id = $1 and status = 'PENDING' and next_attempt_at <= $2::timestamptz
      returning id, withdrawal_id, order_id, payment_id, refund_ore, attempts, next_attempt_at,
                (select w.reference from withdrawals w where w.id = withdrawal_id) as reference`,
    [id, now.toISOString(), REFUND_FIRST_RETRY_SECONDS, REFUND_MAX_RETRY_SECONDS],
  );
  return claimed ?? null;
}

/** The provider took the refund. */
export async function markRefunded(db: Queryable, id: number | string, now: Date): Promise<void> {
  await db.query(
    `update withdrawal_refunds
        set status = 'REFUNDED', refunded_at = $2, next_attempt_at = null, last_error = null
      where id = $1 and status = 'PENDING'`,
    [id, now.toISOString()],
  );
}

/** The refund is given up: customer service refunds it by hand. */
export async function markRefundFailed(
  db: Queryable,
  id: number | string,
  now: Date,
  detail: string,
): Promise<void> {
  await db.query(
    `update withdrawal_refunds
        set status = 'FAILED', failed_at = $2, next_attempt_at = null, last_error = $3
      where id = $1 and status = 'PENDING'`,
    [id, now.toISOString(), detail],
  );
}

/** An attempt failed and another follows: what went wrong, for customer service. */
export async function noteRefundError(
  db: Queryable,
  id: number | string,
  detail: string,
): Promise<void> {
  await db.query('update withdrawal_refunds set last_error = $2 where id = $1', [id, detail]);
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
