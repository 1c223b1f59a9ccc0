// Money the subscription jobs ask for: every billing effect of a job run is recorded once (by
// its audit event), and open charges against a stored card or Vipps agreement are taken
// through the payment port, idempotently per effect (the provider key is the effect's id).
// Invoices (giro, no stored method) stay open for the invoice flow.
import { getPublication } from '../../shared/publications/registry';
import type { Db } from '../db/db';
import { openCharges, recordBillingEffect, settleCharge } from '../domain/invoices/settlement';
import type { CheckoutMethod, PaymentPort } from '../payments/port';

import type { JobRun } from './subscriptionJobs';

export async function recordBillingEffects(
  db: Db,
  run: Pick<JobRun, 'effects'>,
  now: Date,
): Promise<number> {
  let recorded = 0;
  for (const job of run.effects) {
    for (const effect of job.effects) {
      if (await recordBillingEffect(db, job.eventId, job.subscriptionNo, effect, now))
        recorded += 1;
    }
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
        description: `${row.plan_name} (${row.reason})`,
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
