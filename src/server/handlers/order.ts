// Catalogue, quotes and orders of the session user, and the payment provider's callback. The
// rules live in domain/orders; here each request is tied to the session's account (another
// user's order is simply not found) and to the page's origin for the payment return URLs.
import type { FastifyRequest } from 'fastify';

import { osloDateOf } from '../../shared/time/oslo';
import { DomainError, RateLimitedError } from '../domain/errors';
import { getCatalogue } from '../domain/orders/catalogue';
import {
  cancelOrder,
  completeOrder,
  createOrder,
  getOrder,
  orderIdOfPayment,
  type CreateOrderInput,
} from '../domain/orders/orders';
import { priceOrder, type Buyer, type OrderInput } from '../domain/orders/pricing';
import { agreementStopped } from '../domain/payment-methods/paymentMethods';
import { consume } from '../domain/rate-limits';
import type { OperationHandler } from '../http/contract';
import { ProblemError } from '../http/problem';
import { requestOrigin, requireSession } from '../http/security';
import { recordSecurityEvent } from '../identity/sessions';
import { verifySignature } from '../payments/signature';

type WithOrderId = FastifyRequest<{ Params: { orderId: string } }>;

/** Guessing discount codes is limited per user: 10 tries per 10 minutes. */
export const DISCOUNT_TRIES = { limit: 10, windowSeconds: 600 } as const;

export async function limitDiscountTries(request: FastifyRequest, spidId: string): Promise<void> {
  const { db, clock } = request.server.services;
  const wait = await consume(
    db,
    `discount:${spidId}`,
    DISCOUNT_TRIES.limit,
    DISCOUNT_TRIES.windowSeconds,
    clock.now(),
  );
  if (wait > 0) throw new RateLimitedError(wait);
}

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

const orderDeps = (request: FastifyRequest) => ({ ...request.server.services, log: request.log });

export const handlers: Record<string, OperationHandler> = {
  async getCatalogue(request) {
    const { titleCode } = (request as FastifyRequest<{ Params: { titleCode: string } }>).params;
    return getCatalogue(request.server.services.db, titleCode);
  },

  async quoteOrder(request) {
    const input = (request as FastifyRequest<{ Body: OrderInput }>).body;
    const who = await buyer(request);
    if (input.discountCode) await limitDiscountTries(request, who.spidId);
    const { db, clock } = request.server.services;
    const { quote } = await priceOrder(db, input, who, osloDateOf(clock.now()));
    return quote;
  },

  async createOrder(request, reply) {
    const input = (request as FastifyRequest<{ Body: CreateOrderInput }>).body;
    const key = request.headers['idempotency-key'] as string;
    const who = await buyer(request);
    if (input.discountCode) await limitDiscountTries(request, who.spidId);
    const { order, created } = await createOrder(orderDeps(request), who, key, input, {
      origin: requestOrigin(request),
    });
    return reply.code(created ? 201 : 200).send(order);
  },

  async getOrder(request) {
    const { orderId } = (request as WithOrderId).params;
    return getOrder(request.server.services.db, orderId, await ownerAccountNo(request));
  },

  async completeOrder(request) {
    const { orderId } = (request as WithOrderId).params;
    return completeOrder(orderDeps(request), orderId, await ownerAccountNo(request));
  },

  async cancelOrder(request) {
    const { orderId } = (request as WithOrderId).params;
    return cancelOrder(orderDeps(request), orderId, await ownerAccountNo(request));
  },

  // Server to server: no session, no CSRF header; the signature is the authentication.
  async paymentCallback(request) {
    const { db, clock, paymentCallbackSecret } = request.server.services;
    const raw = request.rawBody ?? '';
    const check = verifySignature(
      paymentCallbackSecret,
      request.headers['payment-signature'] as string | undefined,
      raw,
      clock.now().getTime() / 1000,
    );
    if (!check.valid) {
      await recordSecurityEvent(db, 'payment-callback-rejected', `signature ${check.reason}`);
      throw new ProblemError(
        401,
        'INVALID_SIGNATURE',
        'Unauthorized',
        'The callback signature is not valid.',
      );
    }
    const body = (
      request as FastifyRequest<{
        Body: { eventId: string; paymentId: string; reference: string; status: string };
      }>
    ).body;
    const fresh = await db.query(
      `insert into payment_callbacks (event_id, payment_id, status) values ($1, $2, $3)
       on conflict (event_id) do nothing returning event_id`,
      [body.eventId, body.paymentId, body.status],
    );
    if (fresh.length === 0) return { received: true, duplicate: true };
    if (body.paymentId.startsWith('agr_')) {
      await agreementStopped(request.server.services, body.paymentId);
      return { received: true, duplicate: false };
    }
    // Only a hint: the order is settled from the provider's own answer, not from this body.
    const orderId = await orderIdOfPayment(db, body.paymentId);
    if (orderId) await completeOrder(orderDeps(request), orderId, null);
    else request.log.warn({ paymentId: body.paymentId }, 'callback for an unknown payment');
    return { received: true, duplicate: false };
  },
};
