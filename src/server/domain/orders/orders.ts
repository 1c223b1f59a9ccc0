// Orders: placed idempotently, paid through the payment port, and applied to the subscription
// only after the server has fetched the payment from the provider and checked its status,
// amount, currency, reference and method. Completing is safe to repeat and to race: the order
// row is locked and only a PENDING order is applied, once, in one transaction with the
// subscription change, its audit event and the billing record.
// Owns `orders`. An invoice order's settlement is domain/invoices/settlement.ts; pending orders
// are brought to an end by the reconciler, reconcile.ts.
import { createHash, randomBytes } from 'node:crypto';

import { getPublication } from '../../../shared/publications/registry';
import { type Period, periodMonths } from '../../../shared/subscription/plans';
import { holdsSubscription } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import {
  approvedPaymentStatuses,
  type CheckoutMethod,
  type Mandate,
  type PaymentPort,
  type ProviderPayment,
  type RecurringTerms,
} from '../../payments/port';
import { modifyAccount, type DeliveryAddress } from '../accounts/accounts';
import { checkDeliveryAddress } from '../delivery/addresses';
import { orderPaymentDescription } from '../invoices/descriptions';
import { INVOICE_NUMBER_OFFSET } from '../invoices/invoices';
import { invoiceToPay, recordOrderCharge, settleInvoice } from '../invoices/settlement';
import { sendOrderReceipt, sendRefundReceipt } from '../receipts/receipts';
import {
  applyCommandInTx,
  hasUsableRenewalMethod,
  insertSubscription,
  usePaidMethod,
} from '../subscriptions/lifecycle';
import { currentSubscription, getSubscription } from '../subscriptions/subscriptions';

import { recordFirstMonthOffer } from './offers';
import { priceOrder, type Buyer, type OrderInput, type OrderKind, type Quote } from './pricing';
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

export interface OrderDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly payments: PaymentPort;
  /** Logs what needs a human (a captured payment that could not be applied, a mismatch). */
  readonly log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A pending order older than this is settled by the reconciler (cancelled at the provider). */
export const ORDER_MAX_PENDING_MS = 60 * 60 * 1000;

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

export function requestHash(input: CreateOrderInput): string {
  // Not choosing is choosing no: an absent and a false useForFutureCharges are the same body.
  const { useForFutureCharges, ...rest } = input;
  return createHash('sha256')
    .update(JSON.stringify(canonical(useForFutureCharges ? input : rest)))
    .digest('hex');
}

export interface OrderUrls {
  /** The origin the browser came from (the title's site): return URLs are made on it. */
  readonly origin: string;
}

const returnPath = (method: CheckoutMethod) =>
  method === 'VIPPS' ? '/completevippspurchase' : '/completepurchase';

/** The payment text at the provider, in the title's language. */
function describe(
  row: Pick<OrderRow, 'kind' | 'plan_name' | 'period' | 'billing_effect_id' | 'title_code'>,
): string {
  return orderPaymentDescription(
    {
      kind: row.kind,
      planName: row.plan_name,
      period: row.period,
      ariaInvoiceNo:
        row.kind === 'invoice'
          ? String(INVOICE_NUMBER_OFFSET + Number(row.billing_effect_id))
          : undefined,
    },
    getPublication(row.title_code).language,
  );
}

/**
 * Places an order: the same idempotency key and body answer the order made the first time
 * (`created: false`), also when both arrive at once; the same key with another body is refused.
 */
export async function createOrder(
  deps: OrderDeps,
  buyer: Buyer,
  idempotencyKey: string,
  input: CreateOrderInput,
  urls: OrderUrls,
): Promise<{ order: Order; created: boolean }> {
  const hash = requestHash(input);
  const existing = async () => {
    const [row] = await deps.db.query<OrderRow>(
      `${selectOrder} where o.aria_account_no = $1 and o.idempotency_key = $2`,
      [buyer.ariaAccountNo, idempotencyKey],
    );
    if (row && row.request_hash !== hash)
      throw new DomainError(
        'unprocessable',
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was used for a different order',
      );
    return row;
  };
  const earlier = await existing();
  if (earlier) return { order: toOrder(await ensurePayment(deps, earlier, urls)), created: false };

  // The address becomes the account's when the order completes: checked now by the rule of every
  // delivery address written (delivery/addresses.ts; 400 POSTAL_CODE_UNKNOWN on
  // deliveryAddress.postalCode), stored with the register's place. An order stored before that
  // rule completes with the address it has.
  const deliveryAddress =
    input.deliveryAddress && checkDeliveryAddress(input.deliveryAddress, 'deliveryAddress');

  // One open order per account, title and kind: the reader's latest choice replaces an earlier
  // one they left on the payment page (another tab, the back button). One paid meanwhile is
  // completed instead, and pricing below then refuses this one (already a subscriber).
  await endOpenOrders(deps, buyer.ariaAccountNo, input.titleCode, input.kind, idempotencyKey);

  const now = deps.clock.now();
  const today = osloDateOf(now);
  const priced = await priceOrder(deps.db, input, buyer, today);
  if (priced.plan.productType === 'COMBO' && input.kind === 'new' && !deliveryAddress)
    throw new DomainError(
      'invalid',
      'DELIVERY_ADDRESS_REQUIRED',
      'A paper subscription needs a delivery address',
      'deliveryAddress',
    );

  const orderId = `ord_${randomBytes(8).toString('hex')}`;
  const inserted = await deps.db.query<{ order_id: string }>(
    `insert into orders (order_id, aria_account_no, idempotency_key, request_hash, kind,
       title_code, plan_id, subscription_no, amount_ore, offer, discount_code, quote,
       payment_provider, delivery_address, created_at, use_for_future_charges)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14::jsonb, $15, $16)
     on conflict do nothing
     returning order_id`,
    [
      orderId,
      buyer.ariaAccountNo,
      idempotencyKey,
      hash,
      input.kind,
      priced.quote.titleCode,
      priced.plan.id,
      priced.subscriptionNo,
      priced.quote.amount,
      priced.quote.offer,
      priced.quote.discount?.discountCode ?? null,
      JSON.stringify(priced.quote),
      input.paymentProvider,
      deliveryAddress ? JSON.stringify(deliveryAddress) : null,
      now.toISOString(),
      input.useForFutureCharges === true,
    ],
  );
  if (inserted.length === 0) {
    // Lost a race with the same key: answer the order the other request made.
    const winner = await existing();
    if (winner) return { order: toOrder(await ensurePayment(deps, winner, urls)), created: false };
    // Lost a race with another key (two tabs at the same moment): the other order is the open
    // one (unique index orders_one_open_per_kind).
    throw new DomainError(
      'conflict',
      'ORDER_IN_PROGRESS',
      'Another order of this kind is being placed right now',
    );
  }
  const row = await orderRow(deps.db, orderId, buyer.ariaAccountNo);
  if (Number(row.amount_ore) === 0) {
    // Nothing to pay (a free trial upgrade, a 100 % discount): applied at once, unless its
    // renewals need a mandate first (a new subscription paid by card or Vipps): then the reader
    // approves one at the provider, and the order is completed once it is active.
    if (await setsUpRenewals(deps.db, row))
      return { order: toOrder(await ensureAgreement(deps, row, urls)), created: true };
    return { order: await completeOrder(deps, orderId, buyer.ariaAccountNo), created: true };
  }
  const placed = await ensurePayment(deps, row, urls);
  if (placed.status === 'CANCELLED')
    // Another tab's order, placed at the same moment, replaced this one before it reached the
    // provider: the other one is the open order.
    throw new DomainError(
      'conflict',
      'ORDER_IN_PROGRESS',
      'Another order of this kind is being placed right now',
    );
  return { order: toOrder(placed), created: true };
}

/**
 * Ends the account's open orders of this title and kind before a new one is placed: each is
 * cancelled at the provider, or completed if the provider says it was paid meanwhile.
 */
async function endOpenOrders(
  deps: OrderDeps,
  ariaAccountNo: string,
  titleCode: string,
  kind: OrderKind,
  idempotencyKey: string,
): Promise<void> {
  // An open order with this request's own key is this order, placed by the same request sent
  // twice at once: it is answered below, never ended.
  const open = await deps.db.query<{ order_id: string }>(
    `select order_id from orders
      where aria_account_no = $1 and title_code = $2 and kind = $3 and status = 'PENDING'
        and idempotency_key <> $4`,
    [ariaAccountNo, titleCode, kind, idempotencyKey],
  );
  for (const { order_id: orderId } of open) {
    try {
      await cancelOrder(deps, orderId, ariaAccountNo);
    } catch (error) {
      // Paid just before: it stands (and the new order will be priced against it).
      if (!(error instanceof DomainError && error.code === 'ORDER_COMPLETED')) throw error;
    }
  }
}

/**
 * Makes sure a pending order has its payment at the provider. The provider is idempotent by
 * the order id, so a retry (or the loser of a race) gets the same payment, never a second one.
 */
async function ensurePayment(deps: OrderDeps, row: OrderRow, urls: OrderUrls): Promise<OrderRow> {
  if (row.payment_id || row.status !== 'PENDING' || Number(row.amount_ore) === 0) return row;
  const query = `?ordre=${encodeURIComponent(row.order_id)}`;
  const payment = await deps.payments.createHostedPayment({
    reference: row.order_id,
    method: row.payment_provider,
    amountOre: Number(row.amount_ore),
    currency: 'NOK',
    description: describe(row),
    merchant: getPublication(row.title_code).displayName,
    returnUrl: new URL(`${returnPath(row.payment_provider)}${query}`, urls.origin).href,
    cancelUrl: new URL(`/avbryt-bestilling${query}`, urls.origin).href,
    idempotencyKey: row.order_id,
    recurring: (await setsUpRenewals(deps.db, row)) ? recurringTerms(row, urls.origin) : null,
  });
  const attached = await deps.db.query<{ order_id: string }>(
    `update orders set payment_id = $2, redirect_url = $3
      where order_id = $1 and payment_id is null and status = 'PENDING'
      returning order_id`,
    [row.order_id, payment.paymentId, payment.redirectUrl],
  );
  const current = await orderRow(deps.db, row.order_id, null);
  if (attached.length === 0 && current.payment_id !== payment.paymentId) {
    // The order ended (replaced by a newer one) while its payment was being created: that
    // payment must never take money, so it is cancelled at the provider at once.
    await deps.payments.cancelPayment(payment.paymentId);
  }
  return current;
}

/**
 * Makes sure an order of 0 kr that needs a mandate has its agreement at the provider (idempotent
 * by the order id, as a payment is): the reader is sent to approve it.
 */
async function ensureAgreement(deps: OrderDeps, row: OrderRow, urls: OrderUrls): Promise<OrderRow> {
  if (row.agreement_id || row.status !== 'PENDING') return row;
  const query = `?ordre=${encodeURIComponent(row.order_id)}`;
  const agreement = await deps.payments.createAgreement({
    reference: row.order_id,
    method: row.payment_provider,
    merchant: getPublication(row.title_code).displayName,
    description: describe(row),
    returnUrl: new URL(`${returnPath(row.payment_provider)}${query}`, urls.origin).href,
    idempotencyKey: `mandate-${row.order_id}`,
    terms: recurringTerms(row, urls.origin),
  });
  await deps.db.query(
    `update orders set agreement_id = $2, redirect_url = $3
      where order_id = $1 and agreement_id is null and status = 'PENDING'`,
    [row.order_id, agreement.agreementId, agreement.redirectUrl],
  );
  return orderRow(deps.db, row.order_id, null);
}

/**
 * Whether the order's payment also sets up what renewals charge (a Vipps agreement, a stored
 * card): a new subscription, and an upgrade or reactivation whose reader chose to pay future
 * charges this way or whose stored method cannot be charged any more (applyOrder then makes it
 * the renewal method). An invoice is paid once.
 */
async function setsUpRenewals(db: Queryable, row: OrderRow): Promise<boolean> {
  if (row.kind === 'invoice') return false;
  if (row.kind === 'new' || row.use_for_future_charges || !row.subscription_no) return true;
  return !(await hasUsableRenewalMethod(db, row.subscription_no));
}

/** What the renewals after the order cost and how often, as the provider shows the reader. */
function recurringTerms(row: OrderRow, origin: string): RecurringTerms {
  const months = periodMonths[row.period];
  return {
    productName: row.quote.product.slice(0, 45),
    amountOre: row.quote.renewalPrice,
    interval:
      months % 12 === 0 ? { unit: 'YEAR', count: months / 12 } : { unit: 'MONTH', count: months },
    agreementUrl: new URL('/', origin).href,
  };
}

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

/** Why a captured payment is not this order's, or null when it checks out. */
export function verificationProblem(row: OrderRow, payment: ProviderPayment): string | null {
  if (payment.paymentId !== row.payment_id) return 'payment id differs';
  if (payment.reference !== row.order_id) return `reference ${payment.reference}`;
  if (payment.amountOre !== Number(row.amount_ore))
    return `amount ${payment.amountOre}, expected ${row.amount_ore}`;
  if (payment.currency !== 'NOK') return `currency ${payment.currency}`;
  if (payment.method !== row.payment_provider) return `method ${payment.method}`;
  return null;
}

/** Applies a verified order to the subscription, in the caller's transaction. */
async function applyOrder(
  tx: Queryable,
  deps: OrderDeps,
  row: OrderRow,
  /** The card and mandate the payment (or the approved agreement of a 0 kr order) left. */
  payment: Pick<ProviderPayment, 'card' | 'mandate'> | null,
): Promise<{ subscriptionNo: string; replaced: Mandate | null }> {
  const options = {
    clock: deps.clock,
    actor: 'user' as const,
    ariaAccountNo: row.aria_account_no,
    context: { orderId: row.order_id, paymentId: row.payment_id },
  };
  const card = payment?.card ?? null;
  if (row.kind === 'invoice') {
    const paidFor = await settleInvoice(
      tx,
      {
        billingEffectId: row.billing_effect_id,
        paymentId: row.payment_id,
        orderId: row.order_id,
        provider: row.payment_provider,
        maskedCard: card?.maskedNumber ?? null,
      },
      options,
    );
    return { subscriptionNo: paidFor, replaced: null };
  }
  let subscriptionNo: string;
  let replaced: Mandate | null = null;
  let applied;
  if (row.kind === 'new') {
    await refuseSecondActivation(tx, row);
    const discount = row.discount_code
      ? (
          await tx.query<{
            amount_off: string | null;
            percent_off: number | null;
            periods: number;
          }>('select amount_off, percent_off, periods from discount_codes where code = $1', [
            row.discount_code,
          ])
        )[0]
      : undefined;
    subscriptionNo = await insertSubscription(tx, {
      ariaAccountNo: row.aria_account_no,
      titleCode: row.title_code,
      planId: row.plan_id,
      paymentProvider: row.payment_provider,
      card,
      mandateId: payment?.mandate?.id ?? null,
      discount: {
        code: row.discount_code,
        amountOff: discount?.amount_off ?? null,
        percentOff: discount?.percent_off ?? null,
        // The first period is the one paid now.
        periodsLeft: discount ? discount.periods - 1 : 0,
      },
      now: deps.clock.now(),
    });
    applied = await applyCommandInTx(tx, subscriptionNo, { kind: 'activate' }, options);
    if (row.offer === 'FIRST_MONTH_1KR')
      await recordFirstMonthOffer(tx, row.aria_account_no, row.title_code, deps.clock.now());
    if (row.delivery_address)
      await modifyAccount(
        tx,
        { ariaAccountNo: row.aria_account_no, address: row.delivery_address },
        `order:${row.order_id}`,
      );
  } else {
    subscriptionNo = row.subscription_no!;
    applied = await applyCommandInTx(
      tx,
      subscriptionNo,
      row.kind === 'reactivation'
        ? // As it was priced: with the offer only if the order has it (offers.ts).
          { kind: 'reactivate', withOffer: row.offer === 'REACTIVATION_3_FOR_1' }
        : { kind: 'upgradeNow', plan: { ariaPlanID: row.aria_plan_id, period: row.period } },
      options,
    );
    // A one-off payment leaves the method renewals are charged to alone, unless the reader
    // chose to use it for future charges, or the stored one cannot be charged any more (none,
    // or a stopped Vipps agreement). A new subscription renews with the one it was bought with,
    // above.
    if (row.use_for_future_charges || !(await hasUsableRenewalMethod(tx, subscriptionNo)))
      replaced = await usePaidMethod(
        tx,
        subscriptionNo,
        row.payment_provider,
        card,
        payment?.mandate?.id ?? null,
      );
  }
  await recordOrderCharge(tx, {
    eventId: applied.eventId,
    subscriptionNo,
    reason: `order-${row.kind}`,
    amountOre: row.amount_ore,
    periodStart: row.quote.periodStart,
    periodEnd: row.quote.periodEnd,
    provider: row.payment_provider,
    maskedCard: card?.maskedNumber ?? null,
    paymentId: row.payment_id,
    orderId: row.order_id,
    planId: row.plan_id,
    now: deps.clock.now(),
  });
  return { subscriptionNo, replaced };
}

/**
 * A new subscription is refused when the account already holds one of the title (another order
 * or a connected subscription got there first): the caller rolls back and refunds. The account
 * row is locked, so two completions for one account are applied one after the other.
 */
async function refuseSecondActivation(tx: Queryable, row: OrderRow): Promise<void> {
  await tx.query('select 1 from accounts where aria_account_no = $1 for update', [
    row.aria_account_no,
  ]);
  const { subscription } = await currentSubscription(tx, row.aria_account_no, row.title_code);
  if (subscription && holdsSubscription(subscription.instStatusCode))
    throw new DomainError(
      'conflict',
      'ALREADY_SUBSCRIBER',
      `The account already subscribes to ${row.title_code}`,
    );
}

/**
 * Pays an unpaid invoice of the buyer: an order of kind `invoice` for its amount, idempotent by
 * key like any order, paid on the provider's page and completed by `completeOrder`.
 */
export async function payInvoice(
  deps: OrderDeps,
  buyer: Pick<Buyer, 'ariaAccountNo'>,
  idempotencyKey: string,
  input: { readonly ariaInvoiceNo: string; readonly paymentProvider: CheckoutMethod },
  urls: OrderUrls,
): Promise<{ order: Order; created: boolean }> {
  const hash = createHash('sha256')
    .update(JSON.stringify({ invoice: input.ariaInvoiceNo, provider: input.paymentProvider }))
    .digest('hex');
  const [earlier] = await deps.db.query<OrderRow>(
    `${selectOrder} where o.aria_account_no = $1 and o.idempotency_key = $2`,
    [buyer.ariaAccountNo, idempotencyKey],
  );
  if (earlier) {
    if (earlier.request_hash !== hash)
      throw new DomainError(
        'unprocessable',
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was used for a different order',
      );
    return { order: toOrder(await ensurePayment(deps, earlier, urls)), created: false };
  }
  const effect = await invoiceToPay(deps.db, input.ariaInvoiceNo, buyer.ariaAccountNo);
  if (!effect) throw new DomainError('not-found', 'INVOICE_NOT_FOUND', 'No such invoice');
  if (effect.status === 'paid')
    throw new DomainError('conflict', 'INVOICE_PAID', 'The invoice is paid already');
  // An open card or Vipps charge, or one the provider is still taking (pending), is the billing
  // job's: paid by hand as well, it would be captured twice. (A failed one may be paid by hand.)
  if (effect.kind === 'charge' && (effect.status === 'open' || effect.status === 'pending'))
    throw new DomainError(
      'conflict',
      'CHARGE_IN_PROGRESS',
      'This charge is being taken from the stored payment method',
    );
  const orderId = `ord_${randomBytes(8).toString('hex')}`;
  const inserted = await deps.db.query<{ order_id: string }>(
    `insert into orders (order_id, aria_account_no, idempotency_key, request_hash, kind,
       title_code, plan_id, subscription_no, amount_ore, quote, payment_provider,
       billing_effect_id, created_at)
     values ($1, $2, $3, $4, 'invoice', $5, $6, $7, $8, '{}'::jsonb, $9, $10, $11)
     on conflict (aria_account_no, idempotency_key) do nothing
     returning order_id`,
    [
      orderId,
      buyer.ariaAccountNo,
      idempotencyKey,
      hash,
      effect.title_code,
      effect.plan_id,
      effect.subscription_no,
      effect.amount_ore,
      input.paymentProvider,
      effect.id,
      deps.clock.now().toISOString(),
    ],
  );
  const [row] = await deps.db.query<OrderRow>(
    `${selectOrder} where o.aria_account_no = $1 and o.idempotency_key = $2`,
    [buyer.ariaAccountNo, idempotencyKey],
  );
  if (row!.request_hash !== hash)
    throw new DomainError(
      'unprocessable',
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was used for a different order',
    );
  return { order: toOrder(await ensurePayment(deps, row!, urls)), created: inserted.length > 0 };
}

/**
 * Brings an order to the state its payment is in. `ariaAccountNo` null: the provider's callback
 * or the reconciler (no user). Answers the order as it is afterwards.
 */
export async function completeOrder(
  deps: OrderDeps,
  orderId: string,
  ariaAccountNo: string | null,
): Promise<Order> {
  const row = await orderRow(deps.db, orderId, ariaAccountNo);
  if (row.status === 'COMPLETED' && row.payment_id && !row.payment_captured_at) {
    await captureOrderPayment(deps, orderId);
    return toOrder(await orderRow(deps.db, orderId, null));
  }
  if (row.status !== 'PENDING') return toOrder(row);
  const free = Number(row.amount_ore) === 0;
  if (!free && !row.payment_id) return toOrder(row);

  // The provider's word is the only proof (landing on the return URL proves nothing).
  const payment = free ? null : await deps.payments.getPayment(row.payment_id!);
  const now = deps.clock.now();
  if (payment && payment.status === 'CREATED') return toOrder(row);
  // An order of 0 kr with an agreement: completed once the provider says it is active.
  let approved: { card: ProviderPayment['card']; mandate: Mandate | null } | null = null;
  if (free && row.agreement_id) {
    const agreement = await deps.payments.getAgreement(row.agreement_id);
    if (agreement.status === 'PENDING') return toOrder(row);
    if (agreement.status !== 'ACTIVE' || agreement.method !== row.payment_provider) {
      await finish(deps.db, orderId, 'DECLINED', 'DECLINED', now);
      return toOrder(await orderRow(deps.db, orderId, null));
    }
    approved = { card: agreement.card, mandate: agreement.mandate };
  }
  if (payment && !approvedPaymentStatuses.has(payment.status)) {
    const status = payment.status as Exclude<
      typeof payment.status,
      'CREATED' | 'AUTHORIZED' | 'CAPTURED'
    >;
    await finish(deps.db, orderId, status, status, now);
    return toOrder(await orderRow(deps.db, orderId, null));
  }
  const problem = payment ? verificationProblem(row, payment) : null;
  if (problem) {
    deps.log?.error({ orderId, paymentId: row.payment_id, problem }, 'payment verification failed');
    await finish(deps.db, orderId, 'DECLINED', 'VERIFICATION_FAILED', now);
    await refundQuietly(deps, row, payment!);
    return toOrder(await orderRow(deps.db, orderId, null));
  }

  // Set inside the transaction below (a plain `let` would be narrowed to null here).
  let replaced = null as Mandate | null;
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await orderRow(tx, orderId, null, true);
      if (locked.status !== 'PENDING') return; // another request completed it meanwhile
      const applied = await applyOrder(tx, deps, locked, payment ?? approved);
      const subscriptionNo = applied.subscriptionNo;
      replaced = applied.replaced;
      await tx.query(
        `update orders set status = 'COMPLETED', subscription_no = $2, completed_at = $3,
                redirect_url = null,
                payment_captured_at = case when $4 then $3::timestamptz end
          where order_id = $1`,
        [orderId, subscriptionNo, now.toISOString(), payment?.status === 'CAPTURED'],
      );
      // The receipt, in the same transaction: told once, and only of what was granted.
      const done = toOrder({ ...locked, status: 'COMPLETED', subscription_no: subscriptionNo });
      await sendOrderReceipt(
        tx,
        {
          ariaAccountNo: locked.aria_account_no,
          titleCode: done.titleCode,
          kind: done.kind,
          planName: done.planName,
          period: done.period,
          amountOre: done.amount,
          method: done.paymentProvider,
          reference: done.reference,
          ariaInvoiceNo: done.ariaInvoiceNo,
          offer: done.offer,
        },
        subscriptionNo ? await getSubscription(tx, subscriptionNo) : null,
        now,
      );
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The subscription changed since the order was priced (cancelled, already upgraded…): the
    // money goes back and the order ends; nothing was half-applied (the transaction rolled back).
    deps.log?.warn({ orderId, code: error.code }, 'paid order could not be applied; refunding');
    await finish(deps.db, orderId, 'CANCELLED', 'CANCELLED', now);
    if (payment && (await refundQuietly(deps, row, payment))) {
      const order = toOrder(row);
      await sendRefundReceipt(
        deps.db,
        {
          ariaAccountNo: row.aria_account_no,
          titleCode: order.titleCode,
          kind: order.kind,
          planName: order.planName,
          amountOre: order.amount,
          method: order.paymentProvider,
          reference: order.reference,
        },
        {
          // Granted first, captured after: a payment still only reserved is released, not taken.
          released: payment.status !== 'CAPTURED',
          alreadySubscriber: error.code === 'ALREADY_SUBSCRIBER',
        },
        now,
      );
    }
  }
  if (replaced) await stopReplacedMandate(deps, replaced, orderId);
  // Granted first, captured after: the reserved money is taken only for what the reader has.
  if (payment?.status === 'AUTHORIZED') await captureOrderPayment(deps, orderId);
  return toOrder(await orderRow(deps.db, orderId, null));
}

/**
 * Captures the reserved money of a completed order (once: the provider's idempotency key is the
 * order's). A capture that does not go through now (the provider is away) is left for the next
 * callback or the reconciler; the order stays completed, since the reservation is the reader's
 * approval and holds for months.
 */
export async function captureOrderPayment(deps: OrderDeps, orderId: string): Promise<boolean> {
  const row = await orderRow(deps.db, orderId, null);
  if (row.status !== 'COMPLETED' || !row.payment_id || row.payment_captured_at) return false;
  try {
    const payment = await deps.payments.capturePayment(
      row.payment_id,
      Number(row.amount_ore),
      `capture-${orderId}`,
    );
    if (payment.status !== 'CAPTURED') {
      deps.log?.error(
        { orderId, paymentId: row.payment_id, status: payment.status },
        'a completed order could not be captured; needs a person',
      );
      return false;
    }
  } catch (error) {
    deps.log?.warn({ orderId, err: error }, 'capture failed; tried again later');
    return false;
  }
  await deps.db.query(
    `update orders set payment_captured_at = $2 where order_id = $1 and payment_captured_at is null`,
    [orderId, deps.clock.now().toISOString()],
  );
  return true;
}

/**
 * A mandate the subscription no longer uses is stopped at the provider (a Vipps agreement would
 * otherwise stay in the reader's app). Nothing is charged to it again whatever the outcome; a
 * failure is logged for a person.
 */
async function stopReplacedMandate(deps: OrderDeps, mandate: Mandate, orderId: string) {
  try {
    await deps.payments.stopMandate(mandate);
  } catch (error) {
    deps.log?.error({ orderId, mandate: mandate.id, err: error }, 'replaced mandate not stopped');
  }
}

/** Sends the money back; false when the provider did not take the refund (a person follows up). */
async function refundQuietly(deps: OrderDeps, row: OrderRow, payment: ProviderPayment) {
  try {
    await deps.payments.refundPayment(payment.paymentId, payment.amountOre);
    return true;
  } catch (error) {
    deps.log?.error({ orderId: row.order_id, err: error }, 'refund failed; needs a person');
    return false;
  }
}

/** The user gives up on the payment page (/avbryt-bestilling). */
export async function cancelOrder(
  deps: OrderDeps,
  orderId: string,
  ariaAccountNo: string,
): Promise<Order> {
  const row = await orderRow(deps.db, orderId, ariaAccountNo);
  if (row.status === 'COMPLETED')
    throw new DomainError(
      'conflict',
      'ORDER_COMPLETED',
      'The order is paid and cannot be cancelled',
    );
  if (row.status !== 'PENDING') return toOrder(row);
  if (!row.payment_id) {
    // Not at the provider yet: ended here, unless its payment is being attached right now, in
    // which case the payment is cancelled below like any other.
    const ended = await deps.db.query(
      `update orders set status = 'CANCELLED', failure_reason = 'CANCELLED', completed_at = $2
        where order_id = $1 and status = 'PENDING' and payment_id is null
        returning order_id`,
      [orderId, deps.clock.now().toISOString()],
    );
    if (ended.length > 0) return toOrder(await orderRow(deps.db, orderId, null));
    return cancelOrder(deps, orderId, ariaAccountNo);
  }
  const payment = await deps.payments.cancelPayment(row.payment_id);
  // Approved in another tab just before: it is paid, so complete it instead.
  if (approvedPaymentStatuses.has(payment.status)) {
    const order = await completeOrder(deps, orderId, ariaAccountNo);
    if (order.status === 'COMPLETED')
      throw new DomainError(
        'conflict',
        'ORDER_COMPLETED',
        'The order was paid before it could be cancelled',
      );
    return order;
  }
  await finish(deps.db, orderId, 'CANCELLED', 'CANCELLED', deps.clock.now());
  return toOrder(await orderRow(deps.db, orderId, null));
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
