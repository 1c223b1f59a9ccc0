// What has happened to a subscription, as the reader may see it: the audit trail
// (`subscription_events`, written only by lifecycle.ts) read newest first, each event's kind in
// the contract's words (SubscriptionChangeKind), who made it and the status before and after.
// Never the event's detail (prices, reasons, payment references stay internal). The screens that
// report an outcome read it so they only say what did happen.
import { statusName, type StatusName } from '../../../shared/subscription/status';
import type { Queryable } from '../../db/db';

import type { Actor } from './lifecycle';

export type SubscriptionChangeKind =
  | 'activated'
  | 'trial-started'
  | 'cancelled'
  | 'cancellation-undone'
  | 'expired'
  | 'reactivated'
  | 'renewed'
  | 'trial-ended'
  | 'plan-change-scheduled'
  | 'plan-change-withdrawn'
  | 'plan-change-applied'
  | 'upgraded'
  | 'suspended'
  | 'resumed'
  | 'payment-method-changed'
  | 'connected'
  | 'withdrawn'
  | 'share-started'
  | 'share-ended'
  | 'share-end-undone'
  | 'closed'
  | 'other';

/** The audit event kinds (engine commands and lifecycle.ts's own changes) in the contract's words. */
const kinds: Readonly<Record<string, SubscriptionChangeKind>> = {
  activate: 'activated',
  startTrial: 'trial-started',
  cancel: 'cancelled',
  undoCancellation: 'cancellation-undone',
  expire: 'expired',
  reactivate: 'reactivated',
  renew: 'renewed',
  endTrial: 'trial-ended',
  schedulePlanChange: 'plan-change-scheduled',
  withdrawPlanChange: 'plan-change-withdrawn',
  applyPlanChange: 'plan-change-applied',
  upgradeNow: 'upgraded',
  suspend: 'suspended',
  resume: 'resumed',
  changePaymentMethod: 'payment-method-changed',
  assign: 'connected',
  withdraw: 'withdrawn',
  startShare: 'share-started',
  endShare: 'share-ended',
  undoShareEnd: 'share-end-undone',
  close: 'closed',
};

export interface SubscriptionChange {
  readonly kind: SubscriptionChangeKind;
  readonly occurredAt: string;
  readonly actor: Actor;
  readonly fromStatus: StatusName;
  readonly toStatus: StatusName;
}

/** How many of the latest changes are answered (the contract's maxItems). */
export const SUBSCRIPTION_CHANGES_MAX = 20;

/** The latest changes of a subscription (at most SUBSCRIPTION_CHANGES_MAX), newest first. */
export async function subscriptionChanges(
  db: Queryable,
  subscriptionNo: string,
): Promise<SubscriptionChange[]> {
  const rows = await db.query<{
    kind: string;
    from_status: number;
    to_status: number;
    actor: Actor;
    occurred_at: Date | string;
  }>(
    `select kind, from_status, to_status, actor, occurred_at
       from subscription_events where subscription_no = $1
      order by occurred_at desc, id desc
      limit $2`,
    [subscriptionNo, SUBSCRIPTION_CHANGES_MAX],
  );
  return rows.map((row) => ({
    kind: kinds[row.kind] ?? 'other',
    occurredAt: new Date(row.occurred_at).toISOString(),
    actor: row.actor,
    fromStatus: statusName(row.from_status),
    toStatus: statusName(row.to_status),
  }));
}
