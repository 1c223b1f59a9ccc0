// The server's background work on one timer: the subscription jobs (renewals, plan changes,
// trial ends, expiries), recording and collecting the money they ask for, and reconciling
// orders whose payment never came back. Each part is idempotent, so two instances or a rerun
// after a crash do no harm.
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { reconcileOrders } from '../domain/orders/reconcile';
import type { PaymentPort } from '../payments/port';

import { recordBillingEffects, settleOpenCharges } from './billing';
import { startScheduler, type Scheduler } from './subscriptionJobs';

export interface BackgroundDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly payments: PaymentPort;
  readonly log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export function startBackgroundWork(deps: BackgroundDeps, intervalMs: number): Scheduler {
  return startScheduler(
    {
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      onRun: async (run) => {
        await recordBillingEffects(deps.db, run, deps.clock.now());
        const charges = await settleOpenCharges({
          db: deps.db,
          payments: deps.payments,
          now: () => deps.clock.now(),
        });
        const orders = await reconcileOrders(deps);
        if (charges.paid + charges.failed + orders.checked > 0)
          deps.log.info({ charges, orders }, 'billing and orders settled');
      },
    },
    intervalMs,
  );
}
