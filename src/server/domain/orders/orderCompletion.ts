// Completing an order: the provider's word on its payment is fetched and checked (status,
// amount, currency, reference, method), and only then is the order applied to the subscription,
// once, in one transaction with the subscription change, its audit event, the billing record and
// the receipt; a paid order that cannot be applied is refunded. Safe to repeat and to race: the
// order row is locked and only a PENDING order is applied.
import { holdsSubscription } from '../../../shared/subscription/status';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import {
  approvedPaymentStatuses,
  type Mandate,
  type PaymentPort,
  type ProviderPayment,
} from '../../payments/port';
import { modifyAccount } from '../accounts/accounts';
import { recordOrderCharge, settleInvoice } from '../invoices/settlement';
import { sendOrderReceipt, sendRefundReceipt } from '../receipts/receipts';
import {
  applyCommandInTx,
  hasUsableRenewalMethod,
  insertSubscription,
  usePaidMethod,
} from '../subscriptions/lifecycle';
import { currentSubscription, getSubscription } from '../subscriptions/subscriptions';

import { recordFirstMonthOffer } from './offers';
import {
  finish,
  markCaptured,
  markCompleted,
  orderRow,
  toOrder,
  type Order,
  type OrderRow,
} from './orderStore';

export interface OrderDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly payments: PaymentPort;
  /** Logs what needs a human (a captured payment that could not be applied, a mismatch). */
  readonly log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
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
      await markCompleted(tx, orderId, subscriptionNo, now, payment?.status === 'CAPTURED');
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
  await markCaptured(deps.db, orderId, deps.clock.now());
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
