// The server's background work on one timer: the subscription jobs (renewals, plan changes,
// trial ends, expiries), recording and collecting the money they ask for, reconciling
// orders whose payment never came back, dunning unpaid giro invoices (reminder, then
// suspension), family members' shares following their owner's subscription, telling readers
// who stop qualifying for the student or youth plan what it becomes (plan conversions), erasing
// the data of readers whose deletion day has come (and their bookkeeping when its years are out),
// resuming paused subscriptions (and the e-mail a week before), and sending withdrawal refunds the provider did not take at once. Each part is idempotent, so two instances or a rerun after a crash do no harm.
import type { Clock } from '../clock';
import type { RetentionConfig } from '../config';
import type { Db } from '../db/db';
import { applyDueMoves } from '../domain/delivery/movesJob';
import { followOwners } from '../domain/family/follow';
import { reconcileOrders } from '../domain/orders/reconcile';
import { eraseDueReaders, purgeExpiredBookkeeping } from '../domain/privacy/deletion';
import { purgeExpiredExports } from '../domain/privacy/export';
import { runConversions } from '../domain/subscriptions/conversions';
import { runPauses } from '../domain/subscriptions/pauses';
import { retryPendingRefunds } from '../domain/subscriptions/withdrawalRefunds';
import type { PaymentPort } from '../payments/port';

import { settleOpenCharges } from './billing';
import { runDunning } from './dunning';
import { runRetention } from './retention';
import { startScheduler, type Scheduler } from './subscriptionJobs';

export interface BackgroundDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly payments: PaymentPort;
  /** How long rows that only serve operations are kept (retention.ts); defaults if unset. */
  readonly retention?: RetentionConfig;
  /** Told how each part of a run ended (the metrics' job runs and failures). */
  readonly onPart?: (part: BackgroundPart, outcome: 'ok' | 'failed') => void;
  readonly log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** The parts of one run of the background work, in their order. */
export type BackgroundPart =
  | 'billing'
  | 'dunning'
  | 'families'
  | 'conversions'
  | 'pauses'
  | 'data-copies'
  | 'erasure'
  | 'moves'
  | 'retention'
  | 'refunds';

export function startBackgroundWork(deps: BackgroundDeps, intervalMs: number): Scheduler {
  /**
   * Runs one part in a try of its own: a part that fails is logged with `failure` and told as
   * failed, and the parts after it run all the same (a reminder that is due never waits for
   * trouble with charges; money a reader is owed is always sent).
   */
  const part = async (
    name: BackgroundPart,
    failure: string,
    work: () => Promise<boolean | void>,
  ): Promise<void> => {
    try {
      const failedInside = await work();
      deps.onPart?.(name, failedInside === true ? 'failed' : 'ok');
    } catch (error) {
      deps.log.error({ err: error }, failure);
      deps.onPart?.(name, 'failed');
    }
  };
  return startScheduler(
    {
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      onRun: async () => {
        await part('billing', 'billing and orders could not be settled', async () => {
          const charges = await settleOpenCharges({
            db: deps.db,
            payments: deps.payments,
            now: () => deps.clock.now(),
            log: deps.log,
          });
          const orders = await reconcileOrders(deps);
          if (charges.paid + charges.failed + orders.checked + orders.captured > 0)
            deps.log.info({ charges, orders }, 'billing and orders settled');
        });
        // Each invoice that failed is logged at error level as it fails (runDunning).
        await part('dunning', 'dunning could not run', async () => {
          const dunning = await runDunning(deps.db, deps.clock, deps.log);
          if (dunning.reminders + dunning.suspensions + dunning.failed > 0)
            deps.log.info({ dunning }, 'dunning ran');
          return dunning.failed > 0;
        });
        // After the jobs and dunning that change owners' subscriptions: members' shares follow
        // their owner's (cancelled, ended, suspended).
        await part('families', 'families could not follow their owners', async () => {
          const family = await followOwners(deps.db, deps.clock);
          if (family.ended + family.ending + family.continued + family.invitationsWithdrawn > 0)
            deps.log.info(
              { family: { ...family, failed: family.failed.length } },
              'families followed their owners',
            );
          for (const f of family.failed)
            deps.log.error(f, 'a family share could not follow its owner');
          return family.failed.length > 0;
        });
        // After the jobs (a conversion whose day came has been applied): readers who stop
        // qualifying for the student or youth plan are told in time what it becomes.
        await part('conversions', 'plan conversions could not run', async () => {
          const conversions = await runConversions(deps);
          if (conversions.noticed + conversions.rescheduled + conversions.done > 0)
            deps.log.info(
              { conversions: { ...conversions, failed: conversions.failed.length } },
              'plan conversions',
            );
          for (const f of conversions.failed)
            deps.log.error(f, 'a plan conversion could not be scheduled');
          return conversions.failed.length > 0;
        });
        // Paused subscriptions: the e-mail 7 days before a pause ends, then resuming on its day.
        await part('pauses', 'paused subscriptions could not resume', async () => {
          const pauses = await runPauses(deps);
          if (pauses.notices + pauses.resumed + pauses.failed > 0)
            deps.log.info({ pauses }, 'paused subscriptions');
          return pauses.failed > 0;
        });
        // Copies of readers' data whose time is out are deleted.
        await part('data-copies', 'expired data copies could not be deleted', async () => {
          const purged = await purgeExpiredExports(deps.db, deps.clock.now());
          if (purged > 0) deps.log.info({ purged }, 'expired data copies deleted');
        });
        // Readers whose deletion day has come are erased; bookkeeping kept past its years goes.
        await part('erasure', 'readers’ data could not be erased', async () => {
          const erased = await eraseDueReaders(deps);
          if (erased > 0) deps.log.info({ erased }, 'readers’ data erased at their request');
          const purged = await purgeExpiredBookkeeping(deps.db, deps.clock.now());
          if (purged > 0) deps.log.info({ purged }, 'bookkeeping of erased readers deleted');
        });
        // A move's address becomes the delivery address on its first day.
        await part('moves', 'delivery address moves could not be applied', async () => {
          const moves = await applyDueMoves(deps.db, deps.clock.now());
          if (moves > 0) deps.log.info({ moves }, 'delivery address moves applied');
        });
        // Rows whose time is out go.
        await part('retention', 'retention could not run', async () => {
          const retention = await runRetention(deps, deps.retention);
          if (Object.values(retention).some((n) => n > 0))
            deps.log.info({ retention }, 'rows past their retention deleted');
        });
        // Trouble with the billing work never holds back money a reader is owed.
        await part('refunds', 'withdrawal refunds could not be sent', async () => {
          const refunds = await retryPendingRefunds(deps);
          if (refunds > 0) deps.log.info({ refunds }, 'withdrawal refunds sent');
        });
      },
    },
    intervalMs,
  );
}
