// The Swedbank Pay adapter of the payment port for card payments: Payment Order v3.1
// (docs/payments/swedbankpay-api-notes.md).
// - A purchase is a Purchase payment order the reader completes on the redirect page; the
//   completeUrl proves nothing: the order is fetched, and only `Paid` counts. Card payments are
//   authorised, then captured once the order is granted; a purchase that starts renewals asks for
//   an unscheduled token (generateUnscheduledToken), which is the mandate.
// - A mandate alone (a new card, an order of 0 kr) is a Verify payment order, its token read
//   from `paid.tokens` once Paid.
// - A renewal is an UnscheduledPurchase with the token; it is authorised at once (Paid) or
//   Failed, and a Paid one is captured at once (the period is already granted). Were its answer
//   lost, nothing is taken: an authorisation nobody captures runs out.
// - Every operation carries its own payeeReference (at most 30 letters and digits), derived from
//   the operation's idempotency key, so a retry is the same operation. URLs are taken from the
//   `operations` of the order, never built (except the order's own id).
// - The callback is a fail-safe that only makes the server fetch the order it names.
// Ids it hands out: `swedbankpay:<payment order id>`; a mandate id is
// `<payerReference>.<unscheduled token>` (the token is used with the payerReference it was made
// for).
import { createHash } from 'node:crypto';

import type { Clock } from '../clock';

import { ProviderError, providerHttp, type ProviderHttpOptions } from './http';
import type {
  AgreementRequest,
  AgreementStatus,
  ChargeFailure,
  HostedPaymentRequest,
  Mandate,
  MandateState,
  PaymentPort,
  ProviderAgreement,
  ProviderPayment,
  ProviderPaymentStatus,
  RecurringChargeRequest,
} from './port';

export interface SwedbankPayConfig {
  /** https://api.payex.com (production) or https://api.externalintegration.payex.com (test). */
  readonly baseUrl: string;
  /** The merchant access token from the Merchant Portal. */
  readonly accessToken: string;
  readonly payeeId: string;
  /** Where Swedbank Pay posts its callbacks (our /api/payments/swedbankpay/callback). */
  readonly callbackUrl: string;
}

/** A payeeReference Swedbank Pay accepts whatever the settlement contract: `[A-Za-z0-9]{1,30}`. */
export function payeeReference(key: string): string {
  if (/^[A-Za-z0-9]{1,30}$/.test(key)) return key;
  return createHash('sha256').update(key).digest('hex').slice(0, 30);
}

const ID_PREFIX = 'swedbankpay:';

export const isSwedbankPayId = (id: string) => id.startsWith(ID_PREFIX);

interface Operation {
  readonly rel: string;
  readonly href: string;
  readonly method: string;
}

interface PaymentOrder {
  readonly id: string;
  readonly status: 'Initialized' | 'Paid' | 'Failed' | 'Cancelled' | 'Reversed' | 'Aborted';
  readonly operation?: string;
  readonly currency: string;
  readonly amount: number;
  readonly remainingCaptureAmount?: number;
  readonly remainingReversalAmount?: number;
  readonly paid?: {
    readonly transactionType?: string;
    readonly payeeReference?: string;
    readonly orderReference?: string;
    readonly tokens?: readonly {
      type: string;
      token: string;
      name?: string;
      expiryDate?: string;
    }[];
    readonly details?: { readonly maskedPan?: string; readonly expiryDate?: string };
  };
  readonly failed?: { readonly problem?: { readonly type?: string } };
  readonly payeeInfo?: { readonly orderReference?: string };
  readonly orderReference?: string;
}

interface OrderResponse {
  readonly paymentOrder: PaymentOrder;
  readonly operations: readonly Operation[];
}

/** The last segment of a problem type URL (…/creditcard/acquirercardexpired), lower case. */
function problemType(problem: unknown): string {
  const type =
    typeof problem === 'object' && problem !== null
      ? ((problem as { type?: unknown }).type ?? '')
      : '';
  return String(type).split('/').pop()!.toLowerCase();
}

/** Why a card charge was declined, from its problem type. */
export function cardFailure(type: string): ChargeFailure {
  if (
    [
      'paymenttokeninactive',
      'acquirercardexpired',
      'acquirercardstolen',
      'acquirercardblacklisted',
      'cardblacklisted',
      'acquirererrordonotretry',
      'inputerror',
    ].includes(type)
  )
    return 'MANDATE_INACTIVE';
  if (
    [
      'acquirerinsufficientfunds',
      'carddeclined',
      'authenticationrequired',
      'dailylimitexceeded',
      'monthlylimitexceeded',
      'acquirerpossiblefraud',
      'frauddetected',
    ].includes(type)
  )
    return 'USER_ACTION_REQUIRED';
  if (type === 'acquirerinvalidamount') return 'AMOUNT_TOO_HIGH';
  return 'TECHNICAL';
}

/** `MM/YYYY` as the `MM/YY` the subscription shows. */
const shortExpiry = (expiry: string | undefined) =>
  expiry && /^\d{2}\/\d{4}$/.test(expiry)
    ? `${expiry.slice(0, 3)}${expiry.slice(5)}`
    : (expiry ?? '');

const unscheduledToken = (order: PaymentOrder) =>
  order.paid?.tokens?.find((t) => t.type.toLowerCase() === 'unscheduled') ?? null;

export class SwedbankPayProvider implements PaymentPort {
  private readonly call;

  constructor(
    private readonly config: SwedbankPayConfig,
    private readonly deps: { readonly clock: Clock; readonly http?: Partial<ProviderHttpOptions> },
  ) {
    this.call = providerHttp({ provider: 'Swedbank Pay', timeoutMs: 60_000, ...deps.http });
  }

  private headers(write: boolean) {
    return {
      authorization: `Bearer ${this.config.accessToken}`,
      accept: 'application/problem+json; q=1.0, application/json; q=0.9',
      ...(write ? { 'content-type': 'application/json;version=3.1' } : {}),
      ...(write ? {} : { accept: 'application/json;version=3.1' }),
      'user-agent': 'minside/1.0',
    };
  }

  private url(pathOrHref: string): string {
    return pathOrHref.startsWith('http') ? pathOrHref : `${this.config.baseUrl}${pathOrHref}`;
  }

  private async order(orderId: string): Promise<OrderResponse> {
    const response = await this.call({
      method: 'GET',
      url: this.url(`${orderId}?$expand=paid,failed`),
      headers: this.headers(false),
    });
    return normalise(response.body);
  }

  private async post(href: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') {
    const response = await this.call({
      method,
      url: this.url(href),
      headers: this.headers(true),
      body,
    });
    return normalise(response.body);
  }

  private orderId(paymentId: string): string {
    if (!isSwedbankPayId(paymentId)) throw new Error(`not a Swedbank Pay id: ${paymentId}`);
    return paymentId.slice(ID_PREFIX.length);
  }

  private view(response: OrderResponse, reference: string | null): ProviderPayment {
    const order = response.paymentOrder;
    let status: ProviderPaymentStatus;
    switch (order.status) {
      case 'Initialized':
        status = 'CREATED';
        break;
      case 'Paid':
        // Authorised until captured; what is left to capture says which.
        status =
          order.paid?.transactionType === 'Sale' ||
          (order.remainingCaptureAmount ?? order.amount) === 0
            ? 'CAPTURED'
            : 'AUTHORIZED';
        break;
      case 'Reversed':
        status = 'CAPTURED';
        break;
      case 'Failed':
        status = 'DECLINED';
        break;
      default:
        // Aborted (by the reader on the page, or by us), Cancelled (the authorisation released).
        status = 'CANCELLED';
    }
    const token = unscheduledToken(order);
    const details = order.paid?.details;
    return {
      paymentId: `${ID_PREFIX}${order.id}`,
      reference:
        order.paid?.orderReference ??
        order.payeeInfo?.orderReference ??
        order.orderReference ??
        reference ??
        order.id,
      method: 'SWEDBANK-PPG',
      amountOre: order.amount,
      currency: order.currency,
      status,
      redirectUrl:
        status === 'CREATED'
          ? (response.operations.find((o) => o.rel === 'redirect-checkout')?.href ?? null)
          : null,
      card: details?.maskedPan
        ? { maskedNumber: details.maskedPan, expiry: shortExpiry(details.expiryDate) }
        : null,
      mandate:
        token && (status === 'AUTHORIZED' || status === 'CAPTURED')
          ? { method: 'SWEDBANK-PPG', id: `${payerReferenceOf(order)}.${token.token}` }
          : null,
      failure: status === 'DECLINED' ? cardFailure(problemType(order.failed?.problem)) : null,
    };
  }

  private paymentOrder(
    operation: 'Purchase' | 'Verify',
    request: {
      reference: string;
      idempotencyKey: string;
      description: string;
      merchant: string;
      returnUrl: string;
      cancelUrl: string;
      amountOre?: number;
      token: boolean;
    },
  ) {
    const origin = new URL(request.returnUrl).origin;
    return {
      paymentorder: {
        operation,
        currency: 'NOK',
        ...(operation === 'Purchase' ? { amount: request.amountOre, vatAmount: 0 } : {}),
        description: request.description.slice(0, 40),
        userAgent: 'minside/1.0',
        language: 'nb-NO',
        ...(request.token ? { generateUnscheduledToken: true } : {}),
        urls: {
          hostUrls: [origin],
          completeUrl: request.returnUrl,
          cancelUrl: request.cancelUrl,
          callbackUrl: this.config.callbackUrl,
        },
        payeeInfo: {
          payeeId: this.config.payeeId,
          payeeReference: payeeReference(request.idempotencyKey),
          payeeName: request.merchant.slice(0, 40),
          orderReference: request.reference.slice(0, 50),
        },
        ...(request.token ? { payer: { payerReference: payerReference(request.reference) } } : {}),
      },
    };
  }

  async createHostedPayment(request: HostedPaymentRequest): Promise<ProviderPayment> {
    const response = await this.post(
      '/psp/paymentorders',
      this.paymentOrder('Purchase', { ...request, token: request.recurring !== null }),
    );
    return this.view(response, request.reference);
  }

  async getPayment(paymentId: string): Promise<ProviderPayment> {
    return this.view(await this.order(this.orderId(paymentId)), null);
  }

  async cancelPayment(paymentId: string): Promise<ProviderPayment> {
    const current = await this.order(this.orderId(paymentId));
    if (current.paymentOrder.status !== 'Initialized') return this.view(current, null);
    const abort = current.operations.find((o) => o.rel === 'abort');
    if (abort) {
      try {
        await this.post(
          abort.href,
          { paymentorder: { operation: 'Abort', abortReason: 'CancelledByConsumer' } },
          'PATCH',
        );
      } catch (error) {
        // Paid meanwhile (no abort after an authorisation): answered as it is now.
        if (!(error instanceof ProviderError) || error.undecided) throw error;
      }
    }
    return this.getPayment(paymentId);
  }

  async capturePayment(paymentId: string, amountOre: number, idempotencyKey: string) {
    const current = await this.order(this.orderId(paymentId));
    const capture = current.operations.find((o) => o.rel === 'capture');
    if (!capture) return this.view(current, null); // captured before, or nothing to capture
    const response = await this.post(capture.href, {
      transaction: {
        description: 'Abonnement',
        amount: amountOre,
        vatAmount: 0,
        payeeReference: payeeReference(idempotencyKey),
      },
    });
    return this.view(response, null);
  }

  async refundPayment(paymentId: string, amountOre: number, idempotencyKey?: string) {
    const key = idempotencyKey ?? `refund-${paymentId}-${amountOre}`;
    let current = await this.order(this.orderId(paymentId));
    const payment = this.view(current, null);
    if (payment.status === 'AUTHORIZED') {
      const cancel = current.operations.find((o) => o.rel === 'cancel');
      if (amountOre >= payment.amountOre && cancel) {
        // Not captured: the authorisation is released instead.
        await this.post(cancel.href, {
          transaction: { description: 'Refusjon', payeeReference: payeeReference(`release${key}`) },
        });
        return;
      }
      await this.capturePayment(paymentId, payment.amountOre, `capture${key}`);
      current = await this.order(this.orderId(paymentId));
    }
    const reversal = current.operations.find((o) => o.rel === 'reversal');
    if (!reversal) {
      // Reversed before under this key (a retry): nothing left to do.
      if (current.paymentOrder.status === 'Reversed') return;
      throw new ProviderError('Swedbank Pay', 409, null, false, 'nothing to reverse');
    }
    await this.post(reversal.href, {
      transaction: {
        description: 'Refusjon',
        amount: amountOre,
        vatAmount: 0,
        payeeReference: payeeReference(key),
      },
    });
  }

  async chargeRecurring(request: RecurringChargeRequest): Promise<ProviderPayment> {
    const [payer, token] = splitMandate(request.mandate);
    let response: OrderResponse;
    try {
      response = await this.post('/psp/paymentorders', {
        paymentorder: {
          operation: 'UnscheduledPurchase',
          unscheduledToken: token,
          currency: 'NOK',
          amount: request.amountOre,
          vatAmount: 0,
          description: request.description.slice(0, 40),
          userAgent: 'minside/1.0',
          language: 'nb-NO',
          urls: { callbackUrl: this.config.callbackUrl },
          payeeInfo: {
            payeeId: this.config.payeeId,
            payeeReference: payeeReference(request.idempotencyKey),
            payeeName: request.merchant.slice(0, 40),
            orderReference: request.reference.slice(0, 50),
          },
          payer: { payerReference: payer },
        },
      });
    } catch (error) {
      // A decline may come as a problem (403 by the acquirer, 422 an inactive token, 404 an
      // unknown one) instead of a Failed order.
      if (!(error instanceof ProviderError) || error.undecided) throw error;
      return {
        paymentId: `${ID_PREFIX}declined:${payeeReference(request.idempotencyKey)}`,
        reference: request.reference,
        method: 'SWEDBANK-PPG',
        amountOre: request.amountOre,
        currency: 'NOK',
        status: 'DECLINED',
        redirectUrl: null,
        card: null,
        mandate: null,
        failure: cardFailure(problemType(error.problem)),
      };
    }
    const payment = this.view(response, request.reference);
    if (payment.status !== 'AUTHORIZED') return payment;
    // The period is granted already (the renewal ran): the authorisation is captured at once.
    return this.capturePayment(
      payment.paymentId,
      request.amountOre,
      `cap${request.idempotencyKey}`,
    );
  }

  async createAgreement(request: AgreementRequest): Promise<ProviderAgreement> {
    const response = await this.post(
      '/psp/paymentorders',
      this.paymentOrder('Verify', { ...request, cancelUrl: request.returnUrl, token: true }),
    );
    return this.agreementView(response);
  }

  private agreementView(response: OrderResponse): ProviderAgreement {
    const payment = this.view(response, null);
    const status: AgreementStatus =
      payment.status === 'CREATED' ? 'PENDING' : payment.mandate ? 'ACTIVE' : 'DECLINED';
    return {
      agreementId: payment.paymentId,
      reference: payment.reference,
      method: 'SWEDBANK-PPG',
      status,
      redirectUrl: payment.redirectUrl,
      card: payment.card,
      mandate: status === 'ACTIVE' ? payment.mandate : null,
    };
  }

  async getAgreement(agreementId: string): Promise<ProviderAgreement> {
    return this.agreementView(await this.order(this.orderId(agreementId)));
  }

  /** The token as the Payer API has it (Active or Archived, with the card's expiry). */
  async getMandate(mandate: Mandate): Promise<MandateState> {
    const [, token] = splitMandate(mandate);
    try {
      const response = await this.call({
        method: 'GET',
        url: this.url(`/online/payers/tokens/${token}-Unscheduled`),
        headers: this.headers(false),
      });
      const body = response.body as {
        state?: string;
        instrumentParameters?: { expiryDate?: string; lastFourPan?: string };
      };
      const expiry = body.instrumentParameters?.expiryDate;
      const expired = expiry ? cardExpired(expiry, this.deps.clock.now()) : false;
      return {
        status: body.state === 'Active' ? (expired ? 'EXPIRED' : 'ACTIVE') : 'STOPPED',
        card: body.instrumentParameters?.lastFourPan
          ? {
              maskedNumber: `************${body.instrumentParameters.lastFourPan}`,
              expiry: shortExpiry(expiry),
            }
          : null,
      };
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404)
        return { status: 'STOPPED', card: null };
      throw error;
    }
  }

  async stopMandate(mandate: Mandate): Promise<void> {
    const [, token] = splitMandate(mandate);
    try {
      await this.call({
        method: 'PATCH',
        url: this.url(`/psp/paymentorders/unscheduledtokens/${token}`),
        headers: this.headers(true),
        body: { state: 'Deleted', comment: 'Replaced or ended by the subscriber' },
      });
    } catch (error) {
      // Deleted before: nothing to stop.
      if (!(error instanceof ProviderError) || ![404, 422].includes(error.status ?? 0)) throw error;
    }
  }
}

/** The payerReference a token was made for: our reference's digest (no personal data). */
function payerReference(reference: string): string {
  return `p${createHash('sha256').update(reference).digest('hex').slice(0, 29)}`;
}

function payerReferenceOf(order: PaymentOrder): string {
  const reference =
    order.paid?.orderReference ?? order.payeeInfo?.orderReference ?? order.orderReference;
  return reference ? payerReference(reference) : '';
}

function splitMandate(mandate: Mandate): [string, string] {
  const at = mandate.id.indexOf('.');
  if (at <= 0) throw new Error('not a Swedbank Pay mandate');
  return [mandate.id.slice(0, at), mandate.id.slice(at + 1)];
}

function cardExpired(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\/(\d{2,4})$/.exec(expiry);
  if (!match) return false;
  const year = Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]);
  // Valid through the last day of its month.
  return now.getTime() >= Date.UTC(year, Number(match[1]), 1);
}

/** The key is `paymentOrder` in answers (`paymentorder` in requests): read either. */
function normalise(body: unknown): OrderResponse {
  const record = (body ?? {}) as Record<string, unknown>;
  const order = (record.paymentOrder ?? record.paymentorder) as PaymentOrder | undefined;
  if (!order)
    throw new ProviderError('Swedbank Pay', null, body, false, 'no paymentOrder in the answer');
  return { paymentOrder: order, operations: (record.operations as Operation[] | undefined) ?? [] };
}

/** What a Swedbank Pay callback names, for the server to fetch: the payment order's id. */
export function swedbankPayCallbackTarget(body: unknown): string | null {
  const id = (body as { paymentOrder?: { id?: unknown } } | null)?.paymentOrder?.id;
  return typeof id === 'string' && /^\/psp\/paymentorders\/[A-Za-z0-9-]{1,64}$/.test(id)
    ? `${ID_PREFIX}${id}`
    : null;
}
