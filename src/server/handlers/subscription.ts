// Subscription handlers. The lookup answers 200 and reports problems in the body (the spec's
// client treats subscription errors as returned values), except a foreign account: 403.
import type { FastifyRequest } from 'fastify';

import { applyCommand } from '../domain/subscriptions/lifecycle';
import { currentSubscription } from '../domain/subscriptions/subscriptions';
import type { OperationHandler } from '../http/contract';
import { ProblemError } from '../http/problem';
import { requireOwnAccount, requireSession } from '../http/security';

type GetSubscription = FastifyRequest<{ Params: { accountNo: string; titleCode: string } }>;
type DeleteSubscription = FastifyRequest<{
  Body: { subscriptionNo: string; reason: string; comment?: string; acceptedWinback: boolean };
}>;
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
    if (action === 'reactivate') {
      // Reactivating an ended subscription is a purchase (3 months for the price of 1); it
      // opens with the payment flow, never as a free activation.
      throw new ProblemError(
        501,
        'NOT_IMPLEMENTED',
        'Not Implemented',
        'Reactivation is ordered through payment, which is not available yet.',
      );
    }
    const { db, clock } = request.server.services;
    const { subscription } = await applyCommand(
      db,
      subscriptionNo,
      { kind: 'undoCancellation' },
      { clock, actor: 'user', ariaAccountNo: await sessionAccountNo(request) },
    );
    return subscription;
  },
};
