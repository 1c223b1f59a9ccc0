// The dunning job (domain/dunning/dunning.ts has the rule): first every reminder that is due,
// then every suspension whose day has come, one invoice per transaction. Safe to run twice, after
// a crash, or on several instances at once: each invoice is claimed `for update skip locked`, and
// each message is a unique row written with its e-mail (and, for a suspension, with the engine
// command and its audit event), so nothing is sent or suspended twice. An invoice whose claim
// fails (an error of any kind, rolled back) is logged at error level with its number, counted as
// failed and left for the next run; the run goes on with the next invoice.
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import {
  type DunningOutcome,
  invoiceNoOf,
  sendNextReminder,
  suspendNext,
} from '../domain/dunning/dunning';

export interface DunningRun {
  readonly reminders: number;
  readonly suspensions: number;
  /** Claimed but done already by another run (the notice or the audit event existed). */
  readonly duplicates: number;
  /** Left alone because the subscription changed meanwhile (suspended, cancelled). */
  readonly skipped: number;
  readonly failed: number;
  readonly errors: readonly {
    readonly billingEffectId: string;
    readonly ariaInvoiceNo: string;
    readonly message: string;
  }[];
}

/** Where a failed invoice is reported (the server's logger). */
export interface DunningLog {
  error(obj: object, msg: string): void;
}

/** Bound on the invoices one run handles per step, so a run always ends. */
const MAX_PER_STEP = 10_000;

export async function runDunning(db: Db, clock: Clock, log?: DunningLog): Promise<DunningRun> {
  const counts = { reminders: 0, suspensions: 0, duplicates: 0, skipped: 0, failed: 0 };
  const errors: { billingEffectId: string; ariaInvoiceNo: string; message: string }[] = [];
  const steps: readonly [
    'reminders' | 'suspensions',
    (tried: readonly string[]) => Promise<DunningOutcome>,
  ][] = [
    ['reminders', (tried) => sendNextReminder(db, clock, tried)],
    ['suspensions', (tried) => suspendNext(db, clock, tried)],
  ];
  for (const [name, next] of steps) {
    // An invoice left alone in this run is not claimed again by it.
    const tried: string[] = [];
    for (let i = 0; i < MAX_PER_STEP; i += 1) {
      const outcome = await next(tried);
      if (outcome.kind === 'none') break;
      if (outcome.kind === 'sent') {
        counts[name] += 1;
        continue;
      }
      tried.push(outcome.billingEffectId);
      counts[outcome.kind === 'duplicate' ? 'duplicates' : outcome.kind] += 1;
      if (outcome.kind === 'failed') {
        const error = {
          billingEffectId: outcome.billingEffectId,
          ariaInvoiceNo: invoiceNoOf(outcome.billingEffectId),
          message: outcome.message,
        };
        errors.push(error);
        log?.error({ ...error, step: name }, 'dunning failed for an invoice');
      }
    }
  }
  return { ...counts, errors };
}
