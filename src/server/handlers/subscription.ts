// Subscription handlers. The lookup answers 200 and reports problems in the body (the spec's
// client treats subscription errors as returned values), except a foreign account: 403.
import type { FastifyRequest } from 'fastify';

import {
  isSelfServiceTarget,
  selfServiceBlock,
  youthAgeRefusal,
} from '../../shared/subscription/eligibility';
import type { Period } from '../../shared/subscription/plans';
import { isYouthPlan } from '../../shared/subscription/status';
import { osloDateOf } from '../../shared/time/oslo';
import { DomainError } from '../domain/errors';
import {
  applyCommand,
  applyCommandInTx,
  findPlan,
  type PlanSelector,
} from '../domain/subscriptions/lifecycle';
import { currentSubscription, getSubscription } from '../domain/subscriptions/subscriptions';
import type { OperationHandler } from '../http/contract';
import { ProblemError } from '../http/problem';
import { requireOwnAccount, requireSession } from '../http/security';

type GetSubscription = FastifyRequest<{ Params: { accountNo: string; titleCode: string } }>;
type DeleteSubscription = FastifyRequest<{
  Body: { subscriptionNo: string; reason: string; comment?: string; acceptedWinback: boolean };
}>;
type PlanChange = FastifyRequest<{
  Body: { subscriptionNo: string; ariaPlanID: string; period: Period };
}>;
type SubscriptionRef = FastifyRequest<{ Body: { subscriptionNo: string } }>;
type ReactivateSubscription = FastifyRequest<{
  Body: { subscriptionNo: string; action: 'undo-cancellation' | 'reactivate' };
}>;

/** The session user's account: a subscription of any other account is simply not found. */
async function sessionAccountNo(request: FastifyRequest): Promise<string> {
  const session = await requireSession(request);
  if (!session.account) {
    throw new ProblemError(404, 'SUBSCRIPTION_NOT_FOUND', 'Not Found', 'No such subscription');
  }
  return session.account.ariaAccountNo;
}

/**
 * What a reader may not change on their own (src/shared/subscription/eligibility.ts), refused
 * before the engine decides the rest: a student, business or family-shared subscription (409
 * PLAN_CHANGE_NOT_SELF_SERVICE), a plan not sold in self-service or, for a paper subscription,
 * another product than its own (400 PLAN_NOT_AVAILABLE), and the youth plan from 34 (400
 * YOUTH_AGE_EXCEEDED or BIRTH_DATE_REQUIRED). The plan is read before
 * the command's own transaction; meanwhile only an upgrade can move it, and that stays within
 * the digital plans allowed here. Answers the session's account number.
 */
async function checkSelfServicePlanChange(
  request: FastifyRequest,
  subscriptionNo: string,
  selector: PlanSelector,
): Promise<string> {
  const { db, clock } = request.server.services;
  const session = await requireSession(request);
  const ariaAccountNo = await sessionAccountNo(request);
  const current = await getSubscription(db, subscriptionNo, ariaAccountNo);
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
    const refusal = youthAgeRefusal(session.claims.birthDate, osloDateOf(clock.now()));
    if (refusal)
      throw new DomainError(
        'invalid',
        refusal,
        'The youth plan is for readers under 34',
        'ariaPlanID',
      );
  }
  return ariaAccountNo;
}

export const handlers: Record<string, OperationHandler> = {
  async getSubscription(request) {
    const { accountNo, titleCode } = (request as GetSubscription).params;
    await requireOwnAccount(request, accountNo);
    const { accountExists, subscription } = await currentSubscription(
      request.server.services.db,
      accountNo,
      titleCode,
    );
    if (!accountExists) {
      return {
        hasSubscription: false,
        subscription: null,
        error: { code: 'ACCOUNT_NOT_FOUND', message: `No account ${accountNo}` },
      };
    }
    return {
      hasSubscription: subscription?.hasSubscription ?? false,
      subscription,
      error: subscription
        ? null
        : {
            code: 'NO_SUBSCRIPTION',
            message: `Account ${accountNo} has no subscription to ${titleCode.toUpperCase()}`,
          },
    };
  },

  // A downgrade or period change waits for the next renewal date as `pendingChange`; the
  // engine refuses an upgrade (PLAN_CHANGE_IS_UPGRADE), which is paid now through an order.
  async schedulePlanChange(request) {
    const { subscriptionNo, ariaPlanID, period } = (request as PlanChange).body;
    const { db, clock } = request.server.services;
    const ariaAccountNo = await checkSelfServicePlanChange(request, subscriptionNo, {
      ariaPlanID,
      period,
    });
    const { subscription } = await applyCommand(
      db,
      subscriptionNo,
      { kind: 'schedulePlanChange', plan: { ariaPlanID, period } },
      { clock, actor: 'user', ariaAccountNo },
    );
    return subscription;
  },

  // 409 NO_PENDING_PLAN_CHANGE when nothing is waiting.
  async withdrawPlanChange(request) {
    const { subscriptionNo } = (request as SubscriptionRef).body;
    const { db, clock } = request.server.services;
    const { subscription } = await applyCommand(
      db,
      subscriptionNo,
      { kind: 'withdrawPlanChange' },
      { clock, actor: 'user', ariaAccountNo: await sessionAccountNo(request) },
    );
    return subscription;
  },

  // Cancellation (spec §5: a reason is required): the subscription runs to its last paid day
  // as PENDING_CANCELLATION, then the expiry job ends it.
  async deleteSubscription(request) {
    const { subscriptionNo, reason, comment, acceptedWinback } = (request as DeleteSubscription)
      .body;
    const { db, clock } = request.server.services;
    const { subscription } = await applyCommand(
      db,
      subscriptionNo,
      { kind: 'cancel', reason, comment: comment ?? null },
      {
        clock,
        actor: 'user',
        ariaAccountNo: await sessionAccountNo(request),
        context: { acceptedWinback },
      },
    );
    return {
      subscriptionNo: subscription.subscriptionNo,
      instStatusCode: subscription.instStatusCode,
      expiryDate: subscription.expiryDate,
    };
  },

  async reactivateSubscription(request) {
    const { subscriptionNo, action } = (request as ReactivateSubscription).body;
    const { db, clock } = request.server.services;
    if (action === 'reactivate') {
      const ariaAccountNo = await sessionAccountNo(request);
      // Only a subscription that costs nothing (business, non-billable) restarts here. The engine
      // decides: when the reactivation would bill anything, the whole change is rolled back and
      // the reader orders it instead (kind `reactivation`, 3 months for the price of 1).
      const { subscription } = await db.transaction(async (tx) => {
        const applied = await applyCommandInTx(
          tx,
          subscriptionNo,
          { kind: 'reactivate' },
          { clock, actor: 'user', ariaAccountNo },
        );
        if (applied.effects.length > 0)
          throw new DomainError(
            'conflict',
            'PAYMENT_REQUIRED',
            'A paying subscription is reactivated by ordering it (order kind reactivation).',
          );
        return applied;
      });
      return subscription;
    }
    const { subscription } = await applyCommand(
      db,
      subscriptionNo,
      { kind: 'undoCancellation' },
      { clock, actor: 'user', ariaAccountNo: await sessionAccountNo(request) },
    );
    return subscription;
  },
};
