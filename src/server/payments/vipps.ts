// The Vipps MobilePay adapter of the payment port (docs/payments/vipps-api-notes.md):
// - one-off payments through the ePayment API v1 (WEB_REDIRECT, WALLET): created with an
//   Idempotency-Key, reserved when the reader approves, captured once the order is granted,
//   cancelled before approval only (cancelTransactionOnly), refunded;
// - a purchase that starts renewals as a Recurring v3 agreement whose initial charge is the
//   purchase (RESERVE_CAPTURE, captured like a payment; a first period at another price is the
//   agreement's PERIOD_CAMPAIGN); a mandate alone (a new payment method, an order of 0 kr) as an
//   agreement without a charge;
// - renewals as Recurring charges (DIRECT_CAPTURE) due on their day with retryDays; Vipps wants
//   a charge at least one day ahead, so one created on its due day (the renewal job runs on it)
//   is due the next day;
// - the access token fetched once and reused until two minutes before it runs out.
// Ids it hands out: `vipps:ep:<reference>` (a payment), `vipps:initial:<agreement>:<charge>`
// (a purchase with an agreement), `vipps:charge:<agreement>:<charge>` (a renewal) and Vipps' own
// agreement ids (`agr_…`), which are also the mandates.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import { addDays, osloDateOf } from '../../shared/time/oslo';
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
  RecurringTerms,
} from './port';

export interface VippsConfig {
  /** https://api.vipps.no (production) or https://apitest.vipps.no (test). */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly subscriptionKey: string;
  readonly merchantSerialNumber: string;
  /** The secret Vipps returned when the webhook was registered (verifies its HMAC). */
  readonly webhookSecret: string;
}

/** Ids Vipps makes for agreements (and so the mandates). */
export const isVippsAgreementId = (id: string) => /^agr_[A-Za-z0-9]+$/.test(id);

/** An ePayment reference or Recurring orderId: `^[a-zA-Z0-9-]{8,64}$`, ours kept readable. */
export function vippsReference(reference: string): string {
  const cleaned = reference.replace(/[^a-zA-Z0-9-]/g, '-');
  if (cleaned.length >= 8 && cleaned.length <= 64 && cleaned === reference) return cleaned;
  // Changed or too long: a digest keeps it unique for the original.
  const digest = createHash('sha256').update(reference).digest('hex').slice(0, 12);
  return `${cleaned.slice(0, 64 - 13)}-${digest}`.replace(/^-+/, '');
}

/** An Idempotency-Key Vipps accepts everywhere (Recurring: 1–40, no `# ? / \`). */
export function vippsIdempotencyKey(key: string): string {
  if (/^[A-Za-z0-9._-]{1,40}$/.test(key)) return key;
  return createHash('sha256').update(key).digest('hex').slice(0, 40);
}

interface EpaymentAmount {
  readonly currency: string;
  readonly value: number;
}

interface EpaymentPayment {
  readonly reference: string;
  readonly state: 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';
  readonly amount: EpaymentAmount;
  readonly aggregate: {
    readonly authorizedAmount: EpaymentAmount;
    readonly capturedAmount: EpaymentAmount;
    readonly refundedAmount: EpaymentAmount;
    readonly cancelledAmount: EpaymentAmount;
  };
  readonly redirectUrl?: string;
  readonly metadata?: Record<string, string>;
}

interface RecurringAgreement {
  readonly id: string;
  readonly status: 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
  readonly start?: string | null;
  readonly vippsConfirmationUrl?: string | null;
  readonly externalId?: string | null;
}

interface RecurringCharge {
  readonly id: string;
  readonly agreementId: string;
  readonly amount: number;
  readonly currency?: string;
  readonly status: string;
  readonly failureReason?: string | null;
  readonly externalId?: string | null;
  readonly summary?: { readonly captured?: number; readonly refunded?: number };
}

const failures: Readonly<Record<string, ChargeFailure>> = {
  user_action_required: 'USER_ACTION_REQUIRED',
  charge_amount_too_high: 'AMOUNT_TOO_HIGH',
  // The reader's profile is gone (deleted): nothing can be charged to it again.
  non_technical_error: 'MANDATE_INACTIVE',
  technical_error: 'TECHNICAL',
};

/** A Recurring charge's status as the port's. */
function chargeStatus(status: string): ProviderPaymentStatus {
  switch (status) {
    case 'RESERVED':
      return 'AUTHORIZED';
    case 'CHARGED':
    case 'PARTIALLY_CAPTURED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return 'CAPTURED';
    case 'FAILED':
      return 'DECLINED';
    case 'CANCELLED':
      return 'CANCELLED';
    default:
      // PENDING, DUE, PROCESSING, and the transient UNKNOWN: not decided yet.
      return 'CREATED';
  }
}

type VippsId =
  | { readonly kind: 'ep'; readonly reference: string }
  | {
      readonly kind: 'initial' | 'charge';
      readonly agreementId: string;
      readonly chargeId: string;
    };

function parseId(paymentId: string): VippsId {
  const [prefix, kind, a, b] = paymentId.split(':');
  if (prefix === 'vipps' && kind === 'ep' && a) return { kind: 'ep', reference: a };
  if (prefix === 'vipps' && (kind === 'initial' || kind === 'charge') && a && b)
    return { kind, agreementId: a, chargeId: b };
  throw new Error(`not a Vipps payment id: ${paymentId}`);
}

export class VippsPaymentProvider implements PaymentPort {
  private readonly call;
  private token: { value: string; renewAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly config: VippsConfig,
    private readonly deps: { readonly clock: Clock; readonly http?: Partial<ProviderHttpOptions> },
  ) {
    this.call = providerHttp({ provider: 'Vipps', ...deps.http });
  }

  /** The access token, fetched once and reused until two minutes before it expires. */
  private async accessToken(): Promise<string> {
    const now = this.deps.clock.now().getTime();
    if (this.token && now < this.token.renewAt) return this.token.value;
    this.pendingToken ??= (async () => {
      try {
        const response = await this.call({
          method: 'POST',
          url: `${this.config.baseUrl}/accesstoken/get`,
          headers: {
            client_id: this.config.clientId,
            client_secret: this.config.clientSecret,
            'Ocp-Apim-Subscription-Key': this.config.subscriptionKey,
            'Merchant-Serial-Number': this.config.merchantSerialNumber,
            'content-length': '0',
          },
        });
        const body = response.body as { access_token: string; expires_in: string | number };
        // Every field is a string ("86398"); trust what it says, less two minutes.
        const lifetime = Number(body.expires_in) * 1000;
        this.token = {
          value: body.access_token,
          renewAt: this.deps.clock.now().getTime() + Math.max(lifetime - 120_000, lifetime / 2),
        };
        return body.access_token;
      } finally {
        this.pendingToken = null;
      }
    })();
    return this.pendingToken;
  }

  private async api(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<unknown> {
    const send = async () =>
      this.call({
        method,
        url: `${this.config.baseUrl}${path}`,
        headers: {
          authorization: `Bearer ${await this.accessToken()}`,
          'Ocp-Apim-Subscription-Key': this.config.subscriptionKey,
          'Merchant-Serial-Number': this.config.merchantSerialNumber,
          'Vipps-System-Name': 'minside',
          'Vipps-System-Version': '1.0.0',
          'Vipps-System-Plugin-Name': 'minside',
          'Vipps-System-Plugin-Version': '1.0.0',
          ...(options.idempotencyKey
            ? { 'Idempotency-Key': vippsIdempotencyKey(options.idempotencyKey) }
            : {}),
        },
        body: options.body,
      });
    try {
      return (await send()).body;
    } catch (error) {
      // A token revoked or expired early: fetched anew, once.
      if (error instanceof ProviderError && error.status === 401) {
        this.token = null;
        return (await send()).body;
      }
      throw error;
    }
  }

  // ------------------------------------------------------------------ payments

  async createHostedPayment(request: HostedPaymentRequest): Promise<ProviderPayment> {
    if (request.recurring) return this.createAgreementWithCharge(request, request.recurring);
    const reference = vippsReference(request.reference);
    const created = (await this.api('POST', '/epayment/v1/payments', {
      idempotencyKey: request.idempotencyKey,
      body: {
        amount: { currency: request.currency, value: request.amountOre },
        paymentMethod: { type: 'WALLET' },
        reference,
        returnUrl: request.returnUrl,
        userFlow: 'WEB_REDIRECT',
        paymentDescription: paymentDescription(request.description),
        metadata: { minsideReference: request.reference.slice(0, 500) },
      },
    })) as { redirectUrl?: string; reference: string };
    return {
      paymentId: `vipps:ep:${created.reference}`,
      reference: request.reference,
      method: 'VIPPS',
      amountOre: request.amountOre,
      currency: request.currency,
      status: 'CREATED',
      redirectUrl: created.redirectUrl ?? null,
      card: null,
      mandate: null,
      failure: null,
    };
  }

  private async createAgreementWithCharge(
    request: HostedPaymentRequest,
    terms: RecurringTerms,
  ): Promise<ProviderPayment> {
    const orderId = vippsReference(request.reference);
    const draft = (await this.api('POST', '/recurring/v3/agreements', {
      idempotencyKey: request.idempotencyKey,
      body: {
        ...agreementBody(terms, request.description, request.returnUrl, request.reference),
        // A first period at another price (1 kr, 3 for 1) is shown as the agreement's campaign.
        ...(request.amountOre !== terms.amountOre
          ? {
              campaign: {
                type: 'PERIOD_CAMPAIGN',
                price: request.amountOre,
                period: { unit: terms.interval.unit, count: terms.interval.count },
              },
            }
          : {}),
        initialCharge: {
          amount: request.amountOre,
          description: request.description.slice(0, 45),
          transactionType: 'RESERVE_CAPTURE',
          orderId,
          externalId: request.reference.slice(0, 64),
        },
      },
    })) as { agreementId: string; vippsConfirmationUrl: string; chargeId: string | null };
    return {
      paymentId: `vipps:initial:${draft.agreementId}:${draft.chargeId ?? orderId}`,
      reference: request.reference,
      method: 'VIPPS',
      amountOre: request.amountOre,
      currency: request.currency,
      status: 'CREATED',
      redirectUrl: draft.vippsConfirmationUrl,
      card: null,
      mandate: null,
      failure: null,
    };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment> {
    const id = parseId(paymentId);
    if (id.kind === 'ep') return this.epaymentView(paymentId, await this.epayment(id.reference));
    const charge = (await this.api(
      'GET',
      `/recurring/v3/agreements/${id.agreementId}/charges/${id.chargeId}`,
    )) as RecurringCharge;
    let status = chargeStatus(charge.status);
    let failure: ChargeFailure | null = null;
    let mandate: Mandate | null = null;
    if (id.kind === 'initial' || status === 'DECLINED') {
      const agreement = await this.agreement(id.agreementId);
      if (id.kind === 'initial') {
        // Never approved: the agreement expired while pending, or the reader said no (stopped
        // before it started); its initial charge may show as cancelled then.
        if (status === 'CREATED' || status === 'CANCELLED') {
          if (agreement.status === 'EXPIRED') status = 'EXPIRED';
          else if (agreement.status === 'STOPPED')
            status = agreement.start ? 'CANCELLED' : 'DECLINED';
        }
        if (agreement.status === 'ACTIVE' && (status === 'AUTHORIZED' || status === 'CAPTURED'))
          mandate = { method: 'VIPPS', id: agreement.id };
      }
      if (status === 'DECLINED')
        failure =
          agreement.status !== 'ACTIVE'
            ? 'MANDATE_INACTIVE'
            : (failures[charge.failureReason ?? ''] ?? 'TECHNICAL');
    }
    return {
      paymentId,
      reference: charge.externalId ?? charge.id,
      method: 'VIPPS',
      amountOre: charge.amount,
      currency: charge.currency ?? 'NOK',
      status,
      redirectUrl: null,
      card: null,
      mandate,
      failure,
    };
  }

  private async epayment(reference: string): Promise<EpaymentPayment> {
    return (await this.api('GET', `/epayment/v1/payments/${reference}`)) as EpaymentPayment;
  }

  private epaymentView(paymentId: string, payment: EpaymentPayment): ProviderPayment {
    const { aggregate } = payment;
    let status: ProviderPaymentStatus;
    switch (payment.state) {
      case 'CREATED':
        status = 'CREATED';
        break;
      case 'EXPIRED':
        status = 'EXPIRED';
        break;
      case 'ABORTED':
      case 'TERMINATED':
        status = 'CANCELLED';
        break;
      default:
        // The state stays AUTHORIZED after capture and cancel: the aggregate tells the money.
        status =
          aggregate.capturedAmount.value > 0
            ? 'CAPTURED'
            : aggregate.cancelledAmount.value >= aggregate.authorizedAmount.value
              ? 'CANCELLED'
              : 'AUTHORIZED';
    }
    return {
      paymentId,
      reference: payment.metadata?.minsideReference ?? payment.reference,
      method: 'VIPPS',
      amountOre: payment.amount.value,
      currency: payment.amount.currency,
      status,
      redirectUrl: status === 'CREATED' ? (payment.redirectUrl ?? null) : null,
      card: null,
      mandate: null,
      failure: null,
    };
  }

  async cancelPayment(paymentId: string): Promise<ProviderPayment> {
    const id = parseId(paymentId);
    const before = await this.getPayment(paymentId);
    if (before.status !== 'CREATED') return before;
    try {
      if (id.kind === 'ep')
        // Only while not approved: an approval that came first stands (error 6060).
        await this.api('POST', `/epayment/v1/payments/${id.reference}/cancel`, {
          idempotencyKey: `cancel-${id.reference}`,
          body: { cancelTransactionOnly: true },
        });
      else if (id.kind === 'initial') await this.stopAgreement(id.agreementId);
      else
        await this.api(
          'DELETE',
          `/recurring/v3/agreements/${id.agreementId}/charges/${id.chargeId}`,
          {
            idempotencyKey: `cancel-${id.chargeId}`,
          },
        );
    } catch (error) {
      // Approved (or ended) meanwhile: answered as the provider has it now.
      if (!(error instanceof ProviderError) || error.undecided) throw error;
    }
    return this.getPayment(paymentId);
  }

  async capturePayment(
    paymentId: string,
    amountOre: number,
    idempotencyKey: string,
  ): Promise<ProviderPayment> {
    const id = parseId(paymentId);
    if (id.kind === 'ep')
      await this.api('POST', `/epayment/v1/payments/${id.reference}/capture`, {
        idempotencyKey,
        body: { modificationAmount: { currency: 'NOK', value: amountOre } },
      });
    else {
      const before = await this.getPayment(paymentId);
      if (before.status === 'CAPTURED') return before;
      await this.api(
        'POST',
        `/recurring/v3/agreements/${id.agreementId}/charges/${id.chargeId}/capture`,
        { idempotencyKey, body: { amount: amountOre, description: 'Abonnement' } },
      );
    }
    return this.getPayment(paymentId);
  }

  async refundPayment(
    paymentId: string,
    amountOre: number,
    idempotencyKey?: string,
  ): Promise<void> {
    const id = parseId(paymentId);
    const payment = await this.getPayment(paymentId);
    const key = idempotencyKey ?? `refund-${paymentId}-${amountOre}`;
    if (payment.status === 'AUTHORIZED') {
      if (amountOre >= payment.amountOre) {
        // Not captured: the reservation is released instead.
        if (id.kind === 'ep')
          await this.api('POST', `/epayment/v1/payments/${id.reference}/cancel`, {
            idempotencyKey: `release-${key}`,
            body: {},
          });
        else
          await this.api(
            'DELETE',
            `/recurring/v3/agreements/${id.agreementId}/charges/${id.chargeId}`,
            { idempotencyKey: `release-${key}` },
          );
        return;
      }
      await this.capturePayment(paymentId, payment.amountOre, `capture-${key}`);
    }
    if (id.kind === 'ep')
      await this.api('POST', `/epayment/v1/payments/${id.reference}/refund`, {
        idempotencyKey: key,
        body: { modificationAmount: { currency: 'NOK', value: amountOre } },
      });
    else
      await this.api(
        'POST',
        `/recurring/v3/agreements/${id.agreementId}/charges/${id.chargeId}/refund`,
        { idempotencyKey: key, body: { amount: amountOre, description: 'Refusjon' } },
      );
  }

  async chargeRecurring(request: RecurringChargeRequest): Promise<ProviderPayment> {
    const agreementId = request.mandate.id;
    const orderId = vippsReference(request.reference);
    // Vipps takes charges at least a day ahead: one made on its due day is due tomorrow.
    const tomorrow = addDays(osloDateOf(this.deps.clock.now()), 1);
    const due = request.due < tomorrow ? tomorrow : request.due;
    try {
      const created = (await this.api('POST', `/recurring/v3/agreements/${agreementId}/charges`, {
        idempotencyKey: request.idempotencyKey,
        body: {
          amount: request.amountOre,
          description: request.description.slice(0, 45),
          due,
          retryDays: request.retryDays,
          transactionType: 'DIRECT_CAPTURE',
          orderId,
          externalId: request.reference.slice(0, 64),
        },
      })) as { chargeId: string };
      return this.getPayment(`vipps:charge:${agreementId}:${created.chargeId}`);
    } catch (error) {
      // Refused: an agreement that is stopped or expired cannot be charged, by any retry.
      if (!(error instanceof ProviderError) || error.undecided || error.status === 409) throw error;
      const mandate = await this.getMandate(request.mandate);
      if (mandate.status === 'ACTIVE') throw error;
      return {
        paymentId: `vipps:charge:${agreementId}:${orderId}`,
        reference: request.reference,
        method: 'VIPPS',
        amountOre: request.amountOre,
        currency: 'NOK',
        status: 'DECLINED',
        redirectUrl: null,
        card: null,
        mandate: null,
        failure: 'MANDATE_INACTIVE',
      };
    }
  }

  // ---------------------------------------------------------------- agreements

  private async agreement(agreementId: string): Promise<RecurringAgreement> {
    return (await this.api('GET', `/recurring/v3/agreements/${agreementId}`)) as RecurringAgreement;
  }

  private async stopAgreement(agreementId: string): Promise<void> {
    try {
      await this.api('PATCH', `/recurring/v3/agreements/${agreementId}`, {
        idempotencyKey: `stop-${agreementId}`,
        body: { status: 'STOPPED' },
      });
    } catch (error) {
      // Stopping one that is stopped or expired already changes nothing.
      if (!(error instanceof ProviderError) || error.undecided) throw error;
      const now = await this.agreement(agreementId);
      if (now.status === 'ACTIVE' || now.status === 'PENDING') throw error;
    }
  }

  async createAgreement(request: AgreementRequest): Promise<ProviderAgreement> {
    const draft = (await this.api('POST', '/recurring/v3/agreements', {
      idempotencyKey: request.idempotencyKey,
      body: agreementBody(request.terms, request.description, request.returnUrl, request.reference),
    })) as { agreementId: string; vippsConfirmationUrl: string };
    return {
      agreementId: draft.agreementId,
      reference: request.reference,
      method: 'VIPPS',
      status: 'PENDING',
      redirectUrl: draft.vippsConfirmationUrl,
      card: null,
      mandate: null,
    };
  }

  async getAgreement(agreementId: string): Promise<ProviderAgreement> {
    const agreement = await this.agreement(agreementId);
    // Stopped before it ever started: the reader said no in the app.
    const status: AgreementStatus =
      agreement.status === 'STOPPED' && !agreement.start ? 'DECLINED' : agreement.status;
    return {
      agreementId: agreement.id,
      reference: agreement.externalId ?? agreement.id,
      method: 'VIPPS',
      status,
      redirectUrl: status === 'PENDING' ? (agreement.vippsConfirmationUrl ?? null) : null,
      card: null,
      mandate: status === 'ACTIVE' ? { method: 'VIPPS', id: agreement.id } : null,
    };
  }

  async getMandate(mandate: Mandate): Promise<MandateState> {
    const agreement = await this.agreement(mandate.id);
    return {
      status:
        agreement.status === 'ACTIVE'
          ? 'ACTIVE'
          : agreement.status === 'EXPIRED'
            ? 'EXPIRED'
            : 'STOPPED',
      card: null,
    };
  }

  async stopMandate(mandate: Mandate): Promise<void> {
    await this.stopAgreement(mandate.id);
  }
}

function paymentDescription(description: string): string {
  const text = description.slice(0, 100);
  return text.length >= 3 ? text : `${text} - abonnement`.slice(0, 100);
}

function agreementBody(
  terms: RecurringTerms,
  description: string,
  returnUrl: string,
  reference: string,
) {
  return {
    pricing: { type: 'LEGACY', currency: 'NOK', amount: terms.amountOre },
    interval: { unit: terms.interval.unit, count: terms.interval.count },
    merchantRedirectUrl: returnUrl,
    merchantAgreementUrl: terms.agreementUrl,
    productName: terms.productName.slice(0, 45),
    productDescription: description.slice(0, 100),
    externalId: reference.slice(0, 64),
  };
}

// ------------------------------------------------------------------ webhooks

/** What a Vipps webhook request carries that its signature covers. */
export interface VippsWebhookRequest {
  /** The path and query Vipps posted to, as registered. */
  readonly pathAndQuery: string;
  readonly host: string;
  readonly date: string | undefined;
  readonly contentSha256: string | undefined;
  /** `Authorization` (or `X-Vipps-Authorization`, when a proxy takes the first). */
  readonly authorization: string | undefined;
  readonly rawBody: string;
}

export type VippsWebhookCheck =
  | { readonly valid: true }
  | { readonly valid: false; readonly reason: 'malformed' | 'expired' | 'content' | 'mismatch' };

/** Seconds a webhook's x-ms-date may be off (the official plugin's window). */
export const VIPPS_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Vipps' webhook signature: HMAC-SHA256 with the registration's secret (its UTF-8 bytes) over
 * `POST\n<path and query>\n<x-ms-date>;<host>;<x-ms-content-sha256>`, the content hash being the
 * base64 SHA-256 of the raw body; compared in constant time, and only while the date is fresh.
 */
export function verifyVippsWebhook(
  secret: string,
  request: VippsWebhookRequest,
  now: Date,
): VippsWebhookCheck {
  const { date, contentSha256, authorization } = request;
  if (!date || !contentSha256 || !authorization) return { valid: false, reason: 'malformed' };
  const at = Date.parse(date);
  if (Number.isNaN(at)) return { valid: false, reason: 'malformed' };
  if (Math.abs(now.getTime() - at) > VIPPS_WEBHOOK_TOLERANCE_SECONDS * 1000)
    return { valid: false, reason: 'expired' };
  const content = createHash('sha256').update(request.rawBody, 'utf8').digest('base64');
  if (content !== contentSha256) return { valid: false, reason: 'content' };
  const expected = vippsWebhookAuthorization(
    secret,
    request.pathAndQuery,
    date,
    request.host,
    content,
  );
  const a = Buffer.from(authorization);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b)
    ? { valid: true }
    : { valid: false, reason: 'mismatch' };
}

/** The Authorization header Vipps sends for these parts (the fake signs with it too). */
export function vippsWebhookAuthorization(
  secret: string,
  pathAndQuery: string,
  date: string,
  host: string,
  contentSha256: string,
): string {
  const signed = `POST\n${pathAndQuery}\n${date};${host};${contentSha256}`;
  const signature = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(signed)
    .digest('base64');
  return `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`;
}

/** What a webhook names, for the server to fetch (the body itself decides nothing). */
export type VippsEventTarget =
  | { readonly kind: 'payment'; readonly paymentId: string }
  | { readonly kind: 'agreement'; readonly agreementId: string }
  | { readonly kind: 'charge'; readonly agreementId: string; readonly chargeId: string };

export function vippsEventTarget(body: unknown): VippsEventTarget | null {
  if (typeof body !== 'object' || body === null) return null;
  const event = body as Record<string, unknown>;
  const text = (v: unknown) =>
    typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : null;
  const eventType = typeof event.eventType === 'string' ? event.eventType : '';
  if (text(event.reference) && typeof event.name === 'string')
    return { kind: 'payment', paymentId: `vipps:ep:${text(event.reference)}` };
  const agreementId = text(event.agreementId);
  if (!agreementId) return null;
  if (eventType.startsWith('recurring.charge-') && text(event.chargeId))
    return { kind: 'charge', agreementId, chargeId: text(event.chargeId)! };
  if (eventType.startsWith('recurring.agreement-')) return { kind: 'agreement', agreementId };
  return null;
}
