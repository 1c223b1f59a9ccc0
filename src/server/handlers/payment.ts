// Invoices of the session user's account. Account numbers are checked against the session
// (403); an invoice number that is not the session's is not found (404), never shown.
import type { FastifyRequest } from 'fastify';

import { invoicePdf } from '../domain/invoices/documents';
import { getInvoice, listInvoices } from '../domain/invoices/invoices';
import { payInvoice } from '../domain/orders/orders';
import {
  startPaymentMethodChange,
  verifyPaymentMethodChange,
} from '../domain/payment-methods/paymentMethods';
import { DomainError } from '../errors';
import { sendPdf } from '../http/documents';
import type { Handlers } from '../http/operations';
import { requestOrigin, requireOwnAccount, requireSession } from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

async function accountNoOf(request: FastifyRequest): Promise<string> {
  const session = await requireSession(request);
  if (!session.account)
    throw new DomainError('not-found', 'SUBSCRIPTION_NOT_FOUND', 'No such subscription');
  return session.account.ariaAccountNo;
}

export const handlers: Handlers = {
  // A new card (Swedbank Pay card registration), approved on the provider's page.
  async changeCard(request) {
    const body = request.body;
    return startPaymentMethodChange(
      request.server.services,
      await accountNoOf(request),
      { subscriptionNo: body.subscriptionNo, provider: 'SWEDBANK-PPG', returnUrl: body.returnUrl },
      requestOrigin(request),
    );
  },

  // Vipps (a recurring agreement) or a card, approved on the provider's page.
  async changePaymentMethod(request) {
    const body = request.body;
    return startPaymentMethodChange(
      request.server.services,
      await accountNoOf(request),
      body,
      requestOrigin(request),
    );
  },

  async verifyPaymentMethod(request) {
    const body = request.body;
    return verifyPaymentMethodChange(request.server.services, await accountNoOf(request), body);
  },

  async listInvoices(request) {
    const { accountNo } = request.params;
    const titleCode = normaliseTitleCode(request.params.titleCode);
    await requireOwnAccount(request, accountNo);
    const { db, clock } = request.server.services;
    return { invoices: await listInvoices(db, accountNo, titleCode, clock.now()) };
  },

  async payInvoice(request, reply) {
    const { ariaInvoiceNo } = request.params;
    const { paymentProvider } = request.body;
    const session = await requireSession(request);
    if (!session.account)
      throw new DomainError('not-found', 'INVOICE_NOT_FOUND', 'No such invoice');
    const { order, created } = await payInvoice(
      { ...request.server.services, log: request.log },
      { ariaAccountNo: session.account.ariaAccountNo },
      request.headers['idempotency-key'],
      { ariaInvoiceNo, paymentProvider },
      { origin: requestOrigin(request) },
    );
    return reply.code(created ? 201 : 200).send(order);
  },

  async getInvoice(request) {
    const { ariaInvoiceNo } = request.params;
    const session = await requireSession(request);
    const { db, clock } = request.server.services;
    return getInvoice(db, ariaInvoiceNo, session.account?.ariaAccountNo ?? null, clock.now());
  },

  // The invoice as a PDF, the owner's only (another's is 404 as getInvoice); never cached.
  async getInvoicePdf(request, reply) {
    const { ariaInvoiceNo } = request.params;
    const session = await requireSession(request);
    const { db, clock } = request.server.services;
    const file = await invoicePdf(
      db,
      ariaInvoiceNo,
      { ariaAccountNo: session.account?.ariaAccountNo ?? null, identity: session.claims },
      clock.now(),
    );
    return sendPdf(reply, file);
  },
};
