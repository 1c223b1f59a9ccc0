// The subscription engine: explicit, pure transition rules over the status codes of requirements §4.
// `transition(state, command, today)` returns the next state and the effects it asks for
// (charges and invoices as data; nothing is paid here). A command that the current status does
// not allow throws SUBSCRIPTION_STATE_CONFLICT; one that is allowed but not yet due throws
// SUBSCRIPTION_NOT_DUE; bad input throws an 'invalid' error naming the field.
//
// Dates are Oslo calendar dates (YYYY-MM-DD). A renewal date is the first day of the next paid
// period; an expiry date is the last day with access; a trial's end is its last free day.
//
// Shared subscriptions (`share`): a family member's share of an owner's subscription
// (ACTIVE_NON_BILLABLE) and a business seat (ACTIVE, subscriptionInfo1 'employee'). They are
// paid by someone else, so they are never reactivated, renewed with a charge or changed in
// self-service: only `endShare`, `undoShareEnd`, `expire` and a chargeless `renew` apply.
import {
  CANCELLATION_COMMENT_MAX,
  isCancellationReason,
  type CancellationReason,
} from '../../../shared/subscription/cancellation';
import type { ConversionReason } from '../../../shared/subscription/conversions';
import { discountedPrice, type DiscountTerms } from '../../../shared/subscription/discounts';
import { periodMonths, type Period } from '../../../shared/subscription/plans';
import {
  classifyPlanChange,
  reactivationOffer,
  upgradeQuote,
} from '../../../shared/subscription/proration';
import {
  isPaying,
  statusName,
  SubscriptionStatus as S,
  type StatusCode,
} from '../../../shared/subscription/status';
import { addDays, addMonths, daysBetween } from '../../../shared/time/oslo';
import { DomainError } from '../../errors';
import type { PaymentProvider } from '../../payments/port';

export interface PlanRef {
  readonly id: number;
  readonly titleCode: string;
  readonly ariaPlanID: string;
  readonly period: Period;
  readonly priceOre: number;
  readonly productType: 'DIGITAL' | 'COMBO';
}

/** What a shared subscription is a share of (see the top of this file). */
export type ShareKind = 'family' | 'business-seat';

export interface EngineState {
  readonly status: StatusCode;
  readonly plan: PlanRef;
  readonly renewalDate: string | null;
  readonly expiryDate: string | null;
  /** Last day of the trial (kept after the trial as history). */
  readonly trialEnds: string | null;
  /**
   * A plan change in waiting: the reader's own (reason absent or null), or a conversion the
   * server scheduled because the reader stops qualifying for the plan (conversions.ts), which
   * the reader may steer to another plan but not simply withdraw.
   */
  readonly pendingChange: {
    readonly plan: PlanRef;
    readonly effectiveDate: string;
    readonly reason?: ConversionReason | null;
  } | null;
  readonly cancellation: {
    readonly reason: CancellationReason;
    readonly comment: string | null;
  } | null;
  readonly paymentProvider: PaymentProvider | null;
  readonly eligibleForSharing: boolean;
  readonly subscriptionInfo1: string | null;
  /** A discount that still applies to `periodsLeft` renewals (absent: none). */
  readonly discount?: (DiscountTerms & { readonly periodsLeft: number }) | null;
  /** A shared subscription: a family member's or a business seat (absent: the reader's own). */
  readonly share?: ShareKind | null;
}

export type Command =
  /** A paid order went through. */
  | { readonly kind: 'activate' }
  | { readonly kind: 'startTrial'; readonly trialEnds: string }
  | {
      readonly kind: 'cancel';
      readonly reason?: string | null | undefined;
      readonly comment?: string | null | undefined;
    }
  | { readonly kind: 'undoCancellation' }
  | { readonly kind: 'expire' }
  /**
   * `withOffer: false`: without the reactivation offer (given less than 12 months ago: the
   * order decided it from the records, domain/orders/offers.ts); else the plan's offer, if any.
   */
  | { readonly kind: 'reactivate'; readonly withOffer?: boolean }
  | { readonly kind: 'renew' }
  | { readonly kind: 'endTrial' }
  | { readonly kind: 'schedulePlanChange'; readonly plan: PlanRef }
  | { readonly kind: 'withdrawPlanChange' }
  | { readonly kind: 'applyPlanChange' }
  | { readonly kind: 'upgradeNow'; readonly plan: PlanRef }
  /**
   * The reader stops qualifying for the plan (the student verification lapses, the 34th
   * birthday for the youth plan): from `on`, a renewal date at least the notice period away,
   * the subscription continues on `plan` (conversions.ts). Replaces any change in waiting.
   */
  | {
      readonly kind: 'scheduleConversion';
      readonly plan: PlanRef;
      readonly on: string;
      readonly reason: ConversionReason;
    }
  /** The reader qualifies again (a new student verification): the conversion is called off. */
  | { readonly kind: 'withdrawConversion' }
  /**
   * A giro invoice is still unpaid on the day its reminder named (dunning.ts): access stops
   * until it is paid. `suspendsOn` is that day; the invoice is named in the audit event.
   */
  | { readonly kind: 'suspend'; readonly ariaInvoiceNo: string; readonly suspendsOn: string }
  /** The unpaid invoice that suspended it has been paid. */
  | { readonly kind: 'resume' }
  /**
   * The reader uses the right of withdrawal (angrerett, withdrawal.ts): the subscription ends
   * today, if today is not after `lastDay`, the last day of the right.
   */
  | { readonly kind: 'withdraw'; readonly lastDay: string }
  /**
   * The reader pauses instead of leaving (pauses.ts): from today through `until`, no access and
   * nothing renews; the renewal date (and a change waiting for it) moves by the pause's days, so
   * what was paid for and not used is served after the pause and nothing is charged meanwhile.
   */
  | { readonly kind: 'pause'; readonly until: string }
  /**
   * The pause ends: by itself the day after `until`, or early when the reader ends it: then the
   * renewal date moves back by the planned days not used (today through `until`), so the reader
   * pays for no day of access lost and gets none for free.
   */
  | { readonly kind: 'endPause'; readonly until: string }
  /**
   * A share or seat ends (removed, left, the owner's subscription or the agreement ends): on
   * `on` when that is after today (PENDING_TERMINATION until then; the expiry job ends it),
   * else today (TERMINATED). A share already ending gets the new date.
   */
  | { readonly kind: 'endShare'; readonly on: string }
  /** The end of a share is called off (the owner undid the cancellation): it runs on. */
  | { readonly kind: 'undoShareEnd' }
  /**
   * The reader's data is erased at their request (privacy/deletion.ts): whatever still runs ends
   * today, own subscription or share; nothing renews or changes later.
   */
  | { readonly kind: 'close' };

export type CommandKind = Command['kind'];

export type ChargeReason =
  'renewal' | 'trial-conversion' | 'reactivation' | 'reactivation-offer' | 'upgrade';

/** Money to collect: `charge` against the stored card/Vipps/mobile agreement, else `invoice`. */
export interface BillingEffect {
  readonly kind: 'charge' | 'invoice';
  readonly amountOre: number;
  readonly currency: 'NOK';
  readonly reason: ChargeReason;
  readonly planId: number;
  /** The days paid for, both included. */
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly provider: PaymentProvider | null;
  /** How the amount came about (proration days, the offer's ordinary price). */
  readonly basis?: Readonly<Record<string, number | string>>;
}

export type Effect = BillingEffect;

export interface Transition {
  readonly state: EngineState;
  readonly effects: readonly Effect[];
}

/** The statuses each command is allowed in; every other status refuses it. */
export const allowedStatuses: Readonly<Record<CommandKind, readonly StatusCode[]>> = {
  activate: [S.INACTIVE, S.PENDING_ACTIVATION],
  startTrial: [S.INACTIVE, S.PENDING_ACTIVATION],
  // A suspended subscription may be cancelled too: it then ends on its day unless the unpaid
  // amount is paid first (which gives the access back until then).
  cancel: [S.ACTIVE, S.TRIAL, S.SUSPENDED],
  undoCancellation: [S.PENDING_CANCELLATION],
  // A cancelled subscription suspended for an unpaid invoice still ends on its day.
  expire: [S.PENDING_CANCELLATION, S.PENDING_TERMINATION, S.SUSPENDED],
  reactivate: [S.CANCELLED, S.TERMINATED],
  renew: [S.ACTIVE, S.ACTIVE_NON_BILLABLE],
  endTrial: [S.TRIAL],
  schedulePlanChange: [S.ACTIVE, S.TRIAL],
  withdrawPlanChange: [S.ACTIVE, S.TRIAL],
  applyPlanChange: [S.ACTIVE, S.TRIAL],
  upgradeNow: [S.ACTIVE, S.TRIAL],
  scheduleConversion: [S.ACTIVE, S.TRIAL],
  withdrawConversion: [S.ACTIVE, S.TRIAL],
  // A running, paid subscription is suspended, also one being cancelled (cancelling does not
  // make an unpaid period free); a cancelled one, a trial or one paid by someone else is not.
  suspend: [S.ACTIVE, S.PENDING_CANCELLATION],
  resume: [S.SUSPENDED],
  // A cancellation in waiting does not take the right away.
  withdraw: [S.ACTIVE, S.PENDING_CANCELLATION],
  // Only a running paid subscription (not a trial, not one being cancelled or suspended).
  pause: [S.ACTIVE],
  endPause: [S.PAUSED],
  // A family share runs ACTIVE_NON_BILLABLE, a business seat ACTIVE (shares only: see below).
  endShare: [S.ACTIVE, S.ACTIVE_NON_BILLABLE, S.PENDING_TERMINATION],
  undoShareEnd: [S.PENDING_TERMINATION],
  close: [
    S.ACTIVE,
    S.TRIAL,
    S.SUSPENDED,
    S.PENDING_CANCELLATION,
    S.PENDING_TERMINATION,
    S.ACTIVE_NON_BILLABLE,
    S.PAUSED,
  ],
};

/** The only commands a shared subscription takes (its renewals never charge: see `bill`). */
const shareCommands: ReadonlySet<CommandKind> = new Set([
  'endShare',
  'undoShareEnd',
  'expire',
  'renew',
  'close',
]);

/** The status a share runs in while it is not ending. */
export const runningShareStatus: Readonly<Record<ShareKind, StatusCode>> = {
  family: S.ACTIVE_NON_BILLABLE,
  'business-seat': S.ACTIVE,
};

export const commandKinds = Object.keys(allowedStatuses) as CommandKind[];

export function isAllowed(kind: CommandKind, status: number): boolean {
  return (allowedStatuses[kind] as readonly number[]).includes(status);
}

const stateConflict = (kind: CommandKind, status: number) =>
  new DomainError(
    'conflict',
    'SUBSCRIPTION_STATE_CONFLICT',
    `Cannot ${kind} a subscription that is ${statusName(status)}`,
  );
const notDue = (message: string) => new DomainError('conflict', 'SUBSCRIPTION_NOT_DUE', message);
const invalid = (code: string, message: string, field: string) =>
  new DomainError('invalid', code, message, field);

/** Card, Vipps and mobile payments are charged; giro and no stored method are invoiced. */
const chargedProviders: ReadonlySet<PaymentProvider> = new Set(['SWEDBANK-PPG', 'VIPPS', 'STREX']);

function payingIn(state: EngineState): boolean {
  if (state.share) return false;
  return isPaying({
    instStatusCode: state.status,
    ariaPlanID: state.plan.ariaPlanID,
    planProductType: state.plan.productType,
    eligibleForSharing: state.eligibleForSharing,
    subscriptionInfo1: state.subscriptionInfo1,
  });
}

/**
 * The billing effect for a state after a transition: none unless the subscription is paying
 * (not trial, not active-non-billable, no business info) and the amount is above zero.
 */
function bill(
  next: EngineState,
  amountOre: number,
  reason: ChargeReason,
  periodStart: string,
  periodEnd: string,
  basis?: Record<string, number | string>,
): Effect[] {
  if (amountOre <= 0 || !payingIn(next)) return [];
  const provider = next.paymentProvider;
  return [
    {
      kind: provider && chargedProviders.has(provider) ? 'charge' : 'invoice',
      amountOre,
      currency: 'NOK',
      reason,
      planId: next.plan.id,
      periodStart,
      periodEnd,
      provider,
      ...(basis ? { basis } : {}),
    },
  ];
}

/** The last free day of a trial: stored, or the day before its first paid (renewal) day. */
export function trialEndOf(state: EngineState): string | null {
  return state.trialEnds ?? (state.renewalDate ? addDays(state.renewalDate, -1) : null);
}

function months(plan: PlanRef): number {
  return periodMonths[plan.period];
}

function checkPlanOfTitle(state: EngineState, plan: PlanRef): void {
  if (plan.titleCode !== state.plan.titleCode)
    throw invalid('PLAN_NOT_AVAILABLE', 'The plan is not sold for this title', 'plan');
}

/** An active (non-cancelling) subscription without changes in waiting or cancellation data. */
function cleared(state: EngineState): EngineState {
  return { ...state, expiryDate: null, pendingChange: null, cancellation: null };
}

/** The reader's own plan change may not replace or withdraw a conversion in waiting. */
function checkNoConversion(state: EngineState): void {
  if (state.pendingChange?.reason)
    throw new DomainError(
      'conflict',
      'PLAN_CONVERSION_PENDING',
      `The plan changes on ${state.pendingChange.effectiveDate} because the reader no longer qualifies for it; choose what it becomes instead`,
    );
}

const shareConflict = (kind: CommandKind, share: ShareKind | null | undefined) =>
  new DomainError(
    'conflict',
    'SUBSCRIPTION_STATE_CONFLICT',
    share
      ? `Cannot ${kind} a shared subscription (${share})`
      : `Cannot ${kind} a subscription that is not shared`,
  );

export function transition(state: EngineState, command: Command, today: string): Transition {
  if (!isAllowed(command.kind, state.status)) throw stateConflict(command.kind, state.status);
  // A share is the owner's or the company's to change; the share commands are for shares only.
  const forShares = command.kind === 'endShare' || command.kind === 'undoShareEnd';
  if (state.share ? !shareCommands.has(command.kind) : forShares)
    throw shareConflict(command.kind, state.share);

  switch (command.kind) {
    case 'activate': {
      const next: EngineState = {
        ...cleared(state),
        status: S.ACTIVE,
        renewalDate: addMonths(today, months(state.plan)),
      };
      // The order that activates it has been paid already.
      return { state: next, effects: [] };
    }

    case 'startTrial': {
      if (command.trialEnds < today)
        throw invalid('TRIAL_END_IN_PAST', 'A trial cannot end before today', 'trialEnds');
      const next: EngineState = {
        ...cleared(state),
        status: S.TRIAL,
        trialEnds: command.trialEnds,
        renewalDate: addDays(command.trialEnds, 1),
      };
      return { state: next, effects: [] };
    }

    case 'cancel': {
      if (command.reason === undefined || command.reason === null || command.reason === '')
        throw invalid(
          'CANCELLATION_REASON_REQUIRED',
          'A reason for cancelling is required',
          'reason',
        );
      if (!isCancellationReason(command.reason))
        throw invalid('CANCELLATION_REASON_UNKNOWN', 'Unknown cancellation reason', 'reason');
      const comment = command.comment?.trim() || null;
      if (comment && comment.length > CANCELLATION_COMMENT_MAX)
        throw invalid(
          'CANCELLATION_COMMENT_TOO_LONG',
          `The comment may be at most ${CANCELLATION_COMMENT_MAX} characters`,
          'comment',
        );
      // A trial ends on its last free day; a paid period on the day before the renewal date (the
      // last day paid for). A renewal already due but not yet run does not put the end in the past.
      const lastDay =
        state.status === S.TRIAL
          ? trialEndOf(state)
          : state.renewalDate
            ? addDays(state.renewalDate, -1)
            : null;
      const expiryDate = lastDay && lastDay > today ? lastDay : today;
      const next: EngineState = {
        ...state,
        // Suspended stays suspended (without access) until it is paid or ends; `resume` then
        // makes it a cancellation in waiting, as one made before the suspension.
        status: state.status === S.SUSPENDED ? S.SUSPENDED : S.PENDING_CANCELLATION,
        expiryDate,
        renewalDate: null,
        pendingChange: null,
        trialEnds: state.status === S.TRIAL ? expiryDate : state.trialEnds,
        cancellation: { reason: command.reason, comment },
      };
      return { state: next, effects: [] };
    }

    case 'undoCancellation': {
      if (!state.expiryDate) throw notDue('The cancellation has no end date to undo');
      // A cancelled trial goes back to being a trial (its end was kept as the expiry date).
      const wasTrial = state.trialEnds !== null && state.trialEnds === state.expiryDate;
      const next: EngineState = {
        ...cleared(state),
        status: wasTrial ? S.TRIAL : S.ACTIVE,
        renewalDate: addDays(state.expiryDate, 1),
      };
      return { state: next, effects: [] };
    }

    case 'expire': {
      if (!state.expiryDate || today <= state.expiryDate)
        throw notDue(`The subscription has access until ${state.expiryDate ?? 'further notice'}`);
      const next: EngineState = {
        ...state,
        status: state.status === S.PENDING_TERMINATION ? S.TERMINATED : S.CANCELLED,
        renewalDate: null,
        pendingChange: null,
      };
      return { state: next, effects: [] };
    }

    case 'reactivate': {
      const offer = command.withOffer === false ? null : reactivationOffer(state.plan);
      const renewalDate = addMonths(today, offer ? offer.months : months(state.plan));
      const next: EngineState = { ...cleared(state), status: S.ACTIVE, renewalDate };
      const periodEnd = addDays(renewalDate, -1);
      const effects = offer
        ? bill(next, offer.amountOre, 'reactivation-offer', today, periodEnd, {
            months: offer.months,
            ordinaryAmountOre: offer.ordinaryAmountOre,
          })
        : bill(next, state.plan.priceOre, 'reactivation', today, periodEnd);
      return { state: next, effects };
    }

    case 'renew': {
      if (!state.renewalDate || state.renewalDate > today)
        throw notDue(`The subscription renews on ${state.renewalDate ?? 'no date'}`);
      const renewalDate = addMonths(state.renewalDate, months(state.plan));
      // A discount bought with the order runs for its periods, then the ordinary price applies.
      const discount = state.discount && state.discount.periodsLeft > 0 ? state.discount : null;
      const amountOre = discount
        ? discountedPrice(state.plan.priceOre, discount)
        : state.plan.priceOre;
      const next: EngineState = discount
        ? {
            ...state,
            renewalDate,
            discount: { ...discount, periodsLeft: discount.periodsLeft - 1 },
          }
        : { ...state, renewalDate };
      return {
        state: next,
        effects: bill(
          next,
          amountOre,
          'renewal',
          state.renewalDate,
          addDays(renewalDate, -1),
          discount ? { ordinaryAmountOre: state.plan.priceOre } : undefined,
        ),
      };
    }

    case 'endTrial': {
      const trialEnd = trialEndOf(state);
      if (!trialEnd || today <= trialEnd)
        throw notDue(`The trial lasts until ${trialEnd ?? 'further notice'}`);
      const firstPaidDay = addDays(trialEnd, 1);
      const renewalDate = addMonths(firstPaidDay, months(state.plan));
      const next: EngineState = { ...state, status: S.ACTIVE, trialEnds: trialEnd, renewalDate };
      return {
        state: next,
        effects: bill(
          next,
          state.plan.priceOre,
          'trial-conversion',
          firstPaidDay,
          addDays(renewalDate, -1),
        ),
      };
    }

    case 'schedulePlanChange': {
      checkNoConversion(state);
      checkPlanOfTitle(state, command.plan);
      const kind = classifyPlanChange(state.plan, command.plan);
      if (kind === 'same')
        throw invalid('PLAN_CHANGE_SAME_PLAN', 'The subscription already has this plan', 'plan');
      if (kind === 'upgrade')
        throw invalid('PLAN_CHANGE_IS_UPGRADE', 'An upgrade takes effect now, not later', 'plan');
      if (!state.renewalDate) throw notDue('The subscription has no renewal date to change on');
      const next: EngineState = {
        ...state,
        pendingChange: { plan: command.plan, effectiveDate: state.renewalDate },
      };
      return { state: next, effects: [] };
    }

    case 'withdrawPlanChange': {
      if (!state.pendingChange)
        throw new DomainError('conflict', 'NO_PENDING_PLAN_CHANGE', 'No plan change is pending');
      checkNoConversion(state);
      return { state: { ...state, pendingChange: null }, effects: [] };
    }

    case 'scheduleConversion': {
      checkPlanOfTitle(state, command.plan);
      if (command.plan.ariaPlanID === state.plan.ariaPlanID)
        throw invalid('PLAN_CHANGE_SAME_PLAN', 'A conversion moves to another plan', 'plan');
      if (!state.renewalDate || command.on < state.renewalDate || command.on <= today)
        throw invalid(
          'PLAN_CONVERSION_DATE',
          `A conversion takes effect on a coming renewal date (next: ${state.renewalDate ?? 'none'})`,
          'on',
        );
      const next: EngineState = {
        ...state,
        pendingChange: { plan: command.plan, effectiveDate: command.on, reason: command.reason },
      };
      return { state: next, effects: [] };
    }

    case 'withdrawConversion': {
      if (!state.pendingChange?.reason)
        throw new DomainError(
          'conflict',
          'NO_PENDING_PLAN_CONVERSION',
          'No plan conversion is pending',
        );
      return { state: { ...state, pendingChange: null }, effects: [] };
    }

    case 'applyPlanChange': {
      const pending = state.pendingChange;
      if (!pending)
        throw new DomainError('conflict', 'NO_PENDING_PLAN_CHANGE', 'No plan change is pending');
      if (pending.effectiveDate > today)
        throw notDue(`The plan change takes effect on ${pending.effectiveDate}`);
      // Swapping the plan costs nothing by itself: the renewal on that date charges the new plan.
      return { state: { ...state, plan: pending.plan, pendingChange: null }, effects: [] };
    }

    case 'suspend': {
      if (today < command.suspendsOn)
        throw notDue(`Invoice ${command.ariaInvoiceNo} suspends it on ${command.suspendsOn}`);
      // Access stops; the dates stay, so `resume` gives back what was paid for.
      return { state: { ...state, status: S.SUSPENDED }, effects: [] };
    }

    case 'resume': {
      // Access comes back; the paid invoice covered the period, so the dates stay, and so does
      // a cancellation made before the suspension.
      const status = state.cancellation ? S.PENDING_CANCELLATION : S.ACTIVE;
      return { state: { ...state, status }, effects: [] };
    }

    case 'withdraw': {
      if (today > command.lastDay)
        throw new DomainError(
          'conflict',
          'WITHDRAWAL_PERIOD_OVER',
          `The right of withdrawal ended on ${command.lastDay}`,
        );
      // Ends at once: today is the last day, nothing renews or changes later, and no discount
      // is left. The refund is the caller's (withdrawal.ts), not a billing effect.
      const next: EngineState = {
        ...state,
        status: S.CANCELLED,
        expiryDate: today,
        renewalDate: null,
        pendingChange: null,
        cancellation: null,
        discount: null,
      };
      return { state: next, effects: [] };
    }

    case 'pause': {
      if (!payingIn(state))
        throw new DomainError(
          'conflict',
          'PAUSE_NOT_AVAILABLE',
          'Only a subscription the reader pays for can be paused',
        );
      if (!state.renewalDate) throw notDue('The subscription has no renewal date to move');
      if (command.until < today)
        throw invalid('PAUSE_MONTHS_INVALID', 'A pause cannot end before today', 'months');
      const shift = daysBetween(today, command.until) + 1;
      const next: EngineState = {
        ...state,
        status: S.PAUSED,
        renewalDate: addDays(state.renewalDate, shift),
        pendingChange: state.pendingChange && {
          ...state.pendingChange,
          effectiveDate: addDays(state.pendingChange.effectiveDate, shift),
        },
      };
      return { state: next, effects: [] };
    }

    case 'endPause': {
      // Ended early: the planned days from today on were not used, so they come off again.
      const unused = command.until >= today ? daysBetween(today, command.until) + 1 : 0;
      const next: EngineState = {
        ...state,
        status: S.ACTIVE,
        renewalDate: state.renewalDate && addDays(state.renewalDate, -unused),
        pendingChange: state.pendingChange && {
          ...state.pendingChange,
          effectiveDate: addDays(state.pendingChange.effectiveDate, -unused),
        },
      };
      return { state: next, effects: [] };
    }

    case 'endShare': {
      const ends = command.on > today;
      const next: EngineState = {
        ...state,
        status: ends ? S.PENDING_TERMINATION : S.TERMINATED,
        expiryDate: ends ? command.on : today,
        renewalDate: null,
        pendingChange: null,
      };
      return { state: next, effects: [] };
    }

    case 'close': {
      // A share ends as a share does (TERMINATED); the reader's own as a cancellation.
      const next: EngineState = {
        ...state,
        status: state.share ? S.TERMINATED : S.CANCELLED,
        expiryDate: today,
        renewalDate: null,
        pendingChange: null,
        cancellation: null,
        discount: null,
      };
      return { state: next, effects: [] };
    }

    case 'undoShareEnd': {
      const next: EngineState = {
        ...state,
        status: runningShareStatus[state.share!],
        expiryDate: null,
      };
      return { state: next, effects: [] };
    }

    case 'upgradeNow': {
      checkPlanOfTitle(state, command.plan);
      if (classifyPlanChange(state.plan, command.plan) !== 'upgrade')
        throw invalid(
          'PLAN_CHANGE_NOT_UPGRADE',
          'Only a dearer plan over the same period can be taken into use now',
          'plan',
        );
      if (!state.renewalDate) throw notDue('The subscription has no current period to upgrade');
      const quote = upgradeQuote(state.plan, command.plan, state.renewalDate, today);
      // An upgrade replaces any change in waiting; the renewal date stays.
      const next: EngineState = { ...state, plan: command.plan, pendingChange: null };
      return {
        state: next,
        effects: bill(next, quote.amountOre, 'upgrade', today, addDays(state.renewalDate, -1), {
          fromPriceOre: state.plan.priceOre,
          toPriceOre: command.plan.priceOre,
          remainingDays: quote.remainingDays,
          periodDays: quote.periodDays,
        }),
      };
    }
  }
}

/** The next charge or invoice a subscription will get by itself (see nextCharge). */
export interface ChargeForecast {
  /** The day the jobs make it: the first day of the period it pays for. */
  readonly date: string;
  readonly amountOre: number;
  /** The plan's ordinary price for that period (more than amountOre while a discount runs). */
  readonly ordinaryAmountOre: number;
  readonly kind: BillingEffect['kind'];
  readonly provider: PaymentProvider | null;
  readonly reason: 'renewal' | 'trial-end' | 'plan-change';
}

/**
 * What the subscription jobs will bill next, found by running the same transitions on the day
 * they come due, in the jobs' order (a plan change first, then the end of a trial or the
 * renewal): a discount's remaining periods, a scheduled plan change and the end of a trial are
 * counted exactly as they will be. Null when nothing will be billed (not renewing, paid by
 * someone else, free).
 */
export function nextCharge(given: EngineState): ChargeForecast | null {
  // A paused subscription renews as an active one on its (moved) renewal date.
  const state = given.status === S.PAUSED ? { ...given, status: S.ACTIVE } : given;
  const trial = state.status === S.TRIAL;
  if (!trial && state.status !== S.ACTIVE) return null;
  const trialEnd = trial ? trialEndOf(state) : null;
  const day = trial ? (trialEnd ? addDays(trialEnd, 1) : null) : state.renewalDate;
  if (!day) return null;
  let current = state;
  let reason: ChargeForecast['reason'] = trial ? 'trial-end' : 'renewal';
  if (current.pendingChange && current.pendingChange.effectiveDate <= day) {
    current = transition(current, { kind: 'applyPlanChange' }, day).state;
    reason = 'plan-change';
  }
  const { effects } = transition(current, { kind: trial ? 'endTrial' : 'renew' }, day);
  const effect = effects[0];
  if (!effect) return null;
  const ordinary = effect.basis?.ordinaryAmountOre;
  return {
    date: effect.periodStart,
    amountOre: effect.amountOre,
    ordinaryAmountOre: typeof ordinary === 'number' ? ordinary : current.plan.priceOre,
    kind: effect.kind,
    provider: effect.provider,
    reason,
  };
}
