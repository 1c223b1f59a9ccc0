// Changing how a subscription pays: to Vipps (a recurring agreement the user approves in Vipps)
// or to a new card (a card registration on the card provider's page). The attempt is kept under
// a payment method id the SPA carries across the provider's page; the subscription changes only
// when the provider confirms the agreement is active, so a declined or abandoned attempt leaves
// the old method in place.
// Owns `payment_method_changes`.
import { randomBytes } from 'node:crypto';

import { getPublication } from '../../../shared/publications/registry';
import { selfServiceBlock } from '../../../shared/subscription/eligibility';
import { type Period, periodMonths } from '../../../shared/subscription/plans';
import { SubscriptionStatus } from '../../../shared/subscription/status';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import type { CheckoutMethod, Mandate, PaymentPort, RecurringTerms } from '../../payments/port';
import { hasFailedCharge, retryFailedCharges } from '../invoices/settlement';
import {
  applyCommandInTx,
  changePaymentMethod,
  hasUsableRenewalMethod,
  setPaymentNotice,
  subscriptionsOfAgreement,
} from '../subscriptions/lifecycle';
import { getSubscription, type Subscription } from '../subscriptions/subscriptions';

export interface PaymentMethodDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly payments: PaymentPort;
}

export interface PaymentMethodRedirect {
  readonly redirectUrl: string;
  readonly paymentMethodId: string;
  readonly agreementId: string | null;
}

async function ownSubscription(db: Db, subscriptionNo: string, ariaAccountNo: string) {
  const subscription = await getSubscription(db, subscriptionNo, ariaAccountNo);
  if (!subscription)
    throw new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');
  return subscription;
}

/** How often a subscription of this period is charged, as a provider's agreement says it. */
function intervalOf(period: Period): RecurringTerms['interval'] {
  const months = periodMonths[period];
  return months % 12 === 0
    ? { unit: 'YEAR', count: months / 12 }
    : { unit: 'MONTH', count: months };
}

export async function startPaymentMethodChange(
  deps: PaymentMethodDeps,
  ariaAccountNo: string,
  input: { subscriptionNo: string; provider: CheckoutMethod; returnUrl: string },
  origin: string,
): Promise<PaymentMethodRedirect> {
  const subscription = await ownSubscription(deps.db, input.subscriptionNo, ariaAccountNo);
  // A suspended one too: a new method takes its failed charge, which brings it back.
  if (!subscription.hasSubscription && subscription.instStatusCode !== SubscriptionStatus.SUSPENDED)
    throw new DomainError(
      'conflict',
      'SUBSCRIPTION_STATE_CONFLICT',
      'Only a running or suspended subscription has a payment method to change',
    );
  const block = selfServiceBlock({
    ariaPlanID: subscription.ariaPlanID,
    planProductType: subscription.planProductType,
    eligibleForSharing: subscription.eligibleForSharing,
    subscriptionInfo1: subscription.subsRetrieveSubscriptionAddInfo.subscriptionInfo1,
  });
  if (block === 'family-share' || block === 'business')
    throw new DomainError(
      'conflict',
      'PAYMENT_METHOD_NOT_SELF_SERVICE',
      `A ${block} subscription is not paid by this user`,
    );
  // A new Vipps agreement for a Vipps subscription only when the one it has cannot be charged.
  if (
    input.provider === 'VIPPS' &&
    subscription.paymentMethod?.provider === 'VIPPS' &&
    (await hasUsableRenewalMethod(deps.db, subscription.subscriptionNo)) &&
    !(await hasFailedCharge(deps.db, subscription.subscriptionNo))
  )
    throw new DomainError(
      'conflict',
      'PAYMENT_METHOD_UNCHANGED',
      'The subscription is paid with Vipps already',
    );
  const paymentMethodId = `pm_${randomBytes(16).toString('hex')}`;
  const agreement = await deps.payments.createAgreement({
    reference: paymentMethodId,
    method: input.provider,
    merchant: getPublication(subscription.titleCode).displayName,
    description: `${subscription.planName} (${subscription.period.toLowerCase()})`,
    returnUrl: new URL(input.returnUrl, origin).href,
    idempotencyKey: paymentMethodId,
    terms: {
      productName: subscription.product.slice(0, 45),
      amountOre: subscription.price,
      interval: intervalOf(subscription.period),
      agreementUrl: new URL('/', origin).href,
    },
  });
  await deps.db.query(
    `insert into payment_method_changes (payment_method_id, subscription_no, aria_account_no,
       provider, agreement_id, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      paymentMethodId,
      subscription.subscriptionNo,
      ariaAccountNo,
      input.provider,
      agreement.agreementId,
      deps.clock.now().toISOString(),
    ],
  );
  return {
    redirectUrl: agreement.redirectUrl!,
    paymentMethodId,
    agreementId: input.provider === 'VIPPS' ? agreement.agreementId : null,
  };
}

export async function verifyPaymentMethodChange(
  deps: PaymentMethodDeps,
  ariaAccountNo: string,
  input: { subscriptionNo: string; paymentMethodId: string },
): Promise<Subscription> {
  const [change] = await deps.db.query<{
    provider: CheckoutMethod;
    agreement_id: string;
    status: 'PENDING' | 'APPROVED' | 'DECLINED';
  }>(
    `select provider, agreement_id, status from payment_method_changes
      where payment_method_id = $1 and subscription_no = $2 and aria_account_no = $3`,
    [input.paymentMethodId, input.subscriptionNo, ariaAccountNo],
  );
  if (!change)
    throw new DomainError('not-found', 'PAYMENT_METHOD_NOT_FOUND', 'No such payment method change');
  const notApproved = () =>
    new DomainError(
      'conflict',
      'PAYMENT_METHOD_NOT_APPROVED',
      'The new payment method was not approved; the old one is kept',
    );
  if (change.status === 'DECLINED') throw notApproved();
  if (change.status === 'PENDING') {
    // The provider's word decides, not the return to the verify page.
    const agreement = await deps.payments.getAgreement(change.agreement_id);
    const now = deps.clock.now().toISOString();
    if (agreement.status === 'PENDING')
      throw new DomainError(
        'conflict',
        'PAYMENT_METHOD_PENDING',
        'The provider has not confirmed the new payment method yet',
      );
    if (agreement.status !== 'ACTIVE' || agreement.method !== change.provider) {
      await deps.db.query(
        `update payment_method_changes set status = 'DECLINED', decided_at = $2
          where payment_method_id = $1 and status = 'PENDING'`,
        [input.paymentMethodId, now],
      );
      throw notApproved();
    }
    // Set inside the transaction below (a plain `let` would be narrowed to null here).
    let replaced = null as Mandate | null;
    await deps.db.transaction(async (tx) => {
      const claimed = await tx.query(
        `update payment_method_changes set status = 'APPROVED', decided_at = $2
          where payment_method_id = $1 and status = 'PENDING' returning payment_method_id`,
        [input.paymentMethodId, now],
      );
      if (claimed.length === 0) return; // verified by a parallel request
      replaced = await changePaymentMethod(tx, {
        subscriptionNo: input.subscriptionNo,
        ariaAccountNo,
        provider: change.provider,
        card: agreement.card,
        agreementId: agreement.mandate?.id ?? agreement.agreementId,
        paymentMethodId: input.paymentMethodId,
        now,
      });
      // Charges that failed with the old method are tried with the new one at the next run.
      await retryFailedCharges(tx, input.subscriptionNo, deps.clock.now());
    });
    if (replaced) {
      try {
        await deps.payments.stopMandate(replaced);
      } catch {
        // Nothing is charged to it again all the same; the provider's own expiry ends it.
      }
    }
  }
  return (await getSubscription(deps.db, input.subscriptionNo, ariaAccountNo))!;
}

export const AGREEMENT_STOPPED_COMMENT = 'Vipps-avtalen ble stoppet i Vipps-appen.';

/**
 * The user stopped the Vipps agreement in the Vipps app: nothing can be charged any more, so
 * each running subscription paid by it is cancelled at the end of its paid period (the user can
 * undo that by choosing another payment method) and the home page tells why. Only after the
 * provider confirms the agreement is stopped.
 */
export async function agreementStopped(
  deps: PaymentMethodDeps,
  agreementId: string,
): Promise<number> {
  const agreement = await deps.payments.getAgreement(agreementId);
  if (agreement.status !== 'STOPPED') return 0;
  const rows = await subscriptionsOfAgreement(deps.db, agreementId);
  let cancelled = 0;
  for (const row of rows) {
    await deps.db.transaction(async (tx) => {
      if (
        row.status_code === SubscriptionStatus.ACTIVE ||
        row.status_code === SubscriptionStatus.TRIAL
      ) {
        await applyCommandInTx(
          tx,
          row.subscription_no,
          { kind: 'cancel', reason: 'other', comment: AGREEMENT_STOPPED_COMMENT },
          { clock: deps.clock, actor: 'system', context: { agreementStopped: agreementId } },
        );
        cancelled += 1;
      }
      await setPaymentNotice(tx, row.subscription_no, 'VIPPS_AGREEMENT_STOPPED');
    });
  }
  return cancelled;
}

/** Erasure (privacy/deletion.ts): the account's payment-method changes. */
export async function erasePaymentMethodChanges(
  db: Queryable,
  ariaAccountNo: string,
): Promise<void> {
  await db.query('delete from payment_method_changes where aria_account_no = $1', [ariaAccountNo]);
}
