// Money the subscription jobs ask for: every billing effect of a job is recorded once (by its
// audit event) in the job's own transaction, and charges against the subscription's mandate (a
// stored card or Vipps agreement) are taken through the payment port, idempotently per attempt
// (the provider key is the effect's id and the attempt). Invoices (giro, no stored method) stay
// open for the invoice flow.
import { getPublication } from '../../shared/publications/registry';
import { osloDateOf } from '../../shared/time/oslo';
import type { Db, Queryable } from '../db/db';
import {
  claimMissedPaperCredits,
  markMissedPaperCredited,
} from '../domain/complaints/missedPaperCredits';
import { creditStoppedIssues } from '../domain/delivery/changePrices';
import { noticeFailedCharge } from '../domain/dunning/dunning';
import { invoiceDescription } from '../domain/invoices/descriptions';
import {
  type ChargeOutcome,
  type ChargeToTake,
  claimCharges,
  recordBillingEffect,
  recordChargeOutcome,
  releaseCharge,
  resumeWhenPaid,
} from '../domain/invoices/settlement';
import type { Applied } from '../domain/subscriptions/lifecycle';
import type { CheckoutMethod, PaymentPort, ProviderPayment } from '../payments/port';

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
 * 0 kr is recorded paid, settlement.ts), then less the missed papers credited by complaints
 * (complaints/missedPaperCredits.ts: whole issues, never below 1 kr; the rest waits for the next
 * renewal). Returns how many effects were recorded.
 */
export async function recordJobBilling(tx: Queryable, job: AppliedJob, now: Date): Promise<number> {
  let recorded = 0;
  for (const effect of job.effects) {
    const renewal = effect.reason === 'renewal';
    const credit = renewal ? await creditStoppedIssues(tx, job.subscriptionNo, effect) : 0;
    const missed = renewal
      ? await claimMissedPaperCredits(tx, job.subscriptionNo, effect.amountOre - credit)
      : { totalOre: 0, dates: [] };
    const off = credit + missed.totalOre;
    const billed = off > 0 ? { ...effect, amountOre: effect.amountOre - off } : effect;
    // The event is new in this transaction, so its effect cannot have been recorded before.
    if (await recordBillingEffect(tx, job.eventId, job.subscriptionNo, billed, now, credit)) {
      await markMissedPaperCredited(tx, job.subscriptionNo, missed, job.eventId, now);
      recorded += 1;
    }
  }
  return recorded;
}

const chargeable: ReadonlySet<string> = new Set<CheckoutMethod>(['VIPPS', 'SWEDBANK-PPG']);

export interface SettleRun {
  readonly paid: number;
  readonly failed: number;
  /** Charges the provider has not decided yet (asked again at the next run). */
  readonly pending: number;
}

/** Seconds a claimed charge is left to its run: the provider's calls and their retries. */
export const CHARGE_CLAIM_SECONDS = 120;

/**
 * When a failed charge is tried again, in days after the attempt that failed: on the due day,
 * then 3 days later, then 4 more (a week after it was due). After the last, only a new payment
 * method or a payment by hand settles it (and dunning suspends the subscription: dunning.ts).
 */
export const CHARGE_RETRY_AFTER_DAYS: readonly number[] = [3, 4];

/** Days Vipps keeps trying one charge after its due day (Recurring `retryDays`). */
export const VIPPS_RETRY_DAYS = 2;

/** A failure that no retry can mend: the mandate is gone (or there never was one). */
const lasting = new Set<string>(['MANDATE_INACTIVE', 'NO_MANDATE']);

export interface SettleDeps {
  readonly db: Db;
  readonly payments: PaymentPort;
  readonly now: () => Date;
  readonly log?: {
    error(obj: object, msg: string): void;
    warn?(obj: object, msg: string): void;
  };
}

/** The next attempt after `attempts` attempts failed with `failure`, or null: none by itself. */
export function nextAttempt(attempts: number, failure: string, failedAt: Date): Date | null {
  if (lasting.has(failure)) return null;
  const days = CHARGE_RETRY_AFTER_DAYS[attempts - 1];
  return days === undefined ? null : new Date(failedAt.getTime() + days * 86_400_000);
}

/**
 * Takes the card and Vipps charges through the provider, each claimed first (two runs at once
 * never charge one twice; the provider's idempotency key `charge-<id>` — `charge-<id>-<n>` for
 * the n-th attempt — covers a run that died mid-charge). An open charge is charged to the
 * subscription's mandate (its Vipps agreement or stored card, as it pays now); one the provider
 * has not decided is kept pending and asked about at the next run; a failed one is kept with why,
 * and tried again on schedule (nextAttempt). A capture no record holds (the charge was settled
 * otherwise meanwhile, or the amount is not the one asked for) is given back at once
 * (`refund-charge-<id>`, per attempt).
 */
export async function settleOpenCharges(deps: SettleDeps, limit = 100): Promise<SettleRun> {
  const rows = await claimCharges(
    deps.db,
    [...chargeable],
    limit,
    deps.now(),
    CHARGE_CLAIM_SECONDS,
  );
  const counts = { paid: 0, failed: 0, pending: 0 };
  for (const row of rows) {
    const outcome = await takeCharge(deps, row);
    if (outcome) counts[outcome] += 1;
  }
  return counts;
}

/**
 * A provider's event about one charge (Vipps: charge captured or failed): that charge is asked
 * about now instead of at the next run, through the same claim, so a run and the event never
 * record it twice. False when no pending charge has this payment (settled already, or not ours).
 */
export async function followCharge(deps: SettleDeps, paymentId: string): Promise<boolean> {
  const [row] = await claimCharges(
    deps.db,
    [...chargeable],
    1,
    deps.now(),
    CHARGE_CLAIM_SECONDS,
    paymentId,
  );
  if (!row) return false;
  await takeCharge(deps, row);
  return true;
}

async function takeCharge(
  deps: SettleDeps,
  row: ChargeToTake,
): Promise<'paid' | 'failed' | 'pending' | null> {
  const amountOre = Number(row.amount_ore);
  const following = row.status === 'pending' && row.payment_id !== null;
  const attempt = following ? row.attempts : row.attempts + 1;
  const key = attempt <= 1 ? `charge-${row.id}` : `charge-${row.id}-${attempt}`;
  const method = row.payment_provider;
  let payment: ProviderPayment | null = null;
  let outcome: ChargeOutcome | null = null;
  if (following) {
    try {
      payment = await deps.payments.getPayment(row.payment_id!);
    } catch (error) {
      // The provider could not be asked: the charge stays pending for the next run.
      deps.log?.warn?.({ chargeId: row.id, err: error }, 'a pending charge could not be looked up');
      await releaseCharge(deps.db, row.id);
      return null;
    }
  } else if (!method || !chargeable.has(method) || !row.payment_agreement_id) {
    outcome = { status: 'failed', paymentId: null, failure: 'NO_MANDATE', retryAt: null };
  } else {
    try {
      payment = await deps.payments.chargeRecurring({
        reference: key,
        mandate: { method: method as CheckoutMethod, id: row.payment_agreement_id },
        amountOre,
        currency: 'NOK',
        description: invoiceDescription(
          { planName: row.plan_name, period: row.period, reason: row.reason },
          getPublication(row.title_code).language,
        ),
        merchant: getPublication(row.title_code).displayName,
        idempotencyKey: key,
        due: dayOf(row.period_start),
        retryDays: method === 'VIPPS' ? VIPPS_RETRY_DAYS : 0,
      });
    } catch (error) {
      deps.log?.warn?.({ chargeId: row.id, err: error }, 'a charge could not be made');
      payment = null;
    }
  }
  const now = deps.now();
  let captured = 0;
  // No answer at all (a timeout, the provider's error) is a TECHNICAL failure, tried again on
  // schedule (`result` below).
  if (payment) {
    if (payment.status === 'CAPTURED') captured = payment.amountOre;
    if (payment.status === 'CAPTURED' && payment.amountOre === amountOre)
      outcome = {
        status: 'paid',
        paymentId: payment.paymentId,
        provider: payment.method,
        maskedCard: payment.card?.maskedNumber ?? null,
      };
    else if (payment.status === 'CREATED')
      outcome = { status: 'pending', paymentId: payment.paymentId };
    else {
      const failure =
        payment.status === 'CAPTURED' ? 'AMOUNT_MISMATCH' : (payment.failure ?? 'TECHNICAL');
      outcome = {
        status: 'failed',
        paymentId: payment.paymentId,
        failure,
        retryAt: nextAttempt(attempt, failure, now),
      };
    }
  }
  const result: ChargeOutcome = outcome ?? {
    status: 'failed',
    paymentId: null,
    failure: 'TECHNICAL',
    retryAt: nextAttempt(attempt, 'TECHNICAL', now),
  };
  // The outcome, what the reader is told of a failure, and a subscription suspended for this
  // charge coming back once it is paid: one transaction.
  const kept = await deps.db.transaction(async (tx) => {
    if (!(await recordChargeOutcome(tx, row.id, result, !following, now))) return false;
    if (result.status === 'failed') await noticeFailedCharge(tx, row.id, now);
    if (result.status === 'paid')
      await resumeWhenPaid(tx, row.subscription_no, row.id, {
        clock: { now: () => now },
        actor: 'job',
        context: { chargeId: String(row.id), paymentId: result.paymentId },
      });
    return true;
  });
  // Money taken that no record holds: the charge was settled otherwise meanwhile, or the
  // provider captured another amount than the one asked for.
  if (captured > 0 && payment && (!kept || result.status !== 'paid')) {
    try {
      await deps.payments.refundPayment(
        payment.paymentId,
        captured,
        attempt <= 1 ? `refund-charge-${row.id}` : `refund-charge-${row.id}-${attempt}`,
      );
    } catch (error) {
      deps.log?.error(
        { chargeId: row.id, paymentId: payment.paymentId, err: error },
        'a capture no charge holds could not be refunded; needs a person',
      );
    }
  }
  return kept ? result.status : null;
}

/** A date column as YYYY-MM-DD (PGlite and node-postgres may answer a Date). */
const dayOf = (value: string | Date): string =>
  typeof value === 'string' ? value.slice(0, 10) : osloDateOf(value);
