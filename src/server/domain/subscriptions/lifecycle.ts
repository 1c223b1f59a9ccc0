// Applies an engine command to a stored subscription in one transaction: lock the row
// (`select … for update`), run the pure transition, write the new state and the audit event.
// A job passes a dedupe key; when an event with that key exists already the whole transaction
// is rolled back (DUPLICATE_EVENT), so a job's change is applied once however often it runs.
import type { CancellationReason } from '../../../shared/subscription/cancellation';
import type { Period } from '../../../shared/subscription/plans';
import type { StatusCode } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable, Row } from '../../db/db';
import { DomainError } from '../errors';

import { transition, type Command, type EngineState, type Effect, type PlanRef } from './engine';
import { getSubscription, type PaymentProvider, type Subscription } from './subscriptions';

export type Actor = 'user' | 'system' | 'job';

/** A plan of the subscription's own title, chosen by plan id and period. */
export interface PlanSelector {
  readonly ariaPlanID: string;
  readonly period: Period;
}

/** Engine commands, with the plan of a plan change chosen by id and period. */
export type LifecycleCommand =
  | Exclude<Command, { kind: 'schedulePlanChange' | 'upgradeNow' }>
  | { readonly kind: 'schedulePlanChange'; readonly plan: PlanSelector }
  | { readonly kind: 'upgradeNow'; readonly plan: PlanSelector };

export interface ApplyOptions {
  readonly clock: Clock;
  readonly actor: Actor;
  /** Only act on a subscription of this account (otherwise it is not found). */
  readonly ariaAccountNo?: string;
  /** Makes the change once per key (jobs: `<job>:<subscription_no>:<date>`). */
  readonly dedupeKey?: string;
  /** Facts of the request kept with the audit event (e.g. whether a winback offer was taken). */
  readonly context?: Readonly<Record<string, unknown>>;
}

export interface Applied {
  readonly subscription: Subscription;
  readonly effects: readonly Effect[];
  /** The audit event written; also the idempotency reference for the effects' payments. */
  readonly eventId: number;
}

interface StateRow extends Row {
  subscription_no: string;
  aria_account_no: string;
  status_code: number;
  renewal_date: string | null;
  expiry_date: string | null;
  trial_ends: string | null;
  payment_provider: PaymentProvider | null;
  eligible_for_sharing: boolean;
  subscription_info1: string | null;
  cancellation_reason: CancellationReason | null;
  cancellation_comment: string | null;
  pending_effective_date: string | null;
  plan_id: number;
  plan_title_code: string;
  plan_aria_plan_id: string;
  plan_period: Period;
  plan_price_ore: number;
  plan_product_type: 'DIGITAL' | 'COMBO';
  pending_plan_id: number | null;
  pending_title_code: string | null;
  pending_aria_plan_id: string | null;
  pending_period: Period | null;
  pending_price_ore: number | null;
  pending_product_type: 'DIGITAL' | 'COMBO' | null;
  discount_amount_off: number | null;
  discount_percent_off: number | null;
  discount_periods_left: number;
}

const lockState = `
  select s.subscription_no, s.aria_account_no, s.status_code, s.renewal_date, s.expiry_date,
         s.trial_ends, s.payment_provider, s.eligible_for_sharing, s.subscription_info1,
         s.cancellation_reason, s.cancellation_comment, s.pending_effective_date,
         p.id as plan_id, p.title_code as plan_title_code, p.aria_plan_id as plan_aria_plan_id,
         p.period as plan_period, p.price_ore as plan_price_ore,
         p.product_type as plan_product_type,
         pp.id as pending_plan_id, pp.title_code as pending_title_code,
         pp.aria_plan_id as pending_aria_plan_id, pp.period as pending_period,
         pp.price_ore as pending_price_ore, pp.product_type as pending_product_type,
         s.discount_amount_off, s.discount_percent_off, s.discount_periods_left
    from subscriptions s
    join plans p on p.id = s.plan_id
    left join plans pp on pp.id = s.pending_plan_id
   where s.subscription_no = $1 and ($2::text is null or s.aria_account_no = $2)
     for update of s`;

function toState(row: StateRow): EngineState {
  const plan: PlanRef = {
    id: Number(row.plan_id),
    titleCode: row.plan_title_code,
    ariaPlanID: row.plan_aria_plan_id,
    period: row.plan_period,
    priceOre: Number(row.plan_price_ore),
    productType: row.plan_product_type,
  };
  const pending =
    row.pending_plan_id !== null && row.pending_effective_date
      ? {
          plan: {
            id: Number(row.pending_plan_id),
            titleCode: row.pending_title_code!,
            ariaPlanID: row.pending_aria_plan_id!,
            period: row.pending_period!,
            priceOre: Number(row.pending_price_ore),
            productType: row.pending_product_type!,
          },
          effectiveDate: row.pending_effective_date,
        }
      : null;
  return {
    status: row.status_code as StatusCode,
    plan,
    renewalDate: row.renewal_date,
    expiryDate: row.expiry_date,
    trialEnds: row.trial_ends,
    pendingChange: pending,
    cancellation: row.cancellation_reason
      ? { reason: row.cancellation_reason, comment: row.cancellation_comment }
      : null,
    paymentProvider: row.payment_provider,
    eligibleForSharing: row.eligible_for_sharing,
    subscriptionInfo1: row.subscription_info1,
    discount:
      row.discount_periods_left > 0
        ? {
            amountOff: row.discount_amount_off === null ? null : Number(row.discount_amount_off),
            percentOff: row.discount_percent_off,
            periodsLeft: row.discount_periods_left,
          }
        : null,
  };
}

/**
 * The engine state of a subscription without locking it (quotes: what a command would do now),
 * only within `ariaAccountNo` when given; null when there is none.
 */
export async function readState(
  db: Queryable,
  subscriptionNo: string,
  ariaAccountNo?: string,
): Promise<EngineState | null> {
  const [row] = await db.query<StateRow>(lockState.replace(/for update of s\s*$/, ''), [
    subscriptionNo,
    ariaAccountNo ?? null,
  ]);
  return row ? toState(row) : null;
}

/** An active plan of the catalogue for a title, as the engine sees it. */
export async function findPlan(
  db: Queryable,
  titleCode: string,
  selector: PlanSelector,
): Promise<PlanRef> {
  const [row] = await db.query<{
    id: number;
    title_code: string;
    aria_plan_id: string;
    period: Period;
    price_ore: number;
    product_type: 'DIGITAL' | 'COMBO';
  }>(
    `select id, title_code, aria_plan_id, period, price_ore, product_type from plans
      where title_code = $1 and aria_plan_id = $2 and period = $3 and active`,
    [titleCode.toUpperCase(), selector.ariaPlanID, selector.period],
  );
  if (!row)
    throw new DomainError('invalid', 'PLAN_NOT_AVAILABLE', 'No such plan for this title', 'plan');
  return {
    id: Number(row.id),
    titleCode: row.title_code,
    ariaPlanID: row.aria_plan_id,
    period: row.period,
    priceOre: Number(row.price_ore),
    productType: row.product_type,
  };
}

function snapshot(state: EngineState) {
  return {
    status: state.status,
    planId: state.plan.id,
    ariaPlanID: state.plan.ariaPlanID,
    period: state.plan.period,
    renewalDate: state.renewalDate,
    expiryDate: state.expiryDate,
    trialEnds: state.trialEnds,
    pendingChange: state.pendingChange
      ? { planId: state.pendingChange.plan.id, effectiveDate: state.pendingChange.effectiveDate }
      : null,
  };
}

function commandDetail(command: Command) {
  switch (command.kind) {
    case 'schedulePlanChange':
    case 'upgradeNow':
      return {
        kind: command.kind,
        plan: {
          id: command.plan.id,
          ariaPlanID: command.plan.ariaPlanID,
          period: command.plan.period,
        },
      };
    default:
      return command;
  }
}

/** The work of `applyCommand` inside a transaction the caller holds (jobs claim rows first). */
export async function applyCommandInTx(
  tx: Queryable,
  subscriptionNo: string,
  input: LifecycleCommand,
  options: ApplyOptions,
): Promise<Applied> {
  const now = options.clock.now();
  const today = osloDateOf(now);
  const [row] = await tx.query<StateRow>(lockState, [
    subscriptionNo,
    options.ariaAccountNo ?? null,
  ]);
  if (!row) throw new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');
  const before = toState(row);

  const command: Command =
    input.kind === 'schedulePlanChange'
      ? { kind: input.kind, plan: await findPlan(tx, before.plan.titleCode, input.plan) }
      : input.kind === 'upgradeNow'
        ? { kind: input.kind, plan: await findPlan(tx, before.plan.titleCode, input.plan) }
        : input;
  const { state: after, effects } = transition(before, command, today);

  const [event] = await tx.query<{ id: number }>(
    `insert into subscription_events (subscription_no, aria_account_no, kind, from_status,
       to_status, detail, actor, occurred_at, dedupe_key)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)
     on conflict (dedupe_key) do nothing
     returning id`,
    [
      row.subscription_no,
      row.aria_account_no,
      command.kind,
      before.status,
      after.status,
      JSON.stringify({
        command: commandDetail(command),
        today,
        before: snapshot(before),
        after: snapshot(after),
        effects,
        ...(options.context ? { context: options.context } : {}),
      }),
      options.actor,
      now.toISOString(),
      options.dedupeKey ?? null,
    ],
  );
  if (!event)
    throw new DomainError('conflict', 'DUPLICATE_EVENT', `Already applied: ${options.dedupeKey}`);

  const newlyCancelled = !before.cancellation && after.cancellation;
  await tx.query(
    `update subscriptions
        set status_code = $2, plan_id = $3, renewal_date = $4, expiry_date = $5, trial_ends = $6,
            pending_plan_id = $7, pending_effective_date = $8, cancellation_reason = $9,
            cancellation_comment = $10,
            cancelled_at = case when $11::boolean then $12::timestamptz
                                when $9::text is null then null else cancelled_at end,
            discount_periods_left = $13,
            updated_at = $12
      where subscription_no = $1`,
    [
      row.subscription_no,
      after.status,
      after.plan.id,
      after.renewalDate,
      after.expiryDate,
      after.trialEnds,
      after.pendingChange?.plan.id ?? null,
      after.pendingChange?.effectiveDate ?? null,
      after.cancellation?.reason ?? null,
      after.cancellation?.comment ?? null,
      !!newlyCancelled,
      now.toISOString(),
      after.discount?.periodsLeft ?? 0,
    ],
  );
  const subscription = await getSubscription(tx, row.subscription_no);
  return { subscription: subscription!, effects, eventId: Number(event.id) };
}

/** Applies one command to a stored subscription, in one transaction. */
export function applyCommand(
  db: Db,
  subscriptionNo: string,
  command: LifecycleCommand,
  options: ApplyOptions,
): Promise<Applied> {
  return db.transaction((tx) => applyCommandInTx(tx, subscriptionNo, command, options));
}

export interface SubscriptionEvent {
  readonly id: number;
  readonly subscriptionNo: string;
  readonly kind: string;
  readonly fromStatus: number;
  readonly toStatus: number;
  readonly actor: Actor;
  readonly dedupeKey: string | null;
  readonly occurredAt: string;
  readonly detail: Record<string, unknown>;
}

/** The audit trail of a subscription, oldest first. */
export async function subscriptionEvents(
  db: Queryable,
  subscriptionNo: string,
): Promise<SubscriptionEvent[]> {
  const rows = await db.query<{
    id: number;
    subscription_no: string;
    kind: string;
    from_status: number;
    to_status: number;
    actor: Actor;
    dedupe_key: string | null;
    occurred_at: Date | string;
    detail: Record<string, unknown>;
  }>(
    `select id, subscription_no, kind, from_status, to_status, actor, dedupe_key, occurred_at,
            detail
       from subscription_events where subscription_no = $1 order by id`,
    [subscriptionNo],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    subscriptionNo: r.subscription_no,
    kind: r.kind,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    actor: r.actor,
    dedupeKey: r.dedupe_key,
    occurredAt: new Date(r.occurred_at).toISOString(),
    detail: r.detail,
  }));
}
