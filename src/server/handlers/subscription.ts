// Subscription handlers. The lookup answers 200 and reports problems in the body (the spec's
// client treats subscription errors as returned values), except a foreign account: 403.
import type { FastifyRequest } from 'fastify';

import { currentSubscription } from '../domain/subscriptions/subscriptions';
import type { OperationHandler } from '../http/contract';
import { requireOwnAccount } from '../http/security';

type GetSubscription = FastifyRequest<{ Params: { accountNo: string; titleCode: string } }>;

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
};
