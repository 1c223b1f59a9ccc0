// Who may switch to which plan (requirements §5, §9): the youth (UNG) plan only under 34, and which plans
// a reader can switch between on their own (/endre-abonnement). Shared so the SPA offers exactly
// what the server accepts; and the age rules of buying (18 or older; the youth plan under 34),
// which the order page applies before the server's pricing checks them again.
import { ageOn } from '../time/oslo';

import { BUSINESS_PLAN_ID, STUDENT_PLAN_ID } from './plans';
import {
  hasBusinessInfo,
  isFamilyShare,
  isPaperPlan,
  PURCHASE_MINIMUM_AGE,
  type SubscriptionTraits,
  YOUTH_AGE_LIMIT,
} from './status';

/** Why a reader may not have a plan because of their age (the codes of the order contract). */
export type AgeRefusal = 'BIRTH_DATE_REQUIRED' | 'YOUTH_AGE_EXCEEDED';

/**
 * The youth plan is for readers under 34 on `today` (an Oslo date). Without a birth date nothing
 * proves it, so it is refused until one is given. `limit` is the catalogue's youthMaximumAge where
 * the SPA has it (the server fills it from the same constant).
 */
export function youthAgeRefusal(
  birthDate: string | null,
  today: string,
  limit: number = YOUTH_AGE_LIMIT,
): AgeRefusal | null {
  if (!birthDate) return 'BIRTH_DATE_REQUIRED';
  return ageOn(birthDate, today) < limit ? null : 'YOUTH_AGE_EXCEEDED';
}

/** A known birth date rules the youth plan out (no birth date: not decided yet, not refused). */
export function isTooOldForYouth(
  birthDate: string | null,
  today: string,
  limit: number = YOUTH_AGE_LIMIT,
): boolean {
  return birthDate !== null && youthAgeRefusal(birthDate, today, limit) === 'YOUTH_AGE_EXCEEDED';
}

/**
 * Buying a subscription needs the reader to be 18 or older on `today` (requirements §9; the code of the
 * order contract). `minimum` is the catalogue's minimumAge where the SPA has it.
 */
export function isBelowPurchaseAge(
  birthDate: string,
  today: string,
  minimum: number = PURCHASE_MINIMUM_AGE,
): boolean {
  return ageOn(birthDate, today) < minimum;
}

/** Why a subscription's plan cannot be changed in self-service (customer service can). */
export type SelfServiceBlock = 'student' | 'business' | 'family-share';

/**
 * Subscriptions whose plan a reader cannot change on their own: the student plan needs a student
 * verification (/student-verifisering), business plans are managed by the company, and a family
 * share belongs to the one who shares it. A paper subscription is not blocked, but it may only
 * change its billing period (see isSelfServiceTarget).
 */
export function selfServiceBlock(
  subscription: Pick<
    SubscriptionTraits,
    'ariaPlanID' | 'planProductType' | 'eligibleForSharing' | 'subscriptionInfo1'
  >,
): SelfServiceBlock | null {
  if (isFamilyShare(subscription)) return 'family-share';
  if (hasBusinessInfo(subscription) || subscription.ariaPlanID === BUSINESS_PLAN_ID)
    return 'business';
  if (subscription.ariaPlanID === STUDENT_PLAN_ID) return 'student';
  return null;
}

interface PlanKind {
  readonly ariaPlanID: string;
  readonly planProductType: string;
}

/** A plan anyone may buy in self-service: the digital plans but the student and business ones. */
export function isSelfServicePlan(plan: PlanKind): boolean {
  return (
    !isPaperPlan(plan) &&
    plan.ariaPlanID !== STUDENT_PLAN_ID &&
    plan.ariaPlanID !== BUSINESS_PLAN_ID
  );
}

/**
 * Whether a subscription on `current` may switch to `target` in self-service (before the age
 * rule of the youth plan). A digital subscription chooses among the self-service plans. A paper
 * (COMBO) subscription keeps its product and may only change its billing period: another
 * product changes the delivery (address, days, first or last paper), which is arranged with
 * customer service.
 */
export function isSelfServiceTarget(current: PlanKind, target: PlanKind): boolean {
  if (isPaperPlan(current)) return target.ariaPlanID === current.ariaPlanID;
  return isSelfServicePlan(target);
}
