// Catalogue, quotes and orders of the session user, and the payment provider's callback. The
// rules live in domain/orders; here each request is tied to the session's account (another
// user's order is simply not found) and to the page's origin for the payment return URLs.
import { createHash } from 'node:crypto';

import type { FastifyRequest } from 'fastify';

import { osloDateOf } from '../../shared/time/oslo';
import { orderReceiptPdf } from '../domain/invoices/documents';
import { receivePaymentCallback } from '../domain/orders/callbacks';
import { getCatalogue } from '../domain/orders/catalogue';
import { limitDiscountTries } from '../domain/orders/discounts';
import { completeOrder } from '../domain/orders/orderCompletion';
import { cancelOrder, createOrder } from '../domain/orders/orders';
import { getOrder } from '../domain/orders/orderStore';
import { priceOrder, type Buyer } from '../domain/orders/pricing';
import {
  followProviderEvent,
  followSwedbankPayCallback,
  type ProviderEventTarget,
} from '../domain/orders/providerEvents';
import { enforceLimit } from '../domain/rate-limits';
import { DomainError } from '../errors';
import { sendPdf } from '../http/documents';
import type { Handlers } from '../http/operations';
import { requestOrigin, requireSession } from '../http/security';
import { normaliseTitleCode, withTitleCode } from '../http/title-code';
import { recordCallback } from '../payments/callbacks';
import { swedbankPayCallbackTarget } from '../payments/swedbankpay';
import { vippsEventTarget, type VippsEventTarget } from '../payments/vipps';

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

/** Callbacks Swedbank Pay may send from one address: far above its retries, below a flood. */
const CALLBACK_LIMIT = { limit: 600, windowSeconds: 60 } as const;

const toProviderTarget = (target: VippsEventTarget): ProviderEventTarget =>
  target.kind === 'charge'
    ? { kind: 'vipps-charge', agreementId: target.agreementId, chargeId: target.chargeId }
    : target;

const targetId = (target: VippsEventTarget) =>
  target.kind === 'payment'
    ? target.paymentId
    : target.kind === 'agreement'
      ? target.agreementId
      : `${target.agreementId}:${target.chargeId}`;

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

  // The receipt of a completed order as a PDF, the owner's only (another's is 404 as getOrder).
  async getOrderReceiptPdf(request, reply) {
    const { orderId } = request.params;
    const ariaAccountNo = await ownerAccountNo(request);
    const { claims } = await requireSession(request);
    const { db, clock } = request.server.services;
    const file = await orderReceiptPdf(
      db,
      orderId,
      { ariaAccountNo, identity: claims },
      clock.now(),
    );
    return sendPdf(reply, file);
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

  // Vipps' webhooks: the contract's vippsSignature scheme has checked the HMAC. The event only
  // names what is fetched from Vipps; one that names nothing of ours is received all the same
  // (Vipps would otherwise hold back the later events of that payment).
  async vippsWebhook(request) {
    const body = request.body as Record<string, unknown>;
    const target = vippsEventTarget(body);
    const name = String(body.name ?? body.eventType ?? 'unknown');
    const eventId = `vipps:${createHash('sha256')
      .update(request.rawBody ?? '')
      .digest('hex')}`;
    if (target) {
      const outcome = await followProviderEvent(orderDeps(request), toProviderTarget(target));
      if (outcome === 'not ours')
        request.log.warn({ event: name }, 'a Vipps event for nothing of ours');
    }
    const fresh = await recordCallback(request.server.services.db, {
      eventId,
      paymentId: target ? targetId(target) : 'unknown',
      status: name.slice(0, 64),
    });
    request.server.services.metrics.paymentCallback(name, !fresh);
    return { received: true as const, duplicate: !fresh };
  },

  // Swedbank Pay's callback carries no signature: it only makes the server fetch the payment
  // order it names, and only one of ours is looked at (a flood is limited per address).
  async swedbankPayCallback(request) {
    const { db, clock } = request.server.services;
    await enforceLimit(db, `swedbankpay-callback:${request.ip}`, CALLBACK_LIMIT, clock.now());
    const paymentId = swedbankPayCallbackTarget(request.body);
    const outcome = paymentId
      ? await followSwedbankPayCallback(orderDeps(request), paymentId)
      : 'not ours';
    const body = request.body as { paymentOrder: { number?: unknown } };
    const fresh = await recordCallback(db, {
      eventId: `swedbankpay:${paymentId}:${String(body.paymentOrder.number ?? '')}`.slice(0, 200),
      paymentId: paymentId ?? 'unknown',
      status: outcome,
    });
    request.server.services.metrics.paymentCallback('swedbankpay', !fresh);
    return { received: true as const, duplicate: !fresh };
  },
};
