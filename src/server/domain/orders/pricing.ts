// Prices of orders, computed on the server only, in øre. A new order may carry the first-month
// offer (1 kr, requirements §9) or a discount code; a reactivation and an upgrade are priced by a dry run
// of the subscription engine, so the quote is exactly what completing the order will apply.
import { discountedPrice } from '../../../shared/subscription/discounts';
import {
  isBelowPurchaseAge,
  isSelfServiceTarget,
  isTooOldForYouth,
  selfServiceBlock,
} from '../../../shared/subscription/eligibility';
import { addedFeatures, type Feature } from '../../../shared/subscription/features';
import {
  defaultPlanId,
  periodMonths,
  STUDENT_PLAN_ID,
  type Period,
} from '../../../shared/subscription/plans';
import { reactivationOffer } from '../../../shared/subscription/proration';
import {
  holdsSubscription,
  isYouthPlan,
  PURCHASE_MINIMUM_AGE,
  SubscriptionStatus,
  YOUTH_AGE_LIMIT,
} from '../../../shared/subscription/status';
import { addDays, addMonths } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { knownBirthDate } from '../accounts/profile';
import { studentVerification } from '../student/student';
import { transition, type EngineState, type PlanRef } from '../subscriptions/engine';
import { findPlan, readState } from '../subscriptions/lifecycle';
import { currentSubscription } from '../subscriptions/subscriptions';

import { FIRST_MONTH_PRICE_ORE, firstMonthPeriod, notSoldInShop } from './catalogue';
import { applicableDiscount, type Discount } from './discounts';
import {
  FIRST_MONTH_NOT_GIVEN,
  firstMonthOfferUsed,
  reactivationOfferUsedOn,
  type UnavailableOffer,
} from './offers';

export type OrderKind = 'new' | 'reactivation' | 'upgrade';
export type Offer = 'FIRST_MONTH_1KR' | 'REACTIVATION_3_FOR_1';

export interface OrderInput {
  readonly kind: OrderKind;
  readonly titleCode: string;
  readonly ariaPlanID: string;
  readonly period: Period;
  readonly subscriptionNo?: string;
  readonly discountCode?: string;
}

/** A payment at the plan's ordinary price: when, and how much (øre). */
export interface FullPriceCharge {
  readonly date: string;
  readonly amount: number;
}

/** The offer a discount code replaced (they are not combined), priced as it would have been. */
export interface WaivedOffer {
  readonly offer: Offer;
  readonly amount: number;
  readonly renewalPrice: number;
  readonly firstFullCharge: FullPriceCharge;
}

export interface Buyer {
  readonly ariaAccountNo: string;
  /** From the identity provider; the one given on the profile fills in (never the request's). */
  readonly birthDate: string | null;
}

export interface Quote {
  readonly kind: OrderKind;
  readonly titleCode: string;
  readonly ariaPlanID: string;
  readonly planName: string;
  readonly product: string;
  readonly planProductType: 'DIGITAL' | 'COMBO';
  readonly period: Period;
  readonly currency: 'NOK';
  readonly amount: number;
  readonly ordinaryPrice: number;
  readonly offer: Offer | null;
  readonly discount: Discount | null;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly renewalDate: string;
  readonly renewalPrice: number;
  readonly proration: {
    readonly fromPrice: number;
    readonly toPrice: number;
    readonly remainingDays: number;
    readonly periodDays: number;
  } | null;
  /** The first payment at the ordinary price: now, or the renewal after the offer or discount. */
  readonly firstFullCharge: FullPriceCharge;
  readonly waivedOffer: WaivedOffer | null;
  readonly unavailableOffer: UnavailableOffer | null;
  /** What the plan and period include. */
  readonly features: readonly Feature[];
  /** An upgrade's gain: what the plan and period include that the current one does not. */
  readonly addedFeatures: readonly Feature[];
}

/** A priced order plus what completing it needs (the plan row, the subscription). */
export interface PricedOrder {
  readonly quote: Quote;
  readonly plan: PlanRef;
  readonly subscriptionNo: string | null;
  readonly birthDate: string | null;
}

const unprocessable = (code: string, message: string, field?: string) =>
  new DomainError('unprocessable', code, message, field);

async function planDetails(db: Queryable, plan: Pick<PlanRef, 'id'>) {
  const [row] = await db.query<{ plan_name: string; product: string; features: Feature[] }>(
    'select plan_name, product, features from plans where id = $1',
    [plan.id],
  );
  return { planName: row!.plan_name, product: row!.product, features: row!.features };
}

/**
 * The first renewal the jobs will charge at the ordinary price, found by running the engine's
 * own renewals (or the end of a trial) from the state the order leaves: an offer's months and
 * a discount code's periods are counted exactly as they will be.
 */
function firstFullRenewal(after: EngineState, today: string): FullPriceCharge {
  let state = after;
  for (let i = 0; i <= (after.discount?.periodsLeft ?? 0) + 1 && state.renewalDate; i += 1) {
    const day = state.renewalDate;
    const command = state.status === SubscriptionStatus.TRIAL ? 'endTrial' : 'renew';
    const { state: next, effects } = transition(state, { kind: command }, day);
    const amount = effects[0]?.amountOre ?? next.plan.priceOre;
    if (amount >= next.plan.priceOre) return { date: effects[0]?.periodStart ?? day, amount };
    state = next;
  }
  // Nothing renews at a lower price (no renewal date): the full price is what is paid now.
  return { date: state.renewalDate ?? today, amount: after.plan.priceOre };
}

/** A subscription of this plan as the engine has it right after a new order activates it. */
function activated(plan: PlanRef, discount: Discount | null, today: string): EngineState {
  const bought: EngineState = {
    status: SubscriptionStatus.INACTIVE,
    plan,
    renewalDate: null,
    expiryDate: null,
    trialEnds: null,
    pendingChange: null,
    cancellation: null,
    paymentProvider: null,
    eligibleForSharing: true,
    subscriptionInfo1: null,
    // As completing the order stores it: the first period is the one paid now.
    discount: discount
      ? {
          amountOff: discount.amountOff,
          percentOff: discount.percentOff,
          periodsLeft: discount.periods - 1,
        }
      : null,
  };
  return transition(bought, { kind: 'activate' }, today).state;
}

/** requirements §5/§9: buying requires 18 or over; the youth plan is only for readers under 34. */
export function checkAge(
  birthDate: string | null,
  plan: Pick<PlanRef, 'ariaPlanID'>,
  today: string,
) {
  if (!birthDate)
    throw unprocessable('BIRTH_DATE_REQUIRED', 'Your birth date is needed to order', 'birthDate');
  if (isBelowPurchaseAge(birthDate, today))
    throw unprocessable(
      'AGE_BELOW_MINIMUM',
      `You must be ${PURCHASE_MINIMUM_AGE} or older to buy a subscription`,
      'birthDate',
    );
  if (isYouthPlan(plan) && isTooOldForYouth(birthDate, today))
    throw unprocessable(
      'YOUTH_AGE_EXCEEDED',
      `The youth subscription is only for readers under ${YOUTH_AGE_LIMIT}`,
      'ariaPlanID',
    );
}

async function ownState(db: Queryable, input: OrderInput, buyer: Buyer): Promise<EngineState> {
  if (!input.subscriptionNo)
    throw new DomainError(
      'invalid',
      'SUBSCRIPTION_REQUIRED',
      `A ${input.kind} order names the subscription`,
      'subscriptionNo',
    );
  const state = await readState(db, input.subscriptionNo, buyer.ariaAccountNo);
  if (!state || state.plan.titleCode !== input.titleCode)
    throw new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');
  return state;
}

export async function priceOrder(
  db: Queryable,
  input: OrderInput,
  buyer: Buyer,
  today: string,
): Promise<PricedOrder> {
  const titleCode = input.titleCode;
  // The student plan is sold to a reader whose student (or pupil) address is verified on the
  // title (domain/student); the business plan never here.
  const verifiedStudent =
    input.ariaPlanID === STUDENT_PLAN_ID &&
    input.kind === 'new' &&
    (await studentVerification(db, buyer.ariaAccountNo, titleCode, today)) !== null;
  if (notSoldInShop.has(input.ariaPlanID) && !verifiedStudent)
    throw new DomainError(
      'invalid',
      input.ariaPlanID === STUDENT_PLAN_ID ? 'STUDENT_VERIFICATION_REQUIRED' : 'PLAN_NOT_AVAILABLE',
      input.ariaPlanID === STUDENT_PLAN_ID
        ? 'The student plan needs a verified student e-mail address (/student-verifisering)'
        : 'This plan is not sold here',
      'ariaPlanID',
    );
  const plan = await findPlan(db, titleCode, {
    ariaPlanID: input.ariaPlanID,
    period: input.period,
  });
  const details = await planDetails(db, plan);
  // Age rules rest on the server's own records only: the identity provider, else the profile.
  const birthDate = await knownBirthDate(db, buyer.ariaAccountNo, buyer.birthDate);
  checkAge(birthDate, plan, today);
  const base = {
    kind: input.kind,
    titleCode,
    ariaPlanID: plan.ariaPlanID,
    ...details,
    planProductType: plan.productType,
    period: plan.period,
    currency: 'NOK' as const,
    ordinaryPrice: plan.priceOre,
  };

  if (input.kind !== 'new' && input.discountCode)
    throw new DomainError(
      'conflict',
      'DISCOUNT_NOT_COMBINABLE',
      'A discount code applies to new orders only',
      'discountCode',
    );

  const { subscription } = await currentSubscription(db, buyer.ariaAccountNo, titleCode);
  // A subscription suspended for an unpaid invoice counts: paying the invoice brings it back.
  if (subscription && holdsSubscription(subscription.instStatusCode) && input.kind !== 'upgrade')
    throw new DomainError(
      'conflict',
      'ALREADY_SUBSCRIBER',
      `You already subscribe to ${titleCode}`,
    );

  if (input.kind === 'new') {
    const discount = input.discountCode
      ? await applicableDiscount(db, input.discountCode, titleCode, plan.ariaPlanID, today)
      : null;
    const [history] = await db.query<{ n: number }>(
      `select count(*)::int as n from subscriptions where aria_account_no = $1 and title_code = $2`,
      [buyer.ariaAccountNo, titleCode],
    );
    // The first month for 1 kr is for a first-time reader of the default plan, monthly, once per
    // identity and title (offers.ts: also after a deletion of the reader's data); a discount code
    // replaces it (they are not combined), and the quote says what was given up.
    const planHasOffer =
      plan.ariaPlanID === defaultPlanId(titleCode) && plan.period === firstMonthPeriod;
    const firstTime =
      (history?.n ?? 0) === 0 &&
      !(planHasOffer && (await firstMonthOfferUsed(db, buyer.ariaAccountNo, titleCode)));
    const offerable = firstTime && planHasOffer;
    const offer: Offer | null = offerable && !discount ? 'FIRST_MONTH_1KR' : null;
    const renewalDate = addMonths(today, periodMonths[plan.period]);
    const amount = offer
      ? FIRST_MONTH_PRICE_ORE
      : discount
        ? discountedPrice(plan.priceOre, discount)
        : plan.priceOre;
    const fullNow = { date: today, amount };
    const firstFullCharge =
      amount >= plan.priceOre ? fullNow : firstFullRenewal(activated(plan, discount, today), today);
    return {
      plan,
      subscriptionNo: null,
      birthDate,
      quote: {
        ...base,
        amount,
        offer,
        discount,
        periodStart: today,
        periodEnd: addDays(renewalDate, -1),
        renewalDate,
        renewalPrice:
          discount && discount.periods > 1
            ? discountedPrice(plan.priceOre, discount)
            : plan.priceOre,
        proration: null,
        firstFullCharge,
        waivedOffer:
          offerable && discount
            ? {
                offer: 'FIRST_MONTH_1KR',
                amount: FIRST_MONTH_PRICE_ORE,
                renewalPrice: plan.priceOre,
                firstFullCharge: firstFullRenewal(activated(plan, null, today), today),
              }
            : null,
        unavailableOffer: planHasOffer && !firstTime && !discount ? FIRST_MONTH_NOT_GIVEN : null,
        addedFeatures: [],
      },
    };
  }

  const state = await ownState(db, input, buyer);
  // The same self-service limits as /endre-abonnement: a family share belongs to its owner, a
  // student plan needs the student verification, business plans are the company's.
  const block = selfServiceBlock({
    ariaPlanID: state.plan.ariaPlanID,
    planProductType: state.plan.productType,
    eligibleForSharing: state.eligibleForSharing,
    subscriptionInfo1: state.subscriptionInfo1,
  });
  if (block && (input.kind === 'upgrade' || block !== 'business'))
    throw new DomainError(
      'conflict',
      'PLAN_CHANGE_NOT_SELF_SERVICE',
      `A ${block} subscription is changed through customer service`,
    );
  if (
    input.kind === 'upgrade' &&
    !isSelfServiceTarget(
      { ariaPlanID: state.plan.ariaPlanID, planProductType: state.plan.productType },
      { ariaPlanID: plan.ariaPlanID, planProductType: plan.productType },
    )
  )
    throw new DomainError(
      'invalid',
      'PLAN_NOT_AVAILABLE',
      'This plan cannot be chosen in self-service for this subscription',
      'ariaPlanID',
    );
  if (input.kind === 'reactivation') {
    if (state.plan.id !== plan.id)
      throw new DomainError(
        'invalid',
        'PLAN_MISMATCH',
        'A reactivation restarts the plan and period the subscription had',
        'ariaPlanID',
      );
    // The offer at most once in 12 months (offers.ts); the order keeps what was decided here.
    const used = await reactivationOfferUsedOn(db, buyer.ariaAccountNo, titleCode, today);
    const { state: after, effects } = transition(
      state,
      { kind: 'reactivate', withOffer: !used },
      today,
    );
    const effect = effects[0];
    const amount = effect?.amountOre ?? 0;
    return {
      plan,
      subscriptionNo: input.subscriptionNo!,
      birthDate,
      quote: {
        ...base,
        amount,
        offer: effect?.reason === 'reactivation-offer' ? 'REACTIVATION_3_FOR_1' : null,
        discount: null,
        periodStart: today,
        periodEnd: addDays(after.renewalDate!, -1),
        renewalDate: after.renewalDate!,
        renewalPrice: plan.priceOre,
        proration: null,
        firstFullCharge:
          amount >= plan.priceOre ? { date: today, amount } : firstFullRenewal(after, today),
        waivedOffer: null,
        unavailableOffer:
          used && reactivationOffer(state.plan)
            ? { offer: 'REACTIVATION_3_FOR_1', reason: 'USED_RECENTLY', ...used }
            : null,
        addedFeatures: [],
      },
    };
  }

  // upgrade
  const { state: after, effects } = transition(state, { kind: 'upgradeNow', plan }, today);
  const effect = effects[0];
  const basis = effect?.basis ?? {};
  const current = await planDetails(db, state.plan);
  return {
    plan,
    subscriptionNo: input.subscriptionNo!,
    birthDate,
    quote: {
      ...base,
      amount: effect?.amountOre ?? 0,
      offer: null,
      discount: null,
      periodStart: today,
      periodEnd: addDays(after.renewalDate!, -1),
      renewalDate: after.renewalDate!,
      renewalPrice: plan.priceOre,
      proration: {
        fromPrice: state.plan.priceOre,
        toPrice: plan.priceOre,
        remainingDays: Number(basis.remainingDays ?? 0),
        periodDays: Number(basis.periodDays ?? 1),
      },
      firstFullCharge: firstFullRenewal(after, today),
      waivedOffer: null,
      unavailableOffer: null,
      addedFeatures: addedFeatures(current.features, details.features),
    },
  };
}
