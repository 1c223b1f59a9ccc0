// Money the subscription jobs ask for: every billing effect of a job run is recorded once (by
// its audit event), and open charges against a stored card or Vipps agreement are taken
// through the payment port, idempotently per effect (the provider key is the effect's id).
// Invoices (giro, no stored method) stay open for the invoice flow.
import { getPublication } from '../../shared/publications/registry';
import type { Db } from '../db/db';
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
      const rows = await db.query(
        `insert into billing_effects (event_id, subscription_no, kind, reason, amount_ore,
           period_start, period_end, provider, plan_id, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (event_id) do nothing returning id`,
        [
          job.eventId,
          job.subscriptionNo,
          effect.kind,
          effect.reason,
          effect.amountOre,
          effect.periodStart,
          effect.periodEnd,
          effect.provider,
          effect.planId,
          now.toISOString(),
        ],
      );
      recorded += rows.length;
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
  const rows = await deps.db.query<{
    id: number | string;
    subscription_no: string;
    title_code: string;
    amount_ore: number | string;
    provider: string;
    reason: string;
    plan_name: string;
    [column: string]: unknown;
  }>(
    `select b.id, b.subscription_no, s.title_code, b.amount_ore, b.provider, b.reason, p.plan_name
       from billing_effects b
       join subscriptions s on s.subscription_no = b.subscription_no
       join plans p on p.id = s.plan_id
      where b.status = 'open' and b.kind = 'charge' and b.provider = any($1::text[])
      order by b.id limit $2`,
    [[...chargeable], limit],
  );
  let paid = 0;
  let failed = 0;
  for (const row of rows) {
    let status: 'paid' | 'failed' = 'failed';
    let paymentId: string | null = null;
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
      if (payment.status === 'CAPTURED' && payment.amountOre === Number(row.amount_ore))
        status = 'paid';
    } catch {
      status = 'failed';
    }
    await deps.db.query(
      `update billing_effects set status = $2, payment_id = $3, settled_at = $4
        where id = $1 and status = 'open'`,
      [row.id, status, paymentId, deps.now().toISOString()],
    );
    if (status === 'paid') paid += 1;
    else failed += 1;
  }
  return { paid, failed };
}
