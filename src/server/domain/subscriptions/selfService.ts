// The reader's own commands on a subscription (Min Side, not customer service): a plan change
// within what self-service allows, and a free reactivation. What may not be changed alone is
// refused here, before the engine decides the rest (src/shared/subscription/eligibility.ts).
import {
  isSelfServiceTarget,
  selfServiceBlock,
  youthAgeRefusal,
} from '../../../shared/subscription/eligibility';
import { isYouthPlan } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { knownBirthDate } from '../accounts/profile';

import { nextCharge, type Command } from './engine';
import {
  applyCommand,
  applyCommandInTx,
  findPlan,
  hasUsableRenewalMethod,
  readState,
  type Applied,
  type PlanSelector,
} from './lifecycle';
import { getSubscription, type Subscription } from './subscriptions';

export interface SelfServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
}

/** The reader acting: their account and the birth date their identity gives (if any). */
export interface Reader {
  readonly ariaAccountNo: string;
  readonly identityBirthDate: string | null | undefined;
}

/**
 * Refuses a student, business or family-shared subscription (409 PLAN_CHANGE_NOT_SELF_SERVICE),
 * a plan not sold in self-service or, for a paper subscription, another product than its own
 * (400 PLAN_NOT_AVAILABLE), and the youth plan from 34 (400 YOUTH_AGE_EXCEEDED or
 * BIRTH_DATE_REQUIRED). The plan is read before the command's own transaction; meanwhile only
 * an upgrade can move it, and that stays within the digital plans allowed here.
 */
export async function checkSelfServicePlanChange(
  { db, clock }: SelfServiceDeps,
  reader: Reader,
  subscriptionNo: string,
  selector: PlanSelector,
): Promise<void> {
  const current = await getSubscription(db, subscriptionNo, reader.ariaAccountNo);
  if (!current)
    throw new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');
  const block = selfServiceBlock({
    ariaPlanID: current.ariaPlanID,
    planProductType: current.planProductType,
    eligibleForSharing: current.eligibleForSharing,
    subscriptionInfo1: current.subsRetrieveSubscriptionAddInfo.subscriptionInfo1,
  });
  if (block)
    throw new DomainError(
      'conflict',
      'PLAN_CHANGE_NOT_SELF_SERVICE',
      `The plan of a ${block} subscription is changed through customer service`,
    );
  const target = await findPlan(db, current.titleCode, selector);
  if (
    !isSelfServiceTarget(current, {
      ariaPlanID: target.ariaPlanID,
      planProductType: target.productType,
    })
  )
    throw new DomainError(
      'invalid',
      'PLAN_NOT_AVAILABLE',
      'This plan cannot be chosen in self-service for this subscription',
      'ariaPlanID',
    );
  if (isYouthPlan(target)) {
    const birthDate = await knownBirthDate(db, reader.ariaAccountNo, reader.identityBirthDate);
    const refusal = youthAgeRefusal(birthDate, osloDateOf(clock.now()));
    if (refusal)
      throw new DomainError(
        'invalid',
        refusal,
        'The youth plan is for readers under 34',
        'ariaPlanID',
      );
  }
}

/**
 * A downgrade or period change waits for the next renewal date as `pendingChange`; the engine
 * refuses an upgrade (PLAN_CHANGE_IS_UPGRADE), which is paid now through an order.
 */
export async function scheduleSelfServicePlanChange(
  deps: SelfServiceDeps,
  reader: Reader,
  subscriptionNo: string,
  plan: PlanSelector,
): Promise<Subscription> {
  await checkSelfServicePlanChange(deps, reader, subscriptionNo, plan);
  const { subscription } = await applyCommand(
    deps.db,
    subscriptionNo,
    { kind: 'schedulePlanChange', plan },
    { clock: deps.clock, actor: 'user', ariaAccountNo: reader.ariaAccountNo },
  );
  return subscription;
}

/**
 * Applies the reader's `command` and then `refuse` in one transaction: a refusal (a thrown
 * DomainError) rolls the command back, so nothing changes.
 */
async function applyUnless(
  { db, clock }: SelfServiceDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
  command: Command,
  refuse: (tx: Queryable, applied: Applied) => Promise<void>,
): Promise<Subscription> {
  const { subscription } = await db.transaction(async (tx) => {
    const applied = await applyCommandInTx(tx, subscriptionNo, command, {
      clock,
      actor: 'user',
      ariaAccountNo,
    });
    await refuse(tx, applied);
    return applied;
  });
  return subscription;
}

/**
 * Only a subscription that costs nothing (business, non-billable) restarts here. The engine
 * decides: when the reactivation would bill anything, the whole change is rolled back and the
 * reader orders it instead (kind `reactivation`, 3 months for the price of 1).
 */
export function reactivateFree(
  deps: SelfServiceDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<Subscription> {
  return applyUnless(deps, ariaAccountNo, subscriptionNo, { kind: 'reactivate' }, async (_, a) => {
    if (a.effects.length > 0)
      throw new DomainError(
        'conflict',
        'PAYMENT_REQUIRED',
        'A paying subscription is reactivated by ordering it (order kind reactivation).',
      );
  });
}

/**
 * Undoes a cancellation in waiting. A subscription that will charge the reader again must have a
 * method its renewals can be charged to (not none, not a stopped Vipps agreement): else 409
 * `PAYMENT_METHOD_REQUIRED`, and nothing changes (the reader sets a new method first).
 */
export function undoCancellation(
  deps: SelfServiceDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<Subscription> {
  const command = { kind: 'undoCancellation' } as const;
  return applyUnless(deps, ariaAccountNo, subscriptionNo, command, async (tx) => {
    const after = await readState(tx, subscriptionNo);
    const charge = after ? nextCharge(after) : null;
    if (charge?.kind === 'charge' && !(await hasUsableRenewalMethod(tx, subscriptionNo)))
      throw new DomainError(
        'conflict',
        'PAYMENT_METHOD_REQUIRED',
        'The subscription has no payment method its renewals can be charged to',
      );
  });
}
