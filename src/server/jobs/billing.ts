// Money the subscription jobs ask for: every billing effect of a job is recorded once (by its
// audit event) in the job's own transaction, and open charges against a stored card or Vipps agreement are taken
// through the payment port, idempotently per effect (the provider key is the effect's id).
// Invoices (giro, no stored method) stay open for the invoice flow.
import { getPublication } from '../../shared/publications/registry';
import type { Db, Queryable } from '../db/db';
import { creditStoppedIssues } from '../domain/delivery/changes';
import { invoiceDescription } from '../domain/invoices/descriptions';
import { openCharges, recordBillingEffect, settleCharge } from '../domain/invoices/settlement';
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

/** Takes the open charges through the provider; a failure is kept (status failed) for follow-up. */
export async function settleOpenCharges(
  deps: { db: Db; payments: PaymentPort; now: () => Date },
  limit = 100,
): Promise<SettleRun> {
  const rows = await openCharges(deps.db, [...chargeable], limit);
  let paid = 0;
  let failed = 0;
  for (const row of rows) {
    let status: 'paid' | 'failed' = 'failed';
    let paymentId: string | null = null;
    let maskedCard: string | null = null;
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
      if (payment.status === 'CAPTURED' && payment.amountOre === Number(row.amount_ore))
        status = 'paid';
    } catch {
      status = 'failed';
    }
    await settleCharge(deps.db, row.id, status, paymentId, deps.now(), maskedCard);
    if (status === 'paid') paid += 1;
    else failed += 1;
  }
  return { paid, failed };
}
