// Catalogue, quotes and orders of the session user, and the payment provider's callback. The
// rules live in domain/orders; here each request is tied to the session's account (another
// user's order is simply not found) and to the page's origin for the payment return URLs.
import type { FastifyRequest } from 'fastify';

import { osloDateOf } from '../../shared/time/oslo';
import { receivePaymentCallback } from '../domain/orders/callbacks';
import { getCatalogue } from '../domain/orders/catalogue';
import { limitDiscountTries } from '../domain/orders/discounts';
import { cancelOrder, completeOrder, createOrder, getOrder } from '../domain/orders/orders';
import { priceOrder, type Buyer } from '../domain/orders/pricing';
import { DomainError } from '../errors';
import type { Handlers } from '../http/operations';
import { requestOrigin, requireSession } from '../http/security';
import { normaliseTitleCode, withTitleCode } from '../http/title-code';

/** The session's account for reading its orders: without an account, no order is its own. */
async function ownerAccountNo(request: FastifyRequest): Promise<string> {
  const session = await requireSession(request);
  if (!session.account) throw new DomainError('not-found', 'ORDER_NOT_FOUND', 'No such order');
  return session.account.ariaAccountNo;
}

async function buyer(request: FastifyRequest): Promise<Buyer & { spidId: string }> {
  const session = await requireSession(request);
  if (!session.account)
    throw new DomainError('conflict', 'ACCOUNT_REQUIRED', 'Create the account before ordering');
  return {
    ariaAccountNo: session.account.ariaAccountNo,
    birthDate: session.claims.birthDate ?? null,
    spidId: session.spidId,
  };
}

/** Guessing discount codes is limited per user (domain/orders/discounts.ts). */
const limitTries = (request: FastifyRequest, spidId: string) =>
  limitDiscountTries(request.server.services.db, spidId, request.server.services.clock.now());

const orderDeps = (request: FastifyRequest) => ({ ...request.server.services, log: request.log });

export const handlers: Handlers = {
  async getCatalogue(request) {
    const titleCode = normaliseTitleCode(request.params.titleCode);
    return getCatalogue(request.server.services.db, titleCode);
  },

  async quoteOrder(request) {
    const input = withTitleCode(request.body);
    const who = await buyer(request);
    if (input.discountCode) await limitTries(request, who.spidId);
    const { db, clock } = request.server.services;
    const { quote } = await priceOrder(db, input, who, osloDateOf(clock.now()));
    return quote;
  },

  async createOrder(request, reply) {
    const input = withTitleCode(request.body);
    const key = request.headers['idempotency-key'];
    const who = await buyer(request);
    if (input.discountCode) await limitTries(request, who.spidId);
    const { order, created } = await createOrder(orderDeps(request), who, key, input, {
      origin: requestOrigin(request),
    });
    return reply.code(created ? 201 : 200).send(order);
  },

  async getOrder(request) {
    const { orderId } = request.params;
    return getOrder(request.server.services.db, orderId, await ownerAccountNo(request));
  },

  async completeOrder(request) {
    const { orderId } = request.params;
    return completeOrder(orderDeps(request), orderId, await ownerAccountNo(request));
  },

  async cancelOrder(request) {
    const { orderId } = request.params;
    return cancelOrder(orderDeps(request), orderId, await ownerAccountNo(request));
  },

  // Server to server: no session, no CSRF header; the contract's paymentSignature scheme has
  // checked the signature (http/security.ts) before this runs.
  async paymentCallback(request) {
    const { eventId, paymentId, status } = request.body;
    const received = await receivePaymentCallback(orderDeps(request), {
      eventId,
      paymentId,
      status,
    });
    request.server.services.metrics.paymentCallback(status, received.duplicate === true);
    return received;
  },
};
