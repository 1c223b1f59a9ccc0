// The subscription jobs: pending plan changes, renewals, trial ends and expiries that have come
// due by the clock's Oslo date. Each subscription is claimed in its own transaction with
// `for update skip locked` (several instances share the work on PostgreSQL; PGlite has one
// connection), the due condition is checked again under the lock, and the audit event's dedupe
// key (<job>:<subscription_no>:<date>) makes a repeated run a no-op; the charges and invoices a
// job asks for are recorded in the same transaction (billing.ts). Plan changes run first, so
// a renewal on the day of a change is charged at the new plan's price, and trial ends before
// renewals; passes repeat until one changes nothing, so whatever a job makes due is done too.
import { SubscriptionStatus, type StatusName } from '../../shared/subscription/status';
import { osloDateOf } from '../../shared/time/oslo';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { Command } from '../domain/subscriptions/engine';
import { applyCommandInTx, type Applied } from '../domain/subscriptions/lifecycle';
import { DomainError } from '../errors';

import { recordJobBilling } from './billing';

interface Job {
  readonly name: 'planChange' | 'renew' | 'trialEnd' | 'expire';
  readonly command: Command;
  /** Selects one due subscription and the date it is due for ($1 today, $2 already tried). */
  readonly claim: string;
}

/** SQL for "the status is one of these", from the status names (src/shared/subscription/status.ts). */
const statusIn = (...names: StatusName[]) =>
  `status_code in (${names.map((name) => SubscriptionStatus[name]).join(', ')})`;

const claim = (due: string, dueDate: string) => `
  select subscription_no, (${dueDate})::text as due_date from subscriptions
   where ${due} and not (subscription_no = any($2::text[]))
   order by ${dueDate}, subscription_no
   limit 1
     for update skip locked`;

const jobs: readonly Job[] = [
  {
    name: 'planChange',
    command: { kind: 'applyPlanChange' },
    claim: claim(
      `${statusIn('ACTIVE', 'TRIAL')} and pending_plan_id is not null and pending_effective_date <= $1`,
      'pending_effective_date',
    ),
  },
  {
    name: 'trialEnd',
    command: { kind: 'endTrial' },
    claim: claim(
      `${statusIn('TRIAL')} and coalesce(trial_ends, renewal_date - 1) < $1`,
      'coalesce(trial_ends, renewal_date - 1)',
    ),
  },
  {
    name: 'renew',
    command: { kind: 'renew' },
    claim: claim(
      `${statusIn('ACTIVE', 'ACTIVE_NON_BILLABLE')} and renewal_date <= $1`,
      'renewal_date',
    ),
  },
  {
    name: 'expire',
    command: { kind: 'expire' },
    claim: claim(
      `(${statusIn('PENDING_CANCELLATION', 'PENDING_TERMINATION')}
        or (${statusIn('SUSPENDED')} and expiry_date is not null)) and expiry_date < $1`,
      'expiry_date',
    ),
  },
];

export interface JobCounts {
  readonly planChanges: number;
  readonly renewals: number;
  readonly trialsEnded: number;
  readonly expiries: number;
  /** Claimed but already done by another run (the dedupe key existed). */
  readonly duplicates: number;
  readonly failed: number;
}

export interface JobEffects {
  readonly subscriptionNo: string;
  readonly job: Job['name'];
  readonly eventId: number;
  readonly effects: Applied['effects'];
}

export interface JobRun extends JobCounts {
  /** The charges and invoices the run recorded (kept in the audit events too). */
  readonly effects: readonly JobEffects[];
  readonly errors: readonly { subscriptionNo: string; job: string; message: string }[];
}

/** Bound on passes over the jobs in one run (each pass repeats only when something changed). */
const MAX_PASSES = 5;

const countKey = {
  planChange: 'planChanges',
  renew: 'renewals',
  trialEnd: 'trialsEnded',
  expire: 'expiries',
} as const;

type Outcome =
  | { kind: 'none' }
  | { kind: 'done'; subscriptionNo: string; applied: Applied }
  | { kind: 'duplicate' | 'failed'; subscriptionNo: string; message: string };

class Skip extends Error {
  constructor(readonly outcome: Outcome) {
    super('skip');
  }
}

/** Claims one due subscription for a job and applies it, in one transaction. */
async function claimAndApply(
  db: Db,
  clock: Clock,
  job: Job,
  today: string,
  tried: readonly string[],
): Promise<Outcome> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.query<{ subscription_no: string; due_date: string }>(job.claim, [
        today,
        tried,
      ]);
      if (!row) return { kind: 'none' } as const;
      const subscriptionNo = row.subscription_no;
      try {
        const applied = await applyCommandInTx(tx, subscriptionNo, job.command, {
          clock,
          actor: 'job',
          dedupeKey: `${job.name}:${subscriptionNo}:${row.due_date}`,
        });
        // The money the job asks for commits with it, or neither does.
        await recordJobBilling(tx, { subscriptionNo, ...applied }, clock.now());
        return { kind: 'done', subscriptionNo, applied } as const;
      } catch (error) {
        // Thrown on to roll the transaction back, then reported as an outcome.
        const duplicate = error instanceof DomainError && error.code === 'DUPLICATE_EVENT';
        throw new Skip({
          kind: duplicate ? 'duplicate' : 'failed',
          subscriptionNo,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    });
  } catch (error) {
    if (error instanceof Skip) return error.outcome;
    throw error;
  }
}

/** Runs every job for what is due on the clock's Oslo date; safe to run twice or concurrently. */
export async function runDueJobs(db: Db, clock: Clock): Promise<JobRun> {
  const today = osloDateOf(clock.now());
  const counts = {
    planChanges: 0,
    renewals: 0,
    trialsEnded: 0,
    expiries: 0,
    duplicates: 0,
    failed: 0,
  };
  const effects: JobEffects[] = [];
  const errors: { subscriptionNo: string; job: string; message: string }[] = [];
  // A subscription that failed or was a duplicate in this run is not claimed again by it.
  const tried: Record<Job['name'], string[]> = {
    planChange: [],
    renew: [],
    trialEnd: [],
    expire: [],
  };

  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    let changed = 0;
    for (const job of jobs) {
      for (;;) {
        const outcome = await claimAndApply(db, clock, job, today, tried[job.name]);
        if (outcome.kind === 'none') break;
        if (outcome.kind === 'done') {
          counts[countKey[job.name]] += 1;
          changed += 1;
          const { eventId, effects: produced } = outcome.applied;
          if (produced.length > 0)
            effects.push({
              subscriptionNo: outcome.subscriptionNo,
              job: job.name,
              eventId,
              effects: produced,
            });
          continue;
        }
        tried[job.name].push(outcome.subscriptionNo);
        if (outcome.kind === 'duplicate') counts.duplicates += 1;
        else {
          counts.failed += 1;
          errors.push({
            subscriptionNo: outcome.subscriptionNo,
            job: job.name,
            message: outcome.message,
          });
        }
      }
    }
    if (changed === 0) break;
  }
  return { ...counts, effects, errors };
}

export interface SchedulerDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly log?: {
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** Called with each run's outcome (the payments port takes the effects from here). */
  readonly onRun?: (run: JobRun) => void | Promise<void>;
}

export interface Scheduler {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs the jobs every `intervalMs` (and once right away). Runs never overlap in one process; the
 * timers are unref'ed so they never keep the process alive.
 */
export function startScheduler(deps: SchedulerDeps, intervalMs = 60_000): Scheduler {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = (async () => {
      try {
        const run = await runDueJobs(deps.db, deps.clock);
        const changed =
          run.planChanges + run.renewals + run.trialsEnded + run.expiries + run.failed;
        if (changed > 0)
          deps.log?.info(
            { jobs: { ...run, effects: run.effects.length } },
            'subscription jobs ran',
          );
        for (const e of run.errors) deps.log?.error(e, 'subscription job failed');
        await deps.onRun?.(run);
      } catch (error) {
        deps.log?.error({ err: error }, 'subscription jobs failed');
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(tick, 0);
  first.unref();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
