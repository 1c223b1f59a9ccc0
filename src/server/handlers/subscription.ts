// Subscription handlers. The lookup answers 200 and reports problems in the body (the spec's
// client treats subscription errors as returned values), except a foreign account: 403.
// The rules live in domain/subscriptions (selfService.ts for what a reader may do alone).
import type { FastifyRequest } from 'fastify';

import { applyCommand } from '../domain/subscriptions/lifecycle';
import { reactivateFree, scheduleSelfServicePlanChange } from '../domain/subscriptions/selfService';
import { currentSubscription } from '../domain/subscriptions/subscriptions';
import type { Handlers } from '../http/operations';
import { ProblemError } from '../http/problem';
import { requireOwnAccount, requireSession } from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

/** The session user's account: a subscription of any other account is simply not found. */
async function sessionAccountNo(request: FastifyRequest): Promise<string> {
  const session = await requireSession(request);
  if (!session.account) {
    throw new ProblemError(404, 'SUBSCRIPTION_NOT_FOUND', 'Not Found', 'No such subscription');
  }
  return session.account.ariaAccountNo;
}

export const handlers: Handlers = {
  async getSubscription(request) {
    const { accountNo } = request.params;
    const titleCode = normaliseTitleCode(request.params.titleCode);
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
            message: `Account ${accountNo} has no subscription to ${titleCode}`,
          },
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

  // Cancellation (spec §5: a reason is required): the subscription runs to its last paid day
  // as PENDING_CANCELLATION, then the expiry job ends it.
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

  async reactivateSubscription(request) {
    const { subscriptionNo, action } = request.body;
    const { db, clock } = request.server.services;
    if (action === 'reactivate')
      return reactivateFree(
        request.server.services,
        await sessionAccountNo(request),
        subscriptionNo,
      );
    const { subscription } = await applyCommand(
      db,
      subscriptionNo,
      { kind: 'undoCancellation' },
      { clock, actor: 'user', ariaAccountNo: await sessionAccountNo(request) },
    );
    return subscription;
  },
};
