// Subscription handlers. The lookup answers 200 and reports problems in the body (the spec's
// client treats subscription errors as returned values), except a foreign account: 403.
// The rules live in domain/subscriptions (selfService.ts for what a reader may do alone).
import type { FastifyRequest } from 'fastify';

import { subscriptionChanges } from '../domain/subscriptions/changes';
import { chooseConversionPlan, conversionOf } from '../domain/subscriptions/conversions';
import { applyCommand } from '../domain/subscriptions/lifecycle';
import { overviewRead, overviewView } from '../domain/subscriptions/overview';
import { endPauseEarly, startPause } from '../domain/subscriptions/pauses';
import {
  reactivateFree,
  scheduleSelfServicePlanChange,
  undoCancellation,
} from '../domain/subscriptions/selfService';
import { currentSubscription } from '../domain/subscriptions/subscriptions';
import { withdraw, withdrawalRight } from '../domain/subscriptions/withdrawal';
import type { WithdrawalReceipt } from '../domain/subscriptions/withdrawalRules';
import type { Handlers } from '../http/operations';
import { ProblemError } from '../http/problem';
import {
  operationRead,
  requireOwnAccount,
  requireSession,
  requireSessionWith,
  type SomeOperationRead,
} from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

/** The session user's account: a subscription of any other account is simply not found. */
async function sessionAccountNo(request: FastifyRequest): Promise<string> {
  const session = await requireSession(request);
  if (!session.account) {
    throw new ProblemError(404, 'SUBSCRIPTION_NOT_FOUND', 'Not Found', 'No such subscription');
  }
  return session.account.ariaAccountNo;
}

/**
 * The home page's read: the overview of the session account's subscription to the title, made
 * with the session lookup (one statement). It can only see the session's own account; the path's
 * account number is still checked against the session (403 and a security event otherwise).
 */
const overviewOfSession = operationRead('getSubscription', (request) =>
  overviewRead(normaliseTitleCode(request.params.titleCode), request.server.services.clock.now()),
);

/** The reads this tag's operations make with their session (securityHandlersWith, app.ts). */
export const sessionReads: readonly SomeOperationRead[] = [overviewOfSession];

export const handlers: Handlers = {
  async getSubscription(request) {
    const { accountNo } = request.params;
    const titleCode = normaliseTitleCode(request.params.titleCode);
    const { value: subscription } = await requireSessionWith(request, overviewOfSession);
    await requireOwnAccount(request, accountNo);
    return {
      hasSubscription: subscription?.hasSubscription ?? false,
      subscription: subscription && overviewView(subscription),
      error: subscription
        ? null
        : {
            code: 'NO_SUBSCRIPTION',
            message: `Account ${accountNo} has no subscription to ${titleCode}`,
          },
    };
  },

  // The audit trail of the subscription getSubscription answers (the screens that report an
  // outcome read it); empty when the account has none to the title.
  async listSubscriptionChanges(request) {
    const { accountNo } = request.params;
    const titleCode = normaliseTitleCode(request.params.titleCode);
    await requireOwnAccount(request, accountNo);
    const { db } = request.server.services;
    const { subscription } = await currentSubscription(db, accountNo, titleCode);
    return {
      subscriptionNo: subscription?.subscriptionNo ?? null,
      changes: subscription ? await subscriptionChanges(db, subscription.subscriptionNo) : [],
    };
  },

  async schedulePlanChange(request) {
    const { subscriptionNo, ariaPlanID, period } = request.body;
    const session = await requireSession(request);
    const reader = {
      ariaAccountNo: await sessionAccountNo(request),
      identityBirthDate: session.claims.birthDate,
    };
    return scheduleSelfServicePlanChange(request.server.services, reader, subscriptionNo, {
      ariaPlanID,
      period,
    });
  },

  // The reader stops qualifying for the student or youth plan: what it becomes (404 when
  // nothing is waiting), and the reader's one-tap choice of another plan.
  async getPlanConversion(request) {
    return conversionOf(
      request.server.services,
      await sessionAccountNo(request),
      request.params.subscriptionNo,
    );
  },

  async choosePlanConversion(request) {
    const { conversion } = await chooseConversionPlan(
      request.server.services,
      await sessionAccountNo(request),
      request.params.subscriptionNo,
      request.body,
    );
    return conversion;
  },

  // 409 NO_PENDING_PLAN_CHANGE when nothing is waiting.
  async withdrawPlanChange(request) {
    const { subscriptionNo } = request.body;
    const { db, clock } = request.server.services;
    const { subscription } = await applyCommand(
      db,
      subscriptionNo,
      { kind: 'withdrawPlanChange' },
      { clock, actor: 'user', ariaAccountNo: await sessionAccountNo(request) },
    );
    return subscription;
  },

  // Cancellation (requirements §5: a reason is required): the subscription runs to its last paid day
  // as PENDING_CANCELLATION (a suspended one stays suspended), then the expiry job ends it.
  async deleteSubscription(request) {
    const { subscriptionNo, reason, comment, acceptedWinback } = request.body;
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

  // The right of withdrawal (angrerett): where it stands, and using it. A subscription of another
  // account is not found (404); the rule and the refunds are domain/subscriptions/withdrawal.ts.
  async getWithdrawal(request) {
    const { db, clock } = request.server.services;
    const right = await withdrawalRight(
      db,
      clock,
      await sessionAccountNo(request),
      request.params.subscriptionNo,
    );
    return {
      subscriptionNo: right.subscriptionNo,
      status: right.status,
      applies: right.status === 'AVAILABLE',
      lastDay: right.lastDay,
      purchasedAt: right.purchasedAt,
      amountPaid: right.amountPaidOre,
      refund: right.refund && {
        amount: right.refund.refundOre,
        amountPaid: right.refund.amountPaidOre,
        valueUsed: right.refund.valueUsedOre,
        parts: right.refund.parts.map((part) => ({
          orderReference: part.order.reference,
          kind: part.order.kind,
          paidAt: part.order.completedAt.toISOString(),
          amountPaid: part.order.amountOre,
          periodStart: part.order.periodStart,
          periodEnd: part.order.periodEnd,
          periodDays: part.periodDays,
          daysUsed: part.daysUsed,
          valueUsed: part.valueUsedOre,
          amount: part.refundOre,
          refundTo: part.order.paymentProvider,
        })),
      },
      refundTo: right.refundTo,
      receipt: right.receipt && receiptBody(right.receipt),
    };
  },

  // The body carries the refund the reader confirmed (409 WITHDRAWAL_AMOUNT_CHANGED otherwise).
  async withdrawSubscription(request) {
    const session = await requireSession(request);
    const receipt = await withdraw(
      { ...request.server.services, log: request.log },
      { ariaAccountNo: await sessionAccountNo(request), identity: session.claims },
      request.params.subscriptionNo,
      request.body.expectedRefund,
    );
    return receiptBody(receipt);
  },

  // Pause instead of leaving (domain/subscriptions/pauses.ts has the rules), and its early end.
  async pauseSubscription(request) {
    return startPause(
      request.server.services,
      await sessionAccountNo(request),
      request.params.subscriptionNo,
      request.body.months,
    );
  },

  async endSubscriptionPause(request) {
    return endPauseEarly(
      request.server.services,
      await sessionAccountNo(request),
      request.params.subscriptionNo,
    );
  },

  async reactivateSubscription(request) {
    const { subscriptionNo, action } = request.body;
    if (action === 'reactivate')
      return reactivateFree(
        request.server.services,
        await sessionAccountNo(request),
        subscriptionNo,
      );
    return undoCancellation(
      request.server.services,
      await sessionAccountNo(request),
      subscriptionNo,
    );
  },
};

function receiptBody(receipt: WithdrawalReceipt) {
  return {
    reference: receipt.reference,
    subscriptionNo: receipt.subscriptionNo,
    titleCode: receipt.titleCode,
    planName: receipt.planName,
    endedAt: receipt.endedAt,
    amountPaid: receipt.amountPaidOre,
    refundAmount: receipt.refundOre,
    refundTo: receipt.refundTo,
    refundStatus: receipt.refundStatus,
    receiptEmail: receipt.receiptEmail,
    parts: receipt.parts.map((part) => ({
      orderReference: part.orderReference,
      kind: part.kind,
      paidAt: part.paidAt,
      amountPaid: part.amountPaidOre,
      periodDays: part.periodDays,
      daysUsed: part.daysUsed,
      valueUsed: part.valueUsedOre,
      refundAmount: part.refundOre,
      refundTo: part.refundTo,
      refundStatus: part.refundStatus,
    })),
  };
}
