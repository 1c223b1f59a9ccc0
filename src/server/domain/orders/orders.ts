// Orders: placed idempotently, paid through the payment port, and applied to the subscription
// only after the server has fetched the payment from the provider and checked its status,
// amount, currency, reference and method. Completing is safe to repeat and to race: the order
// row is locked and only a PENDING order is applied, once, in one transaction with the
// subscription change, its audit event and the billing record.
import { createHash, randomBytes } from 'node:crypto';

import { getPublication } from '../../../shared/publications/registry';
import type { Period } from '../../../shared/subscription/plans';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import type { CheckoutMethod, PaymentPort, ProviderPayment } from '../../payments/port';
import { modifyAccount, type DeliveryAddress } from '../accounts/accounts';
import { DomainError } from '../errors';
import { INVOICE_NUMBER_OFFSET } from '../invoices/invoices';
import { applyCommandInTx } from '../subscriptions/lifecycle';

import { priceOrder, type Buyer, type OrderInput, type OrderKind, type Quote } from './pricing';

export type OrderStatus = 'PENDING' | 'COMPLETED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';
export type FailureReason = 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'VERIFICATION_FAILED';

export interface Order {
  readonly orderId: string;
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
}

export interface CreateOrderInput extends OrderInput {
  readonly paymentProvider: CheckoutMethod;
  readonly deliveryAddress?: DeliveryAddress;
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

interface OrderRow {
  order_id: string;
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
  offer: string | null;
  discount_code: string | null;
  quote: Quote;
  payment_provider: CheckoutMethod;
  payment_id: string | null;
  redirect_url: string | null;
  status: OrderStatus;
  failure_reason: FailureReason | null;
  birth_date: string | null;
  delivery_address: DeliveryAddress | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  [column: string]: unknown;
}

const selectOrder = `
  select o.order_id, o.aria_account_no, o.idempotency_key, o.request_hash, o.kind, o.title_code,
         o.plan_id, p.aria_plan_id, p.plan_name, p.period, o.subscription_no, o.amount_ore,
         o.currency, o.offer, o.discount_code, o.quote, o.payment_provider, o.payment_id,
         o.redirect_url, o.status, o.failure_reason, o.birth_date::text as birth_date,
         o.delivery_address, o.created_at, o.completed_at, o.billing_effect_id
    from orders o join plans p on p.id = o.plan_id`;

function toOrder(row: OrderRow): Order {
  return {
    orderId: row.order_id,
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
  };
}

async function orderRow(
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
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');
}

export interface OrderUrls {
  /** The origin the browser came from (the title's site): return URLs are made on it. */
  readonly origin: string;
}

const returnPath = (method: CheckoutMethod) =>
  method === 'VIPPS' ? '/completevippspurchase' : '/completepurchase';

function describe(
  row: Pick<OrderRow, 'kind' | 'plan_name' | 'period' | 'billing_effect_id'>,
): string {
  const what = `${row.plan_name} (${row.period.toLowerCase()})`;
  if (row.kind === 'invoice')
    return `Faktura ${INVOICE_NUMBER_OFFSET + Number(row.billing_effect_id)}: ${what}`;
  return row.kind === 'upgrade'
    ? `Oppgradering til ${what}`
    : row.kind === 'reactivation'
      ? `Reaktivering av ${what}`
      : what;
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

  const now = deps.clock.now();
  const today = osloDateOf(now);
  const priced = await priceOrder(deps.db, input, buyer, today);
  if (priced.plan.productType === 'COMBO' && input.kind === 'new' && !input.deliveryAddress)
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
       payment_provider, birth_date, delivery_address, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15::jsonb, $16)
     on conflict (aria_account_no, idempotency_key) do nothing
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
      input.birthDate ?? null,
      input.deliveryAddress ? JSON.stringify(input.deliveryAddress) : null,
      now.toISOString(),
    ],
  );
  // Lost a race with the same key: answer the order the other request made.
  if (inserted.length === 0) {
    const winner = await existing();
    return { order: toOrder(await ensurePayment(deps, winner!, urls)), created: false };
  }
  const row = await orderRow(deps.db, orderId, buyer.ariaAccountNo);
  if (Number(row.amount_ore) === 0) {
    // Nothing to pay (a free trial upgrade, a 100 % discount): applied at once.
    return { order: await completeOrder(deps, orderId, buyer.ariaAccountNo), created: true };
  }
  return { order: toOrder(await ensurePayment(deps, row, urls)), created: true };
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
  });
  await deps.db.query(
    `update orders set payment_id = $2, redirect_url = $3
      where order_id = $1 and payment_id is null`,
    [row.order_id, payment.paymentId, payment.redirectUrl],
  );
  return orderRow(deps.db, row.order_id, null);
}

async function finish(
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
  payment: ProviderPayment | null,
): Promise<string> {
  const options = {
    clock: deps.clock,
    actor: 'user' as const,
    ariaAccountNo: row.aria_account_no,
    context: { orderId: row.order_id, paymentId: row.payment_id },
  };
  const card = payment?.card ?? null;
  if (row.kind === 'invoice') return settleInvoice(tx, deps, row, options);
  let subscriptionNo: string;
  let applied;
  if (row.kind === 'new') {
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
    const [created] = await tx.query<{ subscription_no: string }>(
      `insert into subscriptions (aria_account_no, title_code, plan_id, status_code,
         payment_provider, masked_card_number, card_expiry, discount_code, discount_amount_off,
         discount_percent_off, discount_periods_left, created_at, updated_at)
       values ($1, $2, $3, 0, $4, $5, $6, $7, $8, $9, $10, $11, $11)
       returning subscription_no`,
      [
        row.aria_account_no,
        row.title_code,
        row.plan_id,
        row.payment_provider,
        card?.maskedNumber ?? null,
        card?.expiry ?? null,
        row.discount_code,
        discount?.amount_off ?? null,
        discount?.percent_off ?? null,
        // The first period is the one paid now.
        discount ? discount.periods - 1 : 0,
        deps.clock.now().toISOString(),
      ],
    );
    subscriptionNo = created!.subscription_no;
    applied = await applyCommandInTx(tx, subscriptionNo, { kind: 'activate' }, options);
    if (row.birth_date || row.delivery_address)
      await modifyAccount(tx, {
        ariaAccountNo: row.aria_account_no,
        ...(row.birth_date ? { birthDate: row.birth_date } : {}),
        ...(row.delivery_address ? { address: row.delivery_address } : {}),
      });
  } else {
    subscriptionNo = row.subscription_no!;
    applied = await applyCommandInTx(
      tx,
      subscriptionNo,
      row.kind === 'reactivation'
        ? { kind: 'reactivate' }
        : { kind: 'upgradeNow', plan: { ariaPlanID: row.aria_plan_id, period: row.period } },
      options,
    );
    // The order was paid with this method: future charges use it too.
    await tx.query(
      `update subscriptions set payment_provider = $2,
              masked_card_number = case when $2 = 'SWEDBANK-PPG' then coalesce($3, masked_card_number) else null end,
              card_expiry = case when $2 = 'SWEDBANK-PPG' then coalesce($4, card_expiry) else null end
        where subscription_no = $1`,
      [subscriptionNo, row.payment_provider, card?.maskedNumber ?? null, card?.expiry ?? null],
    );
  }
  const quote = row.quote;
  await tx.query(
    `insert into billing_effects (event_id, subscription_no, kind, reason, amount_ore,
       period_start, period_end, provider, status, payment_id, order_id, settled_at, plan_id,
       created_at)
     values ($1, $2, 'charge', $3, $4, $5, $6, $7, 'paid', $8, $9, $10, $11, $10)`,
    [
      applied.eventId,
      subscriptionNo,
      `order-${row.kind}`,
      row.amount_ore,
      quote.periodStart,
      quote.periodEnd,
      row.payment_provider,
      row.payment_id,
      row.order_id,
      deps.clock.now().toISOString(),
      row.plan_id,
    ],
  );
  return subscriptionNo;
}

/**
 * An invoice order settles its billing effect (paid, with the payment) and brings back a
 * subscription that was suspended for not paying. An invoice paid meanwhile by other means is
 * refused, so the transaction rolls back and the payment is refunded.
 */
async function settleInvoice(
  tx: Queryable,
  deps: OrderDeps,
  row: OrderRow,
  options: Parameters<typeof applyCommandInTx>[3],
): Promise<string> {
  const [effect] = await tx.query<{ subscription_no: string; status: string }>(
    'select subscription_no, status from billing_effects where id = $1 for update',
    [row.billing_effect_id],
  );
  if (!effect || effect.status === 'paid')
    throw new DomainError('conflict', 'INVOICE_PAID', 'The invoice is paid already');
  await tx.query(
    `update billing_effects set status = 'paid', payment_id = $2, order_id = $3, settled_at = $4
      where id = $1`,
    [row.billing_effect_id, row.payment_id, row.order_id, deps.clock.now().toISOString()],
  );
  const [subscription] = await tx.query<{ status_code: number }>(
    'select status_code from subscriptions where subscription_no = $1',
    [effect.subscription_no],
  );
  if (subscription?.status_code === -1)
    await applyCommandInTx(tx, effect.subscription_no, { kind: 'resume' }, options);
  return effect.subscription_no;
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
  const id = BigInt(input.ariaInvoiceNo) - BigInt(INVOICE_NUMBER_OFFSET);
  const [effect] =
    id > 0n && id < 2n ** 62n
      ? await deps.db.query<{
          id: string;
          amount_ore: string;
          status: string;
          subscription_no: string;
          title_code: string;
          plan_id: string;
          [column: string]: unknown;
        }>(
          `select b.id, b.amount_ore, b.status, b.subscription_no, s.title_code,
                  coalesce(b.plan_id, s.plan_id) as plan_id
             from billing_effects b join subscriptions s on s.subscription_no = b.subscription_no
            where b.id = $1 and s.aria_account_no = $2`,
          [id.toString(), buyer.ariaAccountNo],
        )
      : [];
  if (!effect) throw new DomainError('not-found', 'INVOICE_NOT_FOUND', 'No such invoice');
  if (effect.status === 'paid')
    throw new DomainError('conflict', 'INVOICE_PAID', 'The invoice is paid already');
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
  if (row.status !== 'PENDING') return toOrder(row);
  const free = Number(row.amount_ore) === 0;
  if (!free && !row.payment_id) return toOrder(row);

  // The provider's word is the only proof (landing on the return URL proves nothing).
  const payment = free ? null : await deps.payments.getPayment(row.payment_id!);
  const now = deps.clock.now();
  if (payment && payment.status === 'CREATED') return toOrder(row);
  if (payment && payment.status !== 'CAPTURED') {
    const status = payment.status as Exclude<typeof payment.status, 'CREATED' | 'CAPTURED'>;
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

  try {
    await deps.db.transaction(async (tx) => {
      const locked = await orderRow(tx, orderId, null, true);
      if (locked.status !== 'PENDING') return; // another request completed it meanwhile
      const subscriptionNo = await applyOrder(tx, deps, locked, payment);
      await tx.query(
        `update orders set status = 'COMPLETED', subscription_no = $2, completed_at = $3,
                redirect_url = null
          where order_id = $1`,
        [orderId, subscriptionNo, now.toISOString()],
      );
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The subscription changed since the order was priced (cancelled, already upgraded…): the
    // money goes back and the order ends; nothing was half-applied (the transaction rolled back).
    deps.log?.warn({ orderId, code: error.code }, 'paid order could not be applied; refunding');
    await finish(deps.db, orderId, 'CANCELLED', 'CANCELLED', now);
    if (payment) await refundQuietly(deps, row, payment);
  }
  return toOrder(await orderRow(deps.db, orderId, null));
}

async function refundQuietly(deps: OrderDeps, row: OrderRow, payment: ProviderPayment) {
  try {
    await deps.payments.refundPayment(payment.paymentId, payment.amountOre);
  } catch (error) {
    deps.log?.error({ orderId: row.order_id, err: error }, 'refund failed; needs a person');
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
  if (row.payment_id) {
    const payment = await deps.payments.cancelPayment(row.payment_id);
    // Approved in another tab just before: it is paid, so complete it instead.
    if (payment.status === 'CAPTURED') {
      const order = await completeOrder(deps, orderId, ariaAccountNo);
      if (order.status === 'COMPLETED')
        throw new DomainError(
          'conflict',
          'ORDER_COMPLETED',
          'The order was paid before it could be cancelled',
        );
      return order;
    }
  }
  await finish(deps.db, orderId, 'CANCELLED', 'CANCELLED', deps.clock.now());
  return toOrder(await orderRow(deps.db, orderId, null));
}

/** The order a provider payment belongs to (callbacks name the payment). */
export async function orderIdOfPayment(db: Queryable, paymentId: string): Promise<string | null> {
  const [row] = await db.query<{ order_id: string }>(
    'select order_id from orders where payment_id = $1',
    [paymentId],
  );
  return row?.order_id ?? null;
}

export interface ReconcileRun {
  readonly checked: number;
  readonly completed: number;
  readonly failed: number;
  readonly expired: number;
}

/**
 * Brings pending orders to a final state: those older than `settleAfterMs` are checked with the
 * provider (a callback may have been lost); those older than ORDER_MAX_PENDING_MS that the
 * provider still holds open are cancelled there and end as EXPIRED.
 */
export async function reconcileOrders(
  deps: OrderDeps,
  settleAfterMs = 5 * 60 * 1000,
): Promise<ReconcileRun> {
  const now = deps.clock.now();
  const rows = await deps.db.query<{ order_id: string; created_at: Date | string }>(
    `select order_id, created_at from orders
      where status = 'PENDING' and created_at < $1 order by created_at limit 100`,
    [new Date(now.getTime() - settleAfterMs).toISOString()],
  );
  let completed = 0;
  let failed = 0;
  let expired = 0;
  for (const { order_id: orderId, created_at: createdAt } of rows) {
    try {
      let order = await completeOrder(deps, orderId, null);
      if (
        order.status === 'PENDING' &&
        now.getTime() - new Date(createdAt).getTime() > ORDER_MAX_PENDING_MS
      ) {
        const row = await orderRow(deps.db, orderId, null);
        const payment = row.payment_id ? await deps.payments.cancelPayment(row.payment_id) : null;
        if (payment?.status === 'CAPTURED') order = await completeOrder(deps, orderId, null);
        else {
          await finish(deps.db, orderId, 'EXPIRED', 'EXPIRED', now);
          order = toOrder(await orderRow(deps.db, orderId, null));
        }
      }
      if (order.status === 'COMPLETED') completed += 1;
      else if (order.status === 'EXPIRED') expired += 1;
      else if (order.status !== 'PENDING') failed += 1;
    } catch (error) {
      failed += 1;
      deps.log?.error({ orderId, err: error }, 'reconciling an order failed');
    }
  }
  return { checked: rows.length, completed, failed, expired };
}
