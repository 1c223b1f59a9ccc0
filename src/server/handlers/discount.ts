// Discount codes: look one up (getDiscountDetails) or check that it applies to a plan now
// (addDiscount); the order then carries the code and the server prices it again. Tries are
// rate-limited per user so codes cannot be guessed.
import type { FastifyRequest } from 'fastify';

import { osloDateOf } from '../../shared/time/oslo';
import { applicableDiscount, discountDetails } from '../domain/orders/discounts';
import type { OperationHandler } from '../http/contract';
import { requireSession } from '../http/security';

import { limitDiscountTries } from './order';

type AddDiscount = FastifyRequest<{
  Body: { discountCode: string; ariaPlanID: string; titleCode: string };
}>;
type DiscountDetails = FastifyRequest<{ Body: { discountCode: string; titleCode: string } }>;

export const handlers: Record<string, OperationHandler> = {
  async addDiscount(request) {
    const session = await requireSession(request);
    await limitDiscountTries(request, session.spidId);
    const { discountCode, ariaPlanID, titleCode } = (request as AddDiscount).body;
    const { db, clock } = request.server.services;
    return applicableDiscount(db, discountCode, titleCode, ariaPlanID, osloDateOf(clock.now()));
  },

  async getDiscountDetails(request) {
    const session = await requireSession(request);
    await limitDiscountTries(request, session.spidId);
    const { discountCode, titleCode } = (request as DiscountDetails).body;
    return discountDetails(request.server.services.db, discountCode, titleCode);
  },
};
