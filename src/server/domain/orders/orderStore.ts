// The orders as kept (owner of `orders`): what an order is, how it is read, and every write to
// it: placed, given its payment or agreement, ended, completed, captured, imported, erased. The
// rules of placing and completing live in orders.ts and orderCompletion.ts and write through here.
import { createHash } from 'node:crypto';

import type { Period } from '../../../shared/subscription/plans';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import type { CheckoutMethod } from '../../payments/port';
import type { DeliveryAddress } from '../accounts/accounts';
import { INVOICE_NUMBER_OFFSET } from '../invoices/invoices';

import type { OrderInput, OrderKind, Quote } from './pricing';
import { orderNoOfReference, orderReference } from './reference';

export type OrderStatus = 'PENDING' | 'COMPLETED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';
export type FailureReason = 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'VERIFICATION_FAILED';

export interface Order {
  readonly orderId: string;
  /** The short reference on receipts, for the customer centre (reference.ts). */
  readonly reference: string;
  readonly kind: OrderKind | 'invoice';
  readonly status: OrderStatus;
  readonly titleCode: string;
  readonly ariaPlanID: string;
  readonly planName: string;
  readonly period: Period;
  readonly amount: number;
  readonly currency: 'NOK';
  readonly paymentProvider: CheckoutMethod;
  readonly redirectUrl: string | null;
  readonly subscriptionNo: string | null;
  readonly failureReason: FailureReason | null;
  readonly createdAt: string;
  readonly completedAt: string | null;
  /** The invoice an `invoice` order pays. */
  readonly ariaInvoiceNo: string | null;
  /** The introductory offer the order was priced with (decided when it was placed). */
  readonly offer: OrderOffer | null;
}

export type OrderOffer = 'FIRST_MONTH_1KR' | 'REACTIVATION_3_FOR_1';

export interface CreateOrderInput extends OrderInput {
  readonly paymentProvider: CheckoutMethod;
  readonly deliveryAddress?: DeliveryAddress;
  /**
   * The reader ticked "use this card (or Vipps) for future charges": an upgrade or reactivation
   * then changes the subscription's stored method. Otherwise a one-off payment never does.
   */
  readonly useForFutureCharges?: boolean;
}

export interface OrderRow {
  order_id: string;
  order_no: number | string;
  use_for_future_charges: boolean;
  aria_account_no: string;
  idempotency_key: string;
  request_hash: string;
  kind: OrderKind | 'invoice';
  billing_effect_id: number | string | null;
  title_code: string;
  plan_id: number | string;
  aria_plan_id: string;
  plan_name: string;
  period: Period;
  subscription_no: string | null;
  amount_ore: number | string;
  currency: string;
  offer: OrderOffer | null;
  discount_code: string | null;
  quote: Quote;
  payment_provider: CheckoutMethod;
  payment_id: string | null;
  /** An order of 0 kr: the agreement the reader approves so renewals have a mandate. */
  agreement_id: string | null;
  redirect_url: string | null;
  status: OrderStatus;
  failure_reason: FailureReason | null;
  delivery_address: DeliveryAddress | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  payment_captured_at: Date | string | null;
  [column: string]: unknown;
}

const selectOrder = `
  select o.order_id, o.order_no, o.use_for_future_charges, o.aria_account_no, o.idempotency_key, o.request_hash, o.kind, o.title_code,
         o.plan_id, p.aria_plan_id, p.plan_name, p.period, o.subscription_no, o.amount_ore,
         o.currency, o.offer, o.discount_code, o.quote, o.payment_provider, o.payment_id,
         o.agreement_id, o.redirect_url, o.status, o.failure_reason,
         o.delivery_address, o.created_at, o.completed_at, o.payment_captured_at,
         o.billing_effect_id
    from orders o join plans p on p.id = o.plan_id`;

export function toOrder(row: OrderRow): Order {
  return {
    orderId: row.order_id,
    reference: orderReference(row.order_no),
    kind: row.kind,
    status: row.status,
    titleCode: row.title_code,
    ariaPlanID: row.aria_plan_id,
    planName: row.plan_name,
    period: row.period,
    amount: Number(row.amount_ore),
    currency: 'NOK',
    paymentProvider: row.payment_provider,
    redirectUrl: row.status === 'PENDING' ? row.redirect_url : null,
    subscriptionNo: row.subscription_no,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    ariaInvoiceNo:
      row.billing_effect_id === null
        ? null
        : String(INVOICE_NUMBER_OFFSET + Number(row.billing_effect_id)),
    offer: row.offer,
  };
}

export async function orderRow(
  db: Queryable,
  orderId: string,
  ariaAccountNo: string | null,
  lock = false,
): Promise<OrderRow> {
  const [row] = await db.query<OrderRow>(
    `${selectOrder} where o.order_id = $1 and ($2::text is null or o.aria_account_no = $2)
     ${lock ? 'for update of o' : ''}`,
    [orderId, ariaAccountNo],
  );
  // Another user's order is not found: its existence is not revealed.
  if (!row) throw new DomainError('not-found', 'ORDER_NOT_FOUND', 'No such order');
  return row;
}

export async function getOrder(
  db: Queryable,
  orderId: string,
  ariaAccountNo: string,
): Promise<Order> {
  return toOrder(await orderRow(db, orderId, ariaAccountNo));
}

/** Key order of objects made canonical, so the same body always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

/** The hash kept with an order, so that a key sent again with another body is recognised. */
export function requestHash(input: CreateOrderInput): string {
  // Not choosing is choosing no: an absent and a false useForFutureCharges are the same body.
  const { useForFutureCharges, ...rest } = input;
  return createHash('sha256')
    .update(JSON.stringify(canonical(useForFutureCharges ? input : rest)))
    .digest('hex');
}

/** The order placed earlier with this idempotency key by this account, if any. */
export async function orderByKey(
  db: Queryable,
  ariaAccountNo: string,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.query<OrderRow>(
    `${selectOrder} where o.aria_account_no = $1 and o.idempotency_key = $2`,
    [ariaAccountNo, idempotencyKey],
  );
  return row;
}

/** A new order as priced (createOrder). */
export interface NewOrder {
  readonly orderId: string;
  readonly ariaAccountNo: string;
  readonly idempotencyKey: string;
  readonly requestHash: string;
  readonly kind: OrderKind;
  readonly planId: number | string;
  readonly subscriptionNo: string | null;
  readonly quote: Quote;
  readonly paymentProvider: CheckoutMethod;
  readonly deliveryAddress: DeliveryAddress | null | undefined;
  readonly useForFutureCharges: boolean;
  readonly now: Date;
}

/**
 * Stores a new PENDING order; false when another order got there first (the same key, or another
 * open order of the account, title and kind: unique index orders_one_open_per_kind).
 */
export async function insertOrder(db: Queryable, order: NewOrder): Promise<boolean> {
  const inserted = await db.query<{ order_id: string }>(
    `insert into orders (order_id, aria_account_no, idempotency_key, request_hash, kind,
       title_code, plan_id, subscription_no, amount_ore, offer, discount_code, quote,
       payment_provider, delivery_address, created_at, use_for_future_charges)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14::jsonb, $15, $16)
     on conflict do nothing
     returning order_id`,
    [
      order.orderId,
      order.ariaAccountNo,
      order.idempotencyKey,
      order.requestHash,
      order.kind,
      order.quote.titleCode,
      order.planId,
      order.subscriptionNo,
      order.quote.amount,
      order.quote.offer,
      order.quote.discount?.discountCode ?? null,
      JSON.stringify(order.quote),
      order.paymentProvider,
      order.deliveryAddress ? JSON.stringify(order.deliveryAddress) : null,
      order.now.toISOString(),
      order.useForFutureCharges,
    ],
  );
  return inserted.length > 0;
}

/** A PENDING order of kind `invoice` paying one billing effect; false when the key was taken. */
export async function insertInvoiceOrder(
  db: Queryable,
  order: {
    readonly orderId: string;
    readonly ariaAccountNo: string;
    readonly idempotencyKey: string;
    readonly requestHash: string;
    readonly titleCode: string;
    readonly planId: number | string;
    readonly subscriptionNo: string;
    readonly amountOre: number | string;
    readonly paymentProvider: CheckoutMethod;
    readonly billingEffectId: number | string;
    readonly now: Date;
  },
): Promise<boolean> {
  const inserted = await db.query<{ order_id: string }>(
    `insert into orders (order_id, aria_account_no, idempotency_key, request_hash, kind,
       title_code, plan_id, subscription_no, amount_ore, quote, payment_provider,
       billing_effect_id, created_at)
     values ($1, $2, $3, $4, 'invoice', $5, $6, $7, $8, '{}'::jsonb, $9, $10, $11)
     on conflict (aria_account_no, idempotency_key) do nothing
     returning order_id`,
    [
      order.orderId,
      order.ariaAccountNo,
      order.idempotencyKey,
      order.requestHash,
      order.titleCode,
      order.planId,
      order.subscriptionNo,
      order.amountOre,
      order.paymentProvider,
      order.billingEffectId,
      order.now.toISOString(),
    ],
  );
  return inserted.length > 0;
}

/** The account's open orders of this title and kind but the one placed with `idempotencyKey`. */
export async function openOrderIds(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
  kind: OrderKind,
  idempotencyKey: string,
): Promise<string[]> {
  const rows = await db.query<{ order_id: string }>(
    `select order_id from orders
      where aria_account_no = $1 and title_code = $2 and kind = $3 and status = 'PENDING'
        and idempotency_key <> $4`,
    [ariaAccountNo, titleCode, kind, idempotencyKey],
  );
  return rows.map((row) => row.order_id);
}

/** Gives a pending order its payment at the provider; false when it had one or has ended. */
export async function attachPayment(
  db: Queryable,
  orderId: string,
  payment: { readonly paymentId: string; readonly redirectUrl: string | null },
): Promise<boolean> {
  const attached = await db.query<{ order_id: string }>(
    `update orders set payment_id = $2, redirect_url = $3
      where order_id = $1 and payment_id is null and status = 'PENDING'
      returning order_id`,
    [orderId, payment.paymentId, payment.redirectUrl],
  );
  return attached.length > 0;
}

/** Gives a pending order of 0 kr the agreement the reader approves at the provider. */
export async function attachAgreement(
  db: Queryable,
  orderId: string,
  agreement: { readonly agreementId: string; readonly redirectUrl: string | null },
): Promise<void> {
  await db.query(
    `update orders set agreement_id = $2, redirect_url = $3
      where order_id = $1 and agreement_id is null and status = 'PENDING'`,
    [orderId, agreement.agreementId, agreement.redirectUrl],
  );
}

/** Ends a pending order without completing it (a pending one only: never a completed one). */
export async function finish(
  db: Queryable,
  orderId: string,
  status: Exclude<OrderStatus, 'PENDING' | 'COMPLETED'>,
  reason: FailureReason,
  now: Date,
): Promise<void> {
  await db.query(
    `update orders set status = $2, failure_reason = $3, completed_at = $4
      where order_id = $1 and status = 'PENDING'`,
    [orderId, status, reason, now.toISOString()],
  );
}

/** Ends a pending order that has no payment at the provider yet; false when it has one now. */
export async function cancelUnsentOrder(db: Queryable, orderId: string, now: Date) {
  const ended = await db.query(
    `update orders set status = 'CANCELLED', failure_reason = 'CANCELLED', completed_at = $2
      where order_id = $1 and status = 'PENDING' and payment_id is null
      returning order_id`,
    [orderId, now.toISOString()],
  );
  return ended.length > 0;
}

/** Marks a locked order completed for `subscriptionNo` (captured at once when `captured`). */
export async function markCompleted(
  tx: Queryable,
  orderId: string,
  subscriptionNo: string,
  now: Date,
  captured: boolean,
): Promise<void> {
  await tx.query(
    `update orders set status = 'COMPLETED', subscription_no = $2, completed_at = $3,
            redirect_url = null,
            payment_captured_at = case when $4 then $3::timestamptz end
      where order_id = $1`,
    [orderId, subscriptionNo, now.toISOString(), captured],
  );
}

/** The reserved money of a completed order was taken. */
export async function markCaptured(db: Queryable, orderId: string, now: Date): Promise<void> {
  await db.query(
    `update orders set payment_captured_at = $2 where order_id = $1 and payment_captured_at is null`,
    [orderId, now.toISOString()],
  );
}

/**
 * The order with this short reference, whoever placed it (the customer centre looks it up by
 * the reference the reader gives); null when the reference is not one or no order has it.
 */
export async function findOrderByReference(
  db: Queryable,
  reference: string,
): Promise<Order | null> {
  const orderNo = orderNoOfReference(reference);
  if (orderNo === null) return null;
  const [row] = await db.query<OrderRow>(`${selectOrder} where o.order_no = $1`, [
    orderNo.toString(),
  ]);
  return row ? toOrder(row) : null;
}

/** The order a provider payment belongs to (callbacks name the payment). */
export async function orderIdOfPayment(db: Queryable, paymentId: string): Promise<string | null> {
  const [row] = await db.query<{ order_id: string }>(
    'select order_id from orders where payment_id = $1',
    [paymentId],
  );
  return row?.order_id ?? null;
}

/**
 * An online order completed before this start (the demo data's recent purchase), stored as the
 * completion writes it: COMPLETED, with its subscription, payment and quote. Answers its id.
 */
export async function importCompletedOrder(
  tx: Queryable,
  order: {
    readonly orderId: string;
    readonly ariaAccountNo: string;
    readonly subscriptionNo: string;
    readonly planId: number;
    readonly quote: Quote;
    readonly paymentProvider: CheckoutMethod;
    readonly paymentId: string;
    readonly createdAt: Date;
    readonly completedAt: Date;
  },
): Promise<string> {
  const input: CreateOrderInput = {
    kind: 'new',
    titleCode: order.quote.titleCode,
    ariaPlanID: order.quote.ariaPlanID,
    period: order.quote.period,
    paymentProvider: order.paymentProvider,
  };
  await tx.query(
    `insert into orders (order_id, aria_account_no, idempotency_key, request_hash, kind,
       title_code, plan_id, subscription_no, amount_ore, offer, quote, payment_provider,
       payment_id, status, created_at, completed_at, payment_captured_at)
     values ($1, $2, $3, $4, 'new', $5, $6, $7, $8, $9, $10::jsonb, $11, $12, 'COMPLETED', $13,
             $14, $14)`,
    [
      order.orderId,
      order.ariaAccountNo,
      `imported-${order.orderId}`,
      requestHash(input),
      order.quote.titleCode,
      order.planId,
      order.subscriptionNo,
      order.quote.amount,
      order.quote.offer,
      JSON.stringify(order.quote),
      order.paymentProvider,
      order.paymentId,
      order.createdAt.toISOString(),
      order.completedAt.toISOString(),
    ],
  );
  return order.orderId;
}

/**
 * Erasure (privacy/deletion.ts): orders never paid go; paid ones stay as bookkeeping without the
 * reader's delivery address or return address.
 */
export async function eraseOrders(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `delete from orders o where o.aria_account_no = $1 and o.status <> 'COMPLETED'
        and not exists (select 1 from billing_effects b where b.order_id = o.order_id)
        and not exists (select 1 from withdrawals w where w.order_id = o.order_id)
        and not exists (select 1 from withdrawal_refunds r where r.order_id = o.order_id)`,
    [ariaAccountNo],
  );
  await db.query(
    `update orders set delivery_address = null, redirect_url = null where aria_account_no = $1`,
    [ariaAccountNo],
  );
}

/** The bookkeeping's time is out (privacy/deletion.ts): first unlink, then (after billing) delete. */
export async function unlinkOrdersFromBilling(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query('update orders set billing_effect_id = null where aria_account_no = $1', [
    ariaAccountNo,
  ]);
}

export async function purgeOrders(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query('delete from orders where aria_account_no = $1', [ariaAccountNo]);
}
