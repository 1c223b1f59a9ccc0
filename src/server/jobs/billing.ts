// Money the subscription jobs ask for: every billing effect of a job is recorded once (by its
// audit event) in the job's own transaction, and open charges against a stored card or Vipps agreement are taken
// through the payment port, idempotently per effect (the provider key is the effect's id).
// Invoices (giro, no stored method) stay open for the invoice flow.
import { getPublication } from '../../shared/publications/registry';
import type { Db, Queryable } from '../db/db';
import { creditStoppedIssues } from '../domain/delivery/changes';
import { invoiceDescription } from '../domain/invoices/descriptions';
import { claimOpenCharges, recordBillingEffect, settleCharge } from '../domain/invoices/settlement';
import type { Applied } from '../domain/subscriptions/lifecycle';
import type { CheckoutMethod, PaymentPort } from '../payments/port';

/** What a job applied to one subscription that may ask for money (subscriptionJobs.ts). */
export interface AppliedJob {
  readonly subscriptionNo: string;
  readonly eventId: number;
  readonly effects: Applied['effects'];
}

/**
 * Records the charges and invoices of one applied job in the job's own transaction `tx`, so a
 * renewal is never committed without the money it asks for (a process killed between the two
 * would otherwise leave a renewed period that nobody is charged for). A renewal bills the period
 * less the stopped paper issues its title credits (never more than its amount; one brought to
 * 0 kr is recorded paid, settlement.ts). Returns how many effects were recorded.
 */
export async function recordJobBilling(tx: Queryable, job: AppliedJob, now: Date): Promise<number> {
  let recorded = 0;
  for (const effect of job.effects) {
    const credit =
      effect.reason === 'renewal' ? await creditStoppedIssues(tx, job.subscriptionNo, effect) : 0;
    const billed = credit > 0 ? { ...effect, amountOre: effect.amountOre - credit } : effect;
    // The event is new in this transaction, so its effect cannot have been recorded before.
    if (await recordBillingEffect(tx, job.eventId, job.subscriptionNo, billed, now, credit))
      recorded += 1;
  }
  return recorded;
}

const chargeable: ReadonlySet<string> = new Set<CheckoutMethod>(['VIPPS', 'SWEDBANK-PPG']);

export interface SettleRun {
  readonly paid: number;
  readonly failed: number;
}

/** Seconds a claimed charge is left to its run: the provider's calls and their retries. */
export const CHARGE_CLAIM_SECONDS = 120;

export interface SettleDeps {
  readonly db: Db;
  readonly payments: PaymentPort;
  readonly now: () => Date;
  readonly log?: { error(obj: object, msg: string): void };
}

/**
 * Takes the open charges through the provider, each claimed first (two runs at once never charge
 * one twice; the provider's idempotency key `charge-<id>` covers a run that died mid-charge). A
 * failure is kept (status failed) for follow-up. A capture no record holds (the charge was
 * settled otherwise meanwhile, or the amount is not the one asked for) is given back at once
 * (`refund-charge-<id>`).
 */
export async function settleOpenCharges(deps: SettleDeps, limit = 100): Promise<SettleRun> {
  const rows = await claimOpenCharges(
    deps.db,
    [...chargeable],
    limit,
    deps.now(),
    CHARGE_CLAIM_SECONDS,
  );
  let paid = 0;
  let failed = 0;
  for (const row of rows) {
    let status: 'paid' | 'failed' = 'failed';
    let paymentId: string | null = null;
    let maskedCard: string | null = null;
    let captured = 0;
    try {
      const payment = await deps.payments.chargeRecurring({
        reference: `charge-${row.id}`,
        method: row.provider as CheckoutMethod,
        amountOre: Number(row.amount_ore),
        currency: 'NOK',
        description: invoiceDescription(
          { planName: row.plan_name, period: row.period, reason: row.reason },
          getPublication(row.title_code).language,
        ),
        merchant: getPublication(row.title_code).displayName,
        idempotencyKey: `charge-${row.id}`,
      });
      paymentId = payment.paymentId;
      maskedCard = payment.card?.maskedNumber ?? null;
      if (payment.status === 'CAPTURED') captured = payment.amountOre;
      if (payment.status === 'CAPTURED' && payment.amountOre === Number(row.amount_ore))
        status = 'paid';
    } catch {
      status = 'failed';
    }
    const settled = await settleCharge(deps.db, row.id, status, paymentId, deps.now(), maskedCard);
    // Money taken that no record holds: the charge was settled otherwise meanwhile, or the
    // provider captured another amount than the one asked for.
    if (captured > 0 && paymentId && (!settled || status !== 'paid')) {
      try {
        await deps.payments.refundPayment(paymentId, captured, `refund-charge-${row.id}`);
      } catch (error) {
        deps.log?.error(
          { chargeId: row.id, paymentId, err: error },
          'a capture no charge holds could not be refunded; needs a person',
        );
      }
    }
    if (status === 'paid') paid += 1;
    else failed += 1;
  }
  return { paid, failed };
}
