// Discount codes: look one up (getDiscountDetails) or check that it applies to a plan now
// (addDiscount); the order then carries the code and the server prices it again. Tries are
// rate-limited per user so codes cannot be guessed.
import { osloDateOf } from '../../shared/time/oslo';
import {
  applicableDiscount,
  discountDetails,
  limitDiscountTries,
} from '../domain/orders/discounts';
import type { Handlers } from '../http/operations';
import { requireSession } from '../http/security';
import { withTitleCode } from '../http/title-code';

export const handlers: Handlers = {
  async addDiscount(request) {
    const session = await requireSession(request);
    await limitDiscountTries(
      request.server.services.db,
      session.spidId,
      request.server.services.clock.now(),
    );
    const { discountCode, ariaPlanID, titleCode } = withTitleCode(request.body);
    const { db, clock } = request.server.services;
    return applicableDiscount(db, discountCode, titleCode, ariaPlanID, osloDateOf(clock.now()));
  },

  async getDiscountDetails(request) {
    const session = await requireSession(request);
    await limitDiscountTries(
      request.server.services.db,
      session.spidId,
      request.server.services.clock.now(),
    );
    const { discountCode, titleCode } = withTitleCode(request.body);
    return discountDetails(request.server.services.db, discountCode, titleCode);
  },
};
