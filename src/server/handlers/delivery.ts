// Delivery handlers (/endre-avislevering): the delivery calendar and the delivery changes of the
// reader's own paper subscription, and the postal-code register. The operations are
// domain/delivery/changes.ts (their rules: changeRules.ts); a subscription of another account is
// not found (404), and so is a change of another subscription.
import type { FastifyRequest } from 'fastify';

import {
  createDeliveryChange,
  type DeliveryChangeDeps,
  deliveryChangeOverview,
  updateDeliveryChange,
  withdrawDeliveryChange,
} from '../domain/delivery/changes';
import { postalPlace } from '../domain/delivery/postalCodes';
import type { Handlers } from '../http/operations';
import { ProblemError } from '../http/problem';
import { requireSession } from '../http/security';

/** The session user's account: without one, no subscription of theirs exists. */
async function sessionAccountNo(request: FastifyRequest): Promise<string> {
  const session = await requireSession(request);
  if (!session.account) {
    throw new ProblemError(404, 'SUBSCRIPTION_NOT_FOUND', 'Not Found', 'No such subscription');
  }
  return session.account.ariaAccountNo;
}

const depsOf = (request: FastifyRequest): DeliveryChangeDeps => {
  const { db, clock } = request.server.services;
  return { db, clock };
};

export const handlers: Handlers = {
  async getDeliveryChanges(request) {
    return deliveryChangeOverview(
      depsOf(request),
      await sessionAccountNo(request),
      request.params.subscriptionNo,
    );
  },

  async createDeliveryChange(request, reply) {
    const change = await createDeliveryChange(
      depsOf(request),
      await sessionAccountNo(request),
      request.params.subscriptionNo,
      request.body,
    );
    return reply.code(201).send(change);
  },

  async updateDeliveryChange(request) {
    return updateDeliveryChange(
      depsOf(request),
      await sessionAccountNo(request),
      request.params.subscriptionNo,
      request.params.changeId,
      request.body,
    );
  },

  async withdrawDeliveryChange(request) {
    return withdrawDeliveryChange(
      depsOf(request),
      await sessionAccountNo(request),
      request.params.subscriptionNo,
      request.params.changeId,
    );
  },

  async getPostalPlace(request) {
    const { postalCode } = request.params;
    const place = postalPlace(postalCode);
    if (place === undefined)
      throw new ProblemError(
        404,
        'POSTAL_CODE_UNKNOWN',
        'Not Found',
        `Postnummeret ${postalCode} finnes ikke`,
      );
    return { postalCode, place };
  },
};
