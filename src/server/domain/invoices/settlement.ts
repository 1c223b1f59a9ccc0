// Owns `billing_effects`: the money the lifecycle asks for (one row per billing effect of an
// audit event), the charge an order paid, and the settlement of an open charge or invoice. The
// reader's invoices (invoices.ts) are read from these rows; nothing else writes them.
import type { Period } from '../../../shared/subscription/plans';
import { SubscriptionStatus } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import type { PaymentProvider } from '../../payments/port';
import { suspendedByAnotherInvoice } from '../dunning/dunning';
import type { BillingEffect } from '../subscriptions/engine';
import { applyCommandInTx, type ApplyOptions } from '../subscriptions/lifecycle';

import { INVOICE_NUMBER_OFFSET } from './invoices';

/**
 * Records a job's billing effect once (by its audit event); false when it was recorded before.
 * `stopCreditOre` is the credit for stopped paper issues already taken off `effect.amountOre`
 * (domain/delivery/stopCredits.ts), kept with it. An effect the credit brought to 0 is recorded
 * as paid then and there: no charge, invoice, reminder or payment is ever asked for 0 kr.
 */
export async function recordBillingEffect(
  db: Queryable,
  eventId: number,
  subscriptionNo: string,
  effect: BillingEffect,
  now: Date,
  stopCreditOre = 0,
): Promise<boolean> {
  if (!Number.isInteger(effect.amountOre) || effect.amountOre < 0)
    throw new RangeError(`A billing effect cannot be ${effect.amountOre} øre`);
  const rows = await db.query(
    `insert into billing_effects (event_id, subscription_no, kind, reason, amount_ore,
       period_start, period_end, provider, plan_id, created_at, stop_credit_ore, status,
       settled_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
             case when $5::bigint = 0 then 'paid' else 'open' end,
             case when $5::bigint = 0 then $10::timestamptz end)
     on conflict (event_id) do nothing returning id`,
    [
      eventId,
      subscriptionNo,
      effect.kind,
      effect.reason,
      effect.amountOre,
      effect.periodStart,
      effect.periodEnd,
      effect.provider,
      effect.planId,
      now.toISOString(),
      stopCreditOre,
    ],
  );
  return rows.length > 0;
}

/** The charge an order paid, recorded as paid with its payment, in the order's transaction. */
export async function recordOrderCharge(
  tx: Queryable,
  charge: {
    readonly eventId: number;
    readonly subscriptionNo: string;
    readonly reason: string;
    readonly amountOre: number | string;
    readonly periodStart: string;
    readonly periodEnd: string;
    readonly provider: PaymentProvider;
    /** The card the provider reported for the payment (card payments). */
    readonly maskedCard: string | null;
    readonly paymentId: string | null;
    readonly orderId: string;
    readonly planId: number | string;
    readonly now: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into billing_effects (event_id, subscription_no, kind, reason, amount_ore,
       period_start, period_end, provider, status, payment_id, order_id, settled_at, plan_id,
       created_at, paid_provider, paid_masked_card)
     values ($1, $2, 'charge', $3, $4, $5, $6, $7, 'paid', $8, $9, $10, $11, $10, $7, $12)`,
    [
      charge.eventId,
      charge.subscriptionNo,
      charge.reason,
      charge.amountOre,
      charge.periodStart,
      charge.periodEnd,
      charge.provider,
      charge.paymentId,
      charge.orderId,
      charge.now.toISOString(),
      charge.planId,
      charge.maskedCard,
    ],
  );
}

/**
 * An invoice order settles its billing effect (paid, with the payment and how it was paid: the
 * order's provider and card, whatever the subscription's method is) and brings back a
 * subscription that was suspended for not paying (unless another unpaid invoice keeps it
 * suspended: domain/dunning). An invoice paid meanwhile by other means is
 * refused, so the caller's transaction rolls back and the payment is refunded.
 */
export async function settleInvoice(
  tx: Queryable,
  payment: {
    readonly billingEffectId: number | string | null;
    readonly paymentId: string | null;
    readonly orderId: string;
    readonly provider: PaymentProvider;
    readonly maskedCard: string | null;
  },
  options: ApplyOptions,
): Promise<string> {
  const [effect] = await tx.query<{ subscription_no: string; status: string }>(
    'select subscription_no, status from billing_effects where id = $1 for update',
    [payment.billingEffectId],
  );
  if (!effect || effect.status === 'paid')
    throw new DomainError('conflict', 'INVOICE_PAID', 'The invoice is paid already');
  await tx.query(
    `update billing_effects set status = 'paid', payment_id = $2, order_id = $3, settled_at = $4,
            paid_provider = $5, paid_masked_card = $6
      where id = $1`,
    [
      payment.billingEffectId,
      payment.paymentId,
      payment.orderId,
      options.clock.now().toISOString(),
      payment.provider,
      payment.maskedCard,
    ],
  );
  await resumeWhenPaid(tx, effect.subscription_no, payment.billingEffectId!, options);
  return effect.subscription_no;
}

/**
 * A subscription suspended for not paying comes back once `paidEffectId` is paid (by hand, or a
 * charge the billing job took on a retry or with a new method), unless another unpaid invoice or
 * failed charge whose suspension day has come would only suspend it again (dunning).
 */
export async function resumeWhenPaid(
  tx: Queryable,
  subscriptionNo: string,
  paidEffectId: number | string,
  options: ApplyOptions,
): Promise<boolean> {
  const [subscription] = await tx.query<{ status_code: number }>(
    'select status_code from subscriptions where subscription_no = $1 for update',
    [subscriptionNo],
  );
  if (
    subscription?.status_code !== SubscriptionStatus.SUSPENDED ||
    (await suspendedByAnotherInvoice(
      tx,
      subscriptionNo,
      paidEffectId,
      osloDateOf(options.clock.now()),
    ))
  )
    return false;
  await applyCommandInTx(tx, subscriptionNo, { kind: 'resume' }, options);
  return true;
}

/**
 * Part of an order's paid charge given back (a withdrawal, withdrawal.ts), kept next to what was
 * paid, in the caller's transaction. Refunds of one charge add up, never past what was paid.
 */
export async function recordOrderRefund(
  tx: Queryable,
  refund: { readonly orderId: string; readonly amountOre: number; readonly now: Date },
): Promise<void> {
  if (refund.amountOre <= 0) return;
  const updated = await tx.query(
    `update billing_effects set refunded_ore = refunded_ore + $2, refunded_at = $3
      where order_id = $1 and status = 'paid' and refunded_ore + $2 <= amount_ore
      returning id`,
    [refund.orderId, refund.amountOre, refund.now.toISOString()],
  );
  if (updated.length !== 1)
    throw new DomainError('conflict', 'REFUND_TOO_LARGE', 'The order has no paid charge to refund');
}

/** An invoice of the account as an order pays it; undefined when it is not the account's. */
export async function invoiceToPay(
  db: Queryable,
  ariaInvoiceNo: string,
  ariaAccountNo: string,
): Promise<
  | {
      id: string;
      kind: string;
      amount_ore: string;
      status: string;
      subscription_no: string;
      title_code: string;
      plan_id: string;
      [column: string]: unknown;
    }
  | undefined
> {
  const id = BigInt(ariaInvoiceNo) - BigInt(INVOICE_NUMBER_OFFSET);
  if (!(id > 0n && id < 2n ** 62n)) return undefined;
  const [effect] = await db.query<{
    id: string;
    kind: string;
    amount_ore: string;
    status: string;
    subscription_no: string;
    title_code: string;
    plan_id: string;
    [column: string]: unknown;
  }>(
    `select b.id, b.kind, b.amount_ore, b.status, b.subscription_no, s.title_code,
            coalesce(b.plan_id, s.plan_id) as plan_id
       from billing_effects b join subscriptions s on s.subscription_no = b.subscription_no
      where b.id = $1 and s.aria_account_no = $2`,
    [id.toString(), ariaAccountNo],
  );
  return effect;
}

/** A card or Vipps charge the billing job takes (claimCharges), with what it is charged to now. */
export interface ChargeToTake {
  id: number | string;
  subscription_no: string;
  title_code: string;
  amount_ore: number | string;
  /** The method the charge was billed to. */
  provider: string;
  reason: string;
  plan_name: string;
  period: Period;
  /** The first day of the period charged for: the day it is due. */
  period_start: string | Date;
  status: 'open' | 'pending' | 'failed';
  /** Attempts made so far (a new one is `charge-<id>` first, `charge-<id>-<n>` after). */
  attempts: number;
  /** The provider's payment of the attempt in flight (pending) or the last one. */
  payment_id: string | null;
  /** How the subscription pays now, and its mandate (an agreement id or a card token). */
  payment_provider: string | null;
  payment_agreement_id: string | null;
  [column: string]: unknown;
}

/**
 * Claims up to `limit` charges for the billing job, oldest first, for `leaseSeconds`: the open
 * ones (to charge), the pending ones (to ask the provider about) and the failed ones whose retry
 * is due. Another run (this instance or another) does not take them meanwhile; a claim whose
 * lease ran out (the instance died mid-charge) is taken again.
 */
export function claimCharges(
  db: Queryable,
  providers: readonly string[],
  limit: number,
  now: Date,
  leaseSeconds: number,
  /** Only the pending charge with this provider payment (a provider's event names it). */
  paymentId: string | null = null,
): Promise<ChargeToTake[]> {
  return db.query<ChargeToTake>(
    `with claimed as (
       update billing_effects b set claimed_until = $3::timestamptz + make_interval(secs => $4)
        where b.id in (
          select id from billing_effects
           where kind = 'charge' and amount_ore > 0 and provider = any($1::text[])
             and (status in ('open', 'pending')
                  or (status = 'failed' and retry_at is not null and retry_at <= $3::timestamptz))
             and (claimed_until is null or claimed_until <= $3::timestamptz)
             and ($5::text is null or (status = 'pending' and payment_id = $5))
           order by id limit $2
             for update skip locked)
       returning b.id, b.subscription_no, b.amount_ore, b.provider, b.reason, b.period_start,
                 b.status, b.attempts, b.payment_id)
     select c.id, c.subscription_no, s.title_code, c.amount_ore, c.provider, c.reason, p.plan_name,
            p.period, c.period_start, c.status, c.attempts, c.payment_id, s.payment_provider,
            s.payment_agreement_id
       from claimed c
       join subscriptions s on s.subscription_no = c.subscription_no
       join plans p on p.id = s.plan_id
      order by c.id`,
    [[...providers], limit, now.toISOString(), leaseSeconds, paymentId],
  );
}

/** What became of one attempt at a charge (jobs/billing.ts). */
export type ChargeOutcome =
  | {
      readonly status: 'paid';
      readonly paymentId: string;
      /** The method and card the provider charged. */
      readonly provider: PaymentProvider;
      readonly maskedCard: string | null;
    }
  | { readonly status: 'pending'; readonly paymentId: string }
  | {
      readonly status: 'failed';
      readonly paymentId: string | null;
      /** payments/port.ts ChargeFailure, or NO_MANDATE: nothing to charge it to. */
      readonly failure: string;
      /** When it is tried again by itself; null: only a new method or a payment by hand. */
      readonly retryAt: Date | null;
    };

/**
 * Keeps the outcome of an attempt (`attempted`: a new charge was asked for, not a pending one
 * followed up) and ends the claim. False when the charge was paid meanwhile (by hand): the
 * caller gives back what this attempt captured.
 */
export async function recordChargeOutcome(
  db: Queryable,
  id: number | string,
  outcome: ChargeOutcome,
  attempted: boolean,
  now: Date,
): Promise<boolean> {
  const paid = outcome.status === 'paid';
  const updated = await db.query(
    `update billing_effects set status = $2, payment_id = $3,
            attempts = attempts + $4::int,
            settled_at = case when $2 = 'paid' then $5::timestamptz end,
            paid_provider = case when $2 = 'paid' then $6::text end,
            paid_masked_card = case when $2 = 'paid' then $7::text end,
            failure = case when $2 = 'failed' then $8::text end,
            retry_at = $9::timestamptz,
            claimed_until = null
      where id = $1 and status <> 'paid'
      returning id`,
    [
      id,
      outcome.status,
      outcome.paymentId,
      attempted ? 1 : 0,
      now.toISOString(),
      paid ? outcome.provider : null,
      paid ? outcome.maskedCard : null,
      outcome.status === 'failed' ? outcome.failure : null,
      outcome.status === 'failed' && outcome.retryAt ? outcome.retryAt.toISOString() : null,
    ],
  );
  return updated.length > 0;
}

/** Ends a claim without an outcome (the provider could not be asked): taken again next run. */
export async function releaseCharge(db: Queryable, id: number | string): Promise<void> {
  await db.query('update billing_effects set claimed_until = null where id = $1', [id]);
}

/**
 * A failed charge brought over with its history (the demo data): how often it was tried, and
 * when it is tried next (null: not by itself).
 */
export async function importChargeAttempts(
  db: Queryable,
  id: number | string,
  attempts: number,
  retryAt: Date | null,
): Promise<void> {
  await db.query(
    `update billing_effects set attempts = $2, retry_at = $3 where id = $1 and status = 'failed'`,
    [id, attempts, retryAt?.toISOString() ?? null],
  );
}

/** Whether a card or Vipps charge of the subscription failed and is not paid yet. */
export async function hasFailedCharge(db: Queryable, subscriptionNo: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from billing_effects
      where subscription_no = $1 and kind = 'charge' and status = 'failed' limit 1`,
    [subscriptionNo],
  );
  return rows.length > 0;
}

/**
 * The subscription's failed charges are tried again at the next run (a new payment method was
 * approved): due now, with the attempts they had.
 */
export async function retryFailedCharges(
  db: Queryable,
  subscriptionNo: string,
  now: Date,
): Promise<number> {
  const rows = await db.query(
    `update billing_effects set retry_at = $2
      where subscription_no = $1 and kind = 'charge' and status = 'failed'
      returning id`,
    [subscriptionNo, now.toISOString()],
  );
  return rows.length;
}

/**
 * The outcome of a charge or invoice settled otherwise than by the billing job (the demo data, a
 * payment outside): paid, with the payment, or failed. False when it was paid already.
 */
export async function settleCharge(
  db: Queryable,
  id: number | string,
  status: 'paid' | 'failed',
  paymentId: string | null,
  now: Date,
  maskedCard: string | null = null,
): Promise<boolean> {
  const updated = await db.query(
    `update billing_effects set status = $2, payment_id = $3, settled_at = $4,
            paid_provider = case when $2 = 'paid' then provider end,
            paid_masked_card = case when $2 = 'paid' then $5::text end,
            claimed_until = null
      where id = $1 and status <> 'paid'
      returning id`,
    [id, status, paymentId, now.toISOString(), maskedCard],
  );
  return updated.length > 0;
}

/** Erasure (privacy/deletion.ts): invoices and payments stay as bookkeeping, the card number goes. */
export async function eraseBillingDetails(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `update billing_effects set paid_masked_card = null where subscription_no in
       (select subscription_no from subscriptions where aria_account_no = $1)`,
    [ariaAccountNo],
  );
}

/** The bookkeeping's time is out (privacy/deletion.ts): the account's invoices and payments. */
export async function purgeBilling(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `delete from billing_effects where subscription_no in
       (select subscription_no from subscriptions where aria_account_no = $1)`,
    [ariaAccountNo],
  );
}
