// Applies an engine command to a stored subscription in one transaction: lock the row
// (`select … for update`), run the pure transition, write the new state and the audit event.
// A job passes a dedupe key; when an event with that key exists already the whole transaction
// is rolled back (DUPLICATE_EVENT), so a job's change is applied once however often it runs.
// Owns `subscriptions` and `subscription_events`: every change goes through here.
import type { CancellationReason } from '../../../shared/subscription/cancellation';
import type { ConversionReason } from '../../../shared/subscription/conversions';
import type { Period } from '../../../shared/subscription/plans';
import { SubscriptionStatus, type StatusCode } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable, Row } from '../../db/db';
import { DomainError } from '../../errors';
import type { Mandate, PaymentProvider } from '../../payments/port';
import { sendChangeReceipt } from '../receipts/receipts';

import {
  allowedStatuses,
  nextCharge,
  runningShareStatus,
  transition,
  type ChargeForecast,
  type Command,
  type EngineState,
  type Effect,
  type PlanRef,
  type ShareKind,
} from './engine';
import { getSubscription, type Subscription } from './subscriptions';

export type Actor = 'user' | 'system' | 'job';

/** A plan of the subscription's own title, chosen by plan id and period. */
export interface PlanSelector {
  readonly ariaPlanID: string;
  readonly period: Period;
}

/** Engine commands, with the plan of a plan change chosen by id and period. */
export type LifecycleCommand =
  | Exclude<Command, { kind: 'schedulePlanChange' | 'upgradeNow' | 'scheduleConversion' }>
  | { readonly kind: 'schedulePlanChange'; readonly plan: PlanSelector }
  | { readonly kind: 'upgradeNow'; readonly plan: PlanSelector }
  | (Omit<Extract<Command, { kind: 'scheduleConversion' }>, 'plan'> & {
      readonly plan: PlanSelector;
    });

export interface ApplyOptions {
  readonly clock: Clock;
  readonly actor: Actor;
  /** Only act on a subscription of this account (otherwise it is not found). */
  readonly ariaAccountNo?: string;
  /** Makes the change once per key (jobs: `<job>:<subscription_no>:<date>`). */
  readonly dedupeKey?: string;
  /** Facts of the request kept with the audit event (e.g. whether a winback offer was taken). */
  readonly context?: Readonly<Record<string, unknown>>;
  /**
   * False when the change is part of something that tells the reader itself (a deletion of the
   * reader's data stops and restarts renewals and says so in its own e-mail): no receipt.
   */
  readonly receipt?: false;
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
  pending_reason: ConversionReason | null;
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
  share_kind: ShareKind | null;
}

const selectState = `
  select s.subscription_no, s.aria_account_no, s.status_code, s.renewal_date, s.expiry_date,
         s.trial_ends, s.payment_provider, s.eligible_for_sharing, s.subscription_info1,
         s.cancellation_reason, s.cancellation_comment, s.pending_effective_date,
         s.pending_reason, p.id as plan_id, p.title_code as plan_title_code, p.aria_plan_id as plan_aria_plan_id,
         p.period as plan_period, p.price_ore as plan_price_ore,
         p.product_type as plan_product_type,
         pp.id as pending_plan_id, pp.title_code as pending_title_code,
         pp.aria_plan_id as pending_aria_plan_id, pp.period as pending_period,
         pp.price_ore as pending_price_ore, pp.product_type as pending_product_type,
         s.discount_amount_off, s.discount_percent_off, s.discount_periods_left, s.share_kind
    from subscriptions s
    join plans p on p.id = s.plan_id
    left join plans pp on pp.id = s.pending_plan_id`;

const stateOf = `${selectState}
   where s.subscription_no = $1 and ($2::text is null or s.aria_account_no = $2)`;

const lockState = `${stateOf}
     for update of s`;

/**
 * The engine state of the subscription numbered by the SQL expression `subscriptionNo`, as one
 * json value (null for none), for a read composed into another statement (overview.ts).
 */
export const engineStateSql = (subscriptionNo: string) =>
  `select to_json(st) from (${selectState} where s.subscription_no = ${subscriptionNo}) st`;

/** The engine state of what engineStateSql answered. */
export const engineStateOf = (json: Row): EngineState => toState(json as StateRow);

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
          reason: row.pending_reason,
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
    share: row.share_kind,
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
  const [row] = await db.query<StateRow>(stateOf, [subscriptionNo, ariaAccountNo ?? null]);
  return row ? toState(row) : null;
}

/** What the subscription will be billed next by itself (engine.nextCharge); null for none. */
export async function forecastNextCharge(
  db: Queryable,
  subscriptionNo: string,
): Promise<ChargeForecast | null> {
  const state = await readState(db, subscriptionNo);
  return state ? nextCharge(state) : null;
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
    [titleCode, selector.ariaPlanID, selector.period],
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
      ? {
          planId: state.pendingChange.plan.id,
          effectiveDate: state.pendingChange.effectiveDate,
          ...(state.pendingChange.reason ? { reason: state.pendingChange.reason } : {}),
        }
      : null,
  };
}

function commandDetail(command: Command) {
  switch (command.kind) {
    case 'schedulePlanChange':
    case 'upgradeNow':
    case 'scheduleConversion':
      return {
        ...command,
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
    input.kind === 'schedulePlanChange' ||
    input.kind === 'upgradeNow' ||
    input.kind === 'scheduleConversion'
      ? { ...input, plan: await findPlan(tx, before.plan.titleCode, input.plan) }
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
            pending_plan_id = $7, pending_effective_date = $8,
            pending_reason = $14, cancellation_reason = $9,
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
      after.pendingChange?.reason ?? null,
    ],
  );
  const subscription = await getSubscription(tx, row.subscription_no);
  // What the reader did themselves is confirmed by e-mail, in this same transaction.
  if (options.actor === 'user' && options.receipt !== false && receiptKinds.has(command.kind))
    await sendChangeReceipt(
      tx,
      command.kind === 'schedulePlanChange'
        ? { kind: 'schedulePlanChange', fromPlan: subscription!.planName }
        : { kind: command.kind as 'cancel' | 'undoCancellation' },
      row.aria_account_no,
      subscription!,
      now,
    );
  return { subscription: subscription!, effects, eventId: Number(event.id) };
}

/** The reader's own changes that get a receipt (an order's changes get the order's receipt). */
const receiptKinds = new Set<Command['kind']>(['cancel', 'undoCancellation', 'schedulePlanChange']);

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

// Changes besides the engine's commands. The subscriptions and subscription_events tables are
// written here and in applyCommandInTx only: other modules call these, in their transaction.

/** A card as the provider reports it, shown as the subscription's payment method. */
export interface CardOnFile {
  readonly maskedNumber: string;
  readonly expiry: string;
}

export interface NewSubscription {
  readonly ariaAccountNo: string;
  readonly titleCode: string;
  readonly planId: number | string;
  readonly paymentProvider: PaymentProvider;
  readonly card: CardOnFile | null;
  /** What renewals charge (payments/port.ts Mandate: a Vipps agreement or a card token). */
  readonly mandateId: string | null;
  readonly discount: {
    readonly code: string | null;
    readonly amountOff: string | number | null;
    readonly percentOff: number | null;
    readonly periodsLeft: number;
  };
  readonly now: Date;
}

/**
 * Stores a bought subscription as INACTIVE; the caller activates it with the `activate` command
 * in the same transaction. Answers its subscription number.
 */
export async function insertSubscription(tx: Queryable, input: NewSubscription): Promise<string> {
  const [created] = await tx.query<{ subscription_no: string }>(
    `insert into subscriptions (aria_account_no, title_code, plan_id, status_code,
       payment_provider, masked_card_number, card_expiry, discount_code, discount_amount_off,
       discount_percent_off, discount_periods_left, created_at, updated_at, payment_agreement_id)
     values ($1, $2, $3, ${SubscriptionStatus.INACTIVE}, $4, $5, $6, $7, $8, $9, $10, $11, $11,
             $12)
     returning subscription_no`,
    [
      input.ariaAccountNo,
      input.titleCode,
      input.planId,
      input.paymentProvider,
      input.card?.maskedNumber ?? null,
      input.card?.expiry ?? null,
      input.discount.code,
      input.discount.amountOff,
      input.discount.percentOff,
      input.discount.periodsLeft,
      input.now.toISOString(),
      input.mandateId,
    ],
  );
  return created!.subscription_no;
}

/**
 * A subscription as it already stands in the billing system (subscribers brought over, and the
 * demo data at start): stored with its status, dates and any waiting plan change as given, not
 * through a transition. Answers its subscription number.
 */
export interface ExistingSubscription {
  readonly ariaAccountNo: string;
  readonly titleCode: string;
  readonly planId: number;
  readonly status: StatusCode;
  readonly paymentProvider: PaymentProvider | null;
  readonly card: CardOnFile | null;
  readonly eligibleForSharing: boolean;
  readonly subscriptionInfo1: string | null;
  readonly renewalDate: string | null;
  readonly expiryDate: string | null;
  readonly pendingPlanId: number | null;
  readonly createdAt: Date;
  /** The mandate it is charged to (a card or Vipps subscription brought over keeps its own). */
  readonly mandateId?: string | null;
}

export async function importSubscription(
  tx: Queryable,
  input: ExistingSubscription,
): Promise<string> {
  const [created] = await tx.query<{ subscription_no: string }>(
    `insert into subscriptions (aria_account_no, title_code, plan_id, status_code,
       payment_provider, masked_card_number, card_expiry, eligible_for_sharing,
       subscription_info1, renewal_date, expiry_date, pending_plan_id, pending_effective_date,
       created_at, payment_agreement_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     returning subscription_no`,
    [
      input.ariaAccountNo,
      input.titleCode,
      input.planId,
      input.status,
      input.paymentProvider,
      input.card?.maskedNumber ?? null,
      input.card?.expiry ?? null,
      input.eligibleForSharing,
      input.subscriptionInfo1,
      input.renewalDate,
      input.expiryDate,
      input.pendingPlanId,
      input.pendingPlanId === null ? null : input.renewalDate,
      input.createdAt.toISOString(),
      input.mandateId ?? null,
    ],
  );
  return created!.subscription_no;
}

/**
 * The audit event of a renewal that happened before the subscription came here (marked as
 * imported), so its billing effect can be recorded like the renewal job's. Answers the event id.
 */
export async function recordImportedRenewal(
  tx: Queryable,
  input: {
    readonly subscriptionNo: string;
    readonly ariaAccountNo: string;
    readonly periodStart: string;
    readonly occurredAt: Date;
  },
): Promise<number> {
  const [event] = await tx.query<{ id: number }>(
    `insert into subscription_events (subscription_no, aria_account_no, kind, from_status,
       to_status, detail, actor, occurred_at, dedupe_key)
     values ($1, $2, 'renew', ${SubscriptionStatus.ACTIVE}, ${SubscriptionStatus.ACTIVE},
             '{"imported": true}'::jsonb, 'job', $3, $4) returning id`,
    [
      input.subscriptionNo,
      input.ariaAccountNo,
      input.occurredAt.toISOString(),
      `imported:renew:${input.subscriptionNo}:${input.periodStart}`,
    ],
  );
  return event!.id;
}

/**
 * The audit event of an online order's activation that happened before the subscription came
 * here (marked as imported: the demo data's recent purchase), so the order's charge can be
 * recorded against it as completing the order does. Answers the event id.
 */
export async function recordImportedActivation(
  tx: Queryable,
  input: {
    readonly subscriptionNo: string;
    readonly ariaAccountNo: string;
    readonly orderId: string;
    readonly occurredAt: Date;
  },
): Promise<number> {
  const [event] = await tx.query<{ id: number }>(
    `insert into subscription_events (subscription_no, aria_account_no, kind, from_status,
       to_status, detail, actor, occurred_at, dedupe_key)
     values ($1, $2, 'activate', ${SubscriptionStatus.INACTIVE}, ${SubscriptionStatus.ACTIVE},
             $3::jsonb, 'user', $4, $5) returning id`,
    [
      input.subscriptionNo,
      input.ariaAccountNo,
      JSON.stringify({ imported: true, context: { orderId: input.orderId } }),
      input.occurredAt.toISOString(),
      `imported:activate:${input.subscriptionNo}`,
    ],
  );
  return Number(event!.id);
}

/**
 * The reader chose to use an order's payment for future charges (an upgrade's or reactivation's
 * `useForFutureCharges`; a one-off payment never changes the method by itself), or the stored
 * method could not be charged any more: renewals are charged to this method and its mandate from
 * now on (a card keeps its number unless the provider reported a new one; any other method has
 * none). Answers the mandate it replaces, if another, for the caller to stop at the provider.
 */
export async function usePaidMethod(
  tx: Queryable,
  subscriptionNo: string,
  provider: PaymentProvider,
  card: CardOnFile | null,
  mandateId: string | null,
): Promise<Mandate | null> {
  const [before] = await tx.query<{
    payment_provider: PaymentProvider | null;
    payment_agreement_id: string | null;
  }>(
    `select payment_provider, payment_agreement_id from subscriptions
      where subscription_no = $1 for update`,
    [subscriptionNo],
  );
  await tx.query(
    `update subscriptions set payment_provider = $2,
            masked_card_number = case when $2 = 'SWEDBANK-PPG' then coalesce($3, masked_card_number) else null end,
            card_expiry = case when $2 = 'SWEDBANK-PPG' then coalesce($4, card_expiry) else null end,
            payment_agreement_id = $5, payment_notice = null
      where subscription_no = $1`,
    [subscriptionNo, provider, card?.maskedNumber ?? null, card?.expiry ?? null, mandateId],
  );
  return replacedMandate(before, mandateId);
}

/** The mandate a subscription had before (`before`), if it is not the one it has now. */
function replacedMandate(
  before:
    { payment_provider: PaymentProvider | null; payment_agreement_id: string | null } | undefined,
  now: string | null,
): Mandate | null {
  const id = before?.payment_agreement_id ?? null;
  const method = before?.payment_provider;
  if (!id || id === now || (method !== 'VIPPS' && method !== 'SWEDBANK-PPG')) return null;
  return { method, id };
}

/**
 * Whether renewals can still be charged the way the subscription pays: a giro method always; a
 * card or Vipps only with its mandate (the stored card or agreement renewals are charged to), and
 * not when the Vipps agreement was stopped in the app or its charges failed (a paid order's
 * method is then the only one there is, so it becomes the renewal method).
 */
export async function hasUsableRenewalMethod(
  db: Queryable,
  subscriptionNo: string,
): Promise<boolean> {
  const [row] = await db.query<{ usable: boolean }>(
    `select payment_provider is not null and payment_notice is null
            and (payment_provider not in ('VIPPS', 'SWEDBANK-PPG')
                 or payment_agreement_id is not null) as usable
       from subscriptions where subscription_no = $1`,
    [subscriptionNo],
  );
  return row?.usable ?? false;
}

/**
 * A new payment method the reader approved at the provider, with its audit event. Answers the
 * mandate it replaces, if another, for the caller to stop at the provider.
 */
export async function changePaymentMethod(
  tx: Queryable,
  input: {
    readonly subscriptionNo: string;
    readonly ariaAccountNo: string;
    readonly provider: PaymentProvider;
    readonly card: CardOnFile | null;
    readonly agreementId: string;
    readonly paymentMethodId: string;
    readonly now: string;
  },
): Promise<Mandate | null> {
  const [before] = await tx.query<{
    status_code: number;
    payment_provider: PaymentProvider | null;
    payment_agreement_id: string | null;
  }>(
    `select status_code, payment_provider, payment_agreement_id from subscriptions
      where subscription_no = $1 for update`,
    [input.subscriptionNo],
  );
  await tx.query(
    `update subscriptions set payment_provider = $2, masked_card_number = $3, card_expiry = $4,
            payment_agreement_id = $5, payment_notice = null, updated_at = $6
      where subscription_no = $1`,
    [
      input.subscriptionNo,
      input.provider,
      input.card?.maskedNumber ?? null,
      input.card?.expiry ?? null,
      input.agreementId,
      input.now,
    ],
  );
  await tx.query(
    `insert into subscription_events (subscription_no, aria_account_no, kind, from_status,
       to_status, detail, actor, occurred_at)
     values ($1, $2, 'changePaymentMethod', $3, $3, $4::jsonb, 'user', $5)`,
    [
      input.subscriptionNo,
      input.ariaAccountNo,
      before!.status_code,
      JSON.stringify({
        from: before!.payment_provider,
        to: input.provider,
        paymentMethodId: input.paymentMethodId,
        agreementId: input.agreementId,
      }),
      input.now,
    ],
  );
  return replacedMandate(before, input.agreementId);
}

/** The subscriptions paid by a Vipps agreement, with their status. */
export async function subscriptionsOfAgreement(
  db: Queryable,
  agreementId: string,
): Promise<{ subscription_no: string; status_code: number }[]> {
  return db.query<{ subscription_no: string; status_code: number }>(
    `select subscription_no, status_code from subscriptions
      where payment_agreement_id = $1 and payment_provider = 'VIPPS'`,
    [agreementId],
  );
}

/** A notice the home page shows about the subscription's payment (e.g. a stopped agreement). */
export async function setPaymentNotice(
  tx: Queryable,
  subscriptionNo: string,
  notice: 'VIPPS_AGREEMENT_STOPPED',
): Promise<void> {
  await tx.query(`update subscriptions set payment_notice = $2 where subscription_no = $1`, [
    subscriptionNo,
    notice,
  ]);
}

/**
 * Moves an account's subscriptions to a title to another account (connecting an existing
 * subscription), with an `assign` audit event each. Answers the subscriptions moved.
 */
export async function moveSubscriptions(
  tx: Queryable,
  input: {
    readonly fromAccountNo: string;
    readonly toAccountNo: string;
    readonly titleCode: string;
    readonly now: Date;
    readonly detail: Readonly<Record<string, unknown>>;
  },
): Promise<number> {
  const moved = await tx.query<{ subscription_no: string; status_code: number }>(
    `update subscriptions set aria_account_no = $2, updated_at = $4
      where aria_account_no = $1 and title_code = $3
      returning subscription_no, status_code`,
    [input.fromAccountNo, input.toAccountNo, input.titleCode, input.now.toISOString()],
  );
  for (const subscription of moved) {
    await tx.query(
      `insert into subscription_events (subscription_no, aria_account_no, kind, from_status,
         to_status, detail, actor, occurred_at)
       values ($1, $2, 'assign', $3, $3, $4, 'user', $5)`,
      [
        subscription.subscription_no,
        input.toAccountNo,
        subscription.status_code,
        JSON.stringify(input.detail),
        input.now.toISOString(),
      ],
    );
  }
  return moved.length;
}

/**
 * A shared subscription, made when an invitation is accepted: a family member's share of the
 * owner's subscription (`ownerSubscriptionNo`: its title and plan, ACTIVE_NON_BILLABLE, not
 * sharable itself, paid by nobody) or a business seat (`businessAgreementId` and the business
 * plan: ACTIVE, subscriptionInfo1 'employee', no payment method). Neither renews (no renewal
 * date); the share commands of the engine end it. Written with a `startShare` audit event in
 * the caller's transaction (which holds the owner's or the agreement's lock). Answers the new
 * subscription number.
 */
export type NewShare =
  | {
      readonly kind: 'family';
      readonly ariaAccountNo: string;
      readonly ownerSubscriptionNo: string;
      readonly now: Date;
      readonly detail?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'business-seat';
      readonly ariaAccountNo: string;
      readonly titleCode: string;
      readonly planId: number | string;
      readonly businessAgreementId: string;
      readonly now: Date;
      readonly detail?: Readonly<Record<string, unknown>>;
    };

export async function insertSharedSubscription(tx: Queryable, input: NewShare): Promise<string> {
  let titleCode: string;
  let planId: number | string;
  if (input.kind === 'family') {
    const [owner] = await tx.query<{ title_code: string; plan_id: number }>(
      'select title_code, plan_id from subscriptions where subscription_no = $1',
      [input.ownerSubscriptionNo],
    );
    if (!owner)
      throw new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such owner subscription');
    titleCode = owner.title_code;
    planId = owner.plan_id;
  } else {
    titleCode = input.titleCode;
    planId = input.planId;
  }
  const status = runningShareStatus[input.kind];
  const at = input.now.toISOString();
  const [created] = await tx.query<{ subscription_no: string }>(
    `insert into subscriptions (aria_account_no, title_code, plan_id, status_code,
       payment_provider, eligible_for_sharing, subscription_info1, share_kind,
       shared_from_subscription_no, business_agreement_id, created_at, updated_at)
     values ($1, $2, $3, $4, null, $5, $6, $7, $8, $9, $10, $10)
     returning subscription_no`,
    [
      input.ariaAccountNo,
      titleCode,
      planId,
      status,
      // eligibleForSharing false marks a family share (requirements §3); a seat is not one.
      input.kind !== 'family',
      input.kind === 'business-seat' ? 'employee' : null,
      input.kind,
      input.kind === 'family' ? input.ownerSubscriptionNo : null,
      input.kind === 'business-seat' ? input.businessAgreementId : null,
      at,
    ],
  );
  const subscriptionNo = created!.subscription_no;
  await tx.query(
    `insert into subscription_events (subscription_no, aria_account_no, kind, from_status,
       to_status, detail, actor, occurred_at)
     values ($1, $2, 'startShare', ${SubscriptionStatus.INACTIVE}, $3, $4::jsonb, 'user', $5)`,
    [
      subscriptionNo,
      input.ariaAccountNo,
      status,
      JSON.stringify({
        share: input.kind,
        ...(input.kind === 'family'
          ? { ownerSubscriptionNo: input.ownerSubscriptionNo }
          : { businessAgreementId: input.businessAgreementId }),
        ...(input.detail ?? {}),
      }),
      at,
    ],
  );
  return subscriptionNo;
}

/**
 * Erasure (privacy/deletion.ts): each of the account's subscriptions that still runs ends today
 * (engine command `close`), then its audit trail and what names the reader (card, comments) go;
 * the rows stay for the bookkeeping kept by law. Answers the subscriptions closed.
 */
export async function closeAndEraseSubscriptions(
  tx: Queryable,
  clock: Clock,
  ariaAccountNo: string,
): Promise<string[]> {
  const running = await tx.query<{ subscription_no: string }>(
    `select subscription_no from subscriptions
      where aria_account_no = $1 and status_code = any($2::int[]) order by subscription_no`,
    [ariaAccountNo, allowedStatuses.close],
  );
  for (const { subscription_no } of running)
    await applyCommandInTx(tx, subscription_no, { kind: 'close' }, { clock, actor: 'system' });
  // Events the bookkeeping points at (an invoice's, a refund's, a reminder's) stay, emptied of
  // what they said; the others go.
  const bookkept = `exists (select 1 from billing_effects b where b.event_id = e.id)
      or exists (select 1 from withdrawals w where w.event_id = e.id)
      or exists (select 1 from dunning_notices d where d.event_id = e.id)`;
  await tx.query(
    `delete from subscription_events e where e.aria_account_no = $1 and not (${bookkept})`,
    [ariaAccountNo],
  );
  await tx.query(`update subscription_events set detail = '{}'::jsonb where aria_account_no = $1`, [
    ariaAccountNo,
  ]);
  await tx.query(
    `update subscriptions set masked_card_number = null, card_expiry = null,
            cancellation_comment = null, payment_agreement_id = null, subscription_info1 = null
      where aria_account_no = $1`,
    [ariaAccountNo],
  );
  return running.map((r) => r.subscription_no);
}

/** The bookkeeping's time is out (privacy/deletion.ts): the events it pointed at go after it. */
export async function purgeSubscriptionEvents(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query('delete from subscription_events where aria_account_no = $1', [ariaAccountNo]);
}
