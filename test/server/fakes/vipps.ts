// A local fake of Vipps MobilePay as its published APIs describe them
// (docs/payments/vipps-api-notes.md): the access token (POST /accesstoken/get, every field a
// string), ePayment v1 (states CREATED/AUTHORIZED/ABORTED/EXPIRED/TERMINATED, the money in
// `aggregate`, capture/cancel/refund with their error codes), Recurring v3 (agreements PENDING/
// ACTIVE/STOPPED/EXPIRED, charges PENDING/DUE/RESERVED/CHARGED/FAILED/CANCELLED/REFUNDED with
// `failureReason`, the one-day lead time, retryDays 0–14) and the webhooks (signed with the
// HMAC-SHA256 scheme). Idempotency as Vipps has it: the same key and request answer the same,
// the same key with another request is 409. The test plays the reader (approve, reject, stop in
// the app) and the passing days (processCharges).
/* eslint-disable @typescript-eslint/no-explicit-any -- a protocol fake reads request bodies of any shape, as the provider does */
import { createHash, randomBytes } from 'node:crypto';

import { vippsWebhookAuthorization } from '../../../src/server/payments/vipps';

import { type FakeReply, type FakeRequest, HttpFake } from './http-fake';

export const VIPPS_CREDENTIALS = {
  clientId: 'c6a8b1e2-fake-4f6e-9d2a-client000001',
  clientSecret: 'fake-client-secret',
  subscriptionKey: 'fake-subscription-key',
  merchantSerialNumber: '123456',
  webhookSecret:
    'A0+AeKBRG2KRGvnNwJpQlb6IJFk48CKXCIcrLoHncVJKDILsQSxS6NWCccwWm6r6FhGKhiHTBsG2wo/xU6FY/A==',
};

interface Amount {
  currency: string;
  value: number;
}

interface Payment {
  reference: string;
  state: 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'TERMINATED';
  amount: Amount;
  authorized: number;
  captured: number;
  refunded: number;
  cancelled: number;
  metadata: Record<string, string> | undefined;
  returnUrl: string;
}

interface Agreement {
  id: string;
  status: 'PENDING' | 'ACTIVE' | 'STOPPED' | 'EXPIRED';
  start: string | null;
  stop: string | null;
  price: number;
  productName: string;
  externalId: string | null;
  body: Record<string, unknown>;
}

interface Charge {
  id: string;
  agreementId: string;
  amount: number;
  description: string;
  due: string;
  retryDays: number;
  type: 'INITIAL' | 'RECURRING';
  transactionType: 'DIRECT_CAPTURE' | 'RESERVE_CAPTURE';
  status: string;
  failureReason: string | null;
  externalId: string | null;
  captured: number;
  refunded: number;
}

const problem = (status: number, title: string, errorCode?: string, extra?: object): FakeReply => ({
  status,
  body: {
    type: `https://httpstatuses.io/${status}`,
    title,
    status,
    traceId: `00-${randomBytes(16).toString('hex')}-01`,
    ...(errorCode ? { extraDetails: [{ name: 'ErrorCode', reason: errorCode }] } : {}),
    ...extra,
  },
});

const recurringProblem = (status: number, id: string, detail: string): FakeReply => ({
  status,
  body: {
    type: `https://developer.vippsmobilepay.com/docs/APIs/recurring-api/recurring-api-problems#${id}`,
    title: id,
    status,
    detail,
    instance: `/recurring/v3/${randomBytes(4).toString('hex')}`,
    contextId: randomBytes(8).toString('hex'),
  },
});

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export class VippsFake extends HttpFake {
  /** The day it is for Vipps (charges due before it may be taken). */
  today = new Date().toISOString().slice(0, 10);
  tokenLifetimeSeconds = 3600;
  tokensIssued = 0;
  readonly payments = new Map<string, Payment>();
  readonly agreements = new Map<string, Agreement>();
  readonly charges = new Map<string, Charge>();
  private readonly tokens = new Set<string>();
  /** Idempotency: key → the request's digest and the answer it got. */
  private readonly keys = new Map<string, { digest: string; reply: FakeReply }>();

  protected handle(request: FakeRequest): FakeReply {
    const { method, path } = request;
    if (method === 'POST' && path === '/accesstoken/get') return this.accessToken(request);
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !this.tokens.has(auth.slice(7)))
      return { status: 401, body: { statusCode: 401, message: 'Unauthorized' } };
    if (request.headers['ocp-apim-subscription-key'] !== VIPPS_CREDENTIALS.subscriptionKey)
      return {
        status: 401,
        body: { statusCode: 401, message: 'Access denied due to invalid subscription key.' },
      };
    if (method !== 'GET') {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key.length === 0)
        return path.startsWith('/recurring')
          ? recurringProblem(400, 'idempotency-key-header', 'Idempotency-Key is required')
          : problem(400, 'Idempotency-Key header is missing', undefined, {
              extraDetails: [{ name: 'Idempotency-Key', reason: 'required' }],
            });
      if (path.startsWith('/recurring') && (key.length > 40 || /[#?/\\]/.test(key)))
        return recurringProblem(
          400,
          'idempotency-key-header',
          'Idempotency-Key: 1–40, no # ? / \\',
        );
      if (key.length > 50) return problem(400, 'Idempotency-Key too long');
      const digest = createHash('sha256').update(`${method} ${path} ${request.raw}`).digest('hex');
      const seen = this.keys.get(`${path.split('/')[1]}:${key}`);
      if (seen) {
        if (seen.digest !== digest)
          return path.startsWith('/recurring')
            ? recurringProblem(409, 'idempotency-conflict', 'Key used for another request')
            : problem(409, 'Idempotency-Key already used for another request', '4020');
        return seen.reply;
      }
      const reply = this.route(request);
      // A 4xx is remembered for the key too (Recurring); a 5xx is not.
      if (reply.status < 500) this.keys.set(`${path.split('/')[1]}:${key}`, { digest, reply });
      return reply;
    }
    return this.route(request);
  }

  private accessToken(request: FakeRequest): FakeReply {
    const h = request.headers;
    if (
      h.client_id !== VIPPS_CREDENTIALS.clientId ||
      h.client_secret !== VIPPS_CREDENTIALS.clientSecret ||
      h['ocp-apim-subscription-key'] !== VIPPS_CREDENTIALS.subscriptionKey
    )
      return { status: 401, body: { error: 'unauthorized_client' } };
    const token = `eyJ${randomBytes(24).toString('base64url')}`;
    this.tokens.add(token);
    this.tokensIssued += 1;
    const now = Math.floor(Date.now() / 1000);
    return {
      status: 200,
      body: {
        token_type: 'Bearer',
        expires_in: String(this.tokenLifetimeSeconds),
        ext_expires_in: '0',
        expires_on: String(now + this.tokenLifetimeSeconds),
        not_before: String(now),
        resource: '00000002-0000-0000-c000-000000000000',
        access_token: token,
      },
    };
  }

  /** Revokes every token (as one that expired early): the next call answers 401. */
  revokeTokens() {
    this.tokens.clear();
  }

  private route(request: FakeRequest): FakeReply {
    const { method, path } = request;
    const body = (request.body ?? {}) as Record<string, any>;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/epayment/v1/payments') return this.createPayment(body);
    if ((m = /^\/epayment\/v1\/payments\/([^/]+)(?:\/(capture|cancel|refund))?$/.exec(path))) {
      const payment = this.payments.get(m[1]!);
      if (!payment) return problem(404, 'Payment not found', '5090');
      if (method === 'GET' && !m[2]) return { status: 200, body: this.paymentBody(payment) };
      if (method === 'POST' && m[2] === 'capture') return this.capture(payment, body);
      if (method === 'POST' && m[2] === 'cancel') return this.cancel(payment, body);
      if (method === 'POST' && m[2] === 'refund') return this.refund(payment, body);
    }
    if (method === 'POST' && path === '/recurring/v3/agreements') return this.draftAgreement(body);
    if ((m = /^\/recurring\/v3\/agreements\/([^/]+)$/.exec(path))) {
      const agreement = this.agreements.get(m[1]!);
      if (!agreement) return recurringProblem(404, 'resource-not-found', 'No such agreement');
      if (method === 'GET') return { status: 200, body: this.agreementBody(agreement) };
      if (method === 'PATCH') return this.patchAgreement(agreement, body);
    }
    if ((m = /^\/recurring\/v3\/agreements\/([^/]+)\/charges$/.exec(path)) && method === 'POST') {
      const agreement = this.agreements.get(m[1]!);
      if (!agreement) return recurringProblem(404, 'resource-not-found', 'No such agreement');
      return this.createCharge(agreement, body);
    }
    if (
      (m = /^\/recurring\/v3\/agreements\/([^/]+)\/charges\/([^/]+)(?:\/(capture|refund))?$/.exec(
        path,
      ))
    ) {
      const charge = this.charges.get(m[2]!);
      if (!charge || charge.agreementId !== m[1])
        return recurringProblem(404, 'resource-not-found', 'No such charge');
      if (method === 'GET' && !m[3]) return { status: 200, body: this.chargeBody(charge) };
      if (method === 'DELETE' && !m[3]) return this.cancelCharge(charge);
      if (method === 'POST' && m[3] === 'capture') return this.captureCharge(charge, body);
      if (method === 'POST' && m[3] === 'refund') return this.refundCharge(charge, body);
    }
    return problem(404, 'Not found');
  }

  // ---------------------------------------------------------------- ePayment

  private createPayment(body: Record<string, any>): FakeReply {
    const reference = String(body.reference ?? '');
    if (!/^[a-zA-Z0-9-]{8,64}$/.test(reference))
      return problem(400, 'One or more validation errors occurred.', undefined, {
        extraDetails: [
          {
            name: 'reference',
            reason: "The field Reference must match the regular expression '^[a-zA-Z0-9-]{8,64}$'.",
          },
        ],
      });
    const value = body.amount?.value;
    if (!Number.isInteger(value) || value < 100) return problem(400, 'Invalid amount', '4040');
    if (body.userFlow === 'WEB_REDIRECT' && !body.returnUrl)
      return problem(400, 'Missing returnUrl', '4140');
    if (!body.paymentMethod?.type) return problem(400, 'Missing paymentMethod', '4140');
    if (this.payments.has(reference)) return problem(409, 'Reference already exists', '4150');
    this.payments.set(reference, {
      reference,
      state: 'CREATED',
      amount: { currency: body.amount.currency, value },
      authorized: 0,
      captured: 0,
      refunded: 0,
      cancelled: 0,
      metadata: body.metadata,
      returnUrl: body.returnUrl,
    });
    return {
      status: 201,
      body: { redirectUrl: `https://landing.vipps.no?token=${reference}`, reference },
    };
  }

  private paymentBody(p: Payment) {
    const amount = (value: number) => ({ currency: p.amount.currency, value });
    return {
      aggregate: {
        authorizedAmount: amount(p.authorized),
        cancelledAmount: amount(p.cancelled),
        capturedAmount: amount(p.captured),
        refundedAmount: amount(p.refunded),
      },
      amount: p.amount,
      state: p.state,
      paymentMethod: { type: 'WALLET' },
      profile: {},
      pspReference: randomBytes(8).toString('hex'),
      reference: p.reference,
      ...(p.metadata ? { metadata: p.metadata } : {}),
      ...(p.state === 'CREATED'
        ? { redirectUrl: `https://landing.vipps.no?token=${p.reference}` }
        : {}),
    };
  }

  private modification(p: Payment): FakeReply {
    const { aggregate, amount, state, pspReference, reference } = this.paymentBody(p);
    return { status: 200, body: { aggregate, amount, state, pspReference, reference } };
  }

  private capture(p: Payment, body: Record<string, any>): FakeReply {
    const value = body.modificationAmount?.value;
    if (p.state !== 'AUTHORIZED') return problem(400, 'Cannot capture before reservation', '6080');
    if (p.cancelled > 0) return problem(400, 'Payment is cancelled', '6040');
    if (!Number.isInteger(value) || value <= 0 || p.captured + value > p.authorized)
      return problem(400, 'Capture amount too high', '6090');
    p.captured += value;
    return this.modification(p);
  }

  private cancel(p: Payment, body: Record<string, any>): FakeReply {
    if (p.state === 'CREATED') {
      p.state = 'TERMINATED';
      return this.modification(p);
    }
    if (p.state !== 'AUTHORIZED') return this.modification(p);
    if (body.cancelTransactionOnly === true)
      return problem(400, 'Payment is already authorized', '6060');
    if (p.captured >= p.authorized) return problem(400, 'Cannot cancel a captured payment', '6040');
    p.cancelled = p.authorized - p.captured;
    return this.modification(p);
  }

  private refund(p: Payment, body: Record<string, any>): FakeReply {
    const value = body.modificationAmount?.value;
    if (!Number.isInteger(value) || value <= 0 || p.refunded + value > p.captured)
      return problem(400, 'Not enough refundable', '6150');
    p.refunded += value;
    return this.modification(p);
  }

  /** The reader approves in the app (the test's hand). */
  approvePayment(reference: string) {
    const p = this.payments.get(reference)!;
    p.state = 'AUTHORIZED';
    p.authorized = p.amount.value;
  }

  abortPayment(reference: string) {
    this.payments.get(reference)!.state = 'ABORTED';
  }

  // ---------------------------------------------------------------- Recurring

  private draftAgreement(body: Record<string, any>): FakeReply {
    const pricing = body.pricing ?? {};
    if (!Number.isInteger(pricing.amount) || pricing.amount < 100)
      return recurringProblem(400, 'validation-error', 'pricing.amount must be at least 100');
    if (!body.interval?.unit || !(body.interval.count >= 1 && body.interval.count <= 31))
      return recurringProblem(400, 'validation-error', 'interval is required');
    if (!body.productName || String(body.productName).length > 45)
      return recurringProblem(400, 'validation-error', 'productName: 1–45 characters');
    if (!body.merchantRedirectUrl || !body.merchantAgreementUrl)
      return recurringProblem(
        400,
        'validation-error',
        'merchantRedirectUrl and merchantAgreementUrl are required',
      );
    if (body.campaign && body.campaign.type !== 'PERIOD_CAMPAIGN')
      return recurringProblem(400, 'validation-error', 'unsupported campaign');
    const id = `agr_${randomBytes(5).toString('hex')}`;
    this.agreements.set(id, {
      id,
      status: 'PENDING',
      start: null,
      stop: null,
      price: pricing.amount,
      productName: body.productName,
      externalId: body.externalId ?? null,
      body,
    });
    let chargeId: string | null = null;
    if (body.initialCharge) {
      const ic = body.initialCharge;
      if (!['DIRECT_CAPTURE', 'RESERVE_CAPTURE'].includes(ic.transactionType))
        return recurringProblem(400, 'validation-error', 'initialCharge.transactionType');
      if (!ic.description || String(ic.description).length > 45)
        return recurringProblem(400, 'validation-error', 'initialCharge.description: 1–45');
      chargeId = ic.orderId ?? `chr_${randomBytes(5).toString('hex')}`;
      this.charges.set(chargeId!, {
        id: chargeId!,
        agreementId: id,
        amount: ic.amount,
        description: ic.description,
        due: this.today,
        retryDays: 0,
        type: 'INITIAL',
        transactionType: ic.transactionType,
        status: 'PENDING',
        failureReason: null,
        externalId: ic.externalId ?? null,
        captured: 0,
        refunded: 0,
      });
    }
    return {
      status: 201,
      body: {
        agreementId: id,
        uuid: randomBytes(16).toString('hex'),
        vippsConfirmationUrl: `https://api.vipps.no/v2/register/${id}`,
        chargeId,
      },
    };
  }

  private agreementBody(a: Agreement) {
    return {
      id: a.id,
      uuid: a.id,
      status: a.status,
      productName: a.productName,
      pricing: { type: 'LEGACY', currency: 'NOK', amount: a.price },
      interval: a.body.interval,
      campaign: a.body.campaign ?? null,
      created: new Date().toISOString(),
      start: a.start,
      stop: a.stop,
      merchantAgreementUrl: a.body.merchantAgreementUrl,
      merchantRedirectUrl: a.body.merchantRedirectUrl,
      countryCode: 'NO',
      externalId: a.externalId,
      ...(a.status === 'PENDING'
        ? { vippsConfirmationUrl: `https://api.vipps.no/v2/register/${a.id}` }
        : {}),
    };
  }

  private patchAgreement(a: Agreement, body: Record<string, any>): FakeReply {
    if (body.status === 'STOPPED') {
      if (Object.keys(body).length > 1)
        return recurringProblem(400, 'illegal-agreement-update', 'Stop alone');
      if (a.status === 'STOPPED' || a.status === 'EXPIRED')
        return recurringProblem(400, 'illegal-agreement-update', 'Agreement is not active');
      this.stopAgreement(a.id);
      return { status: 204 };
    }
    return recurringProblem(400, 'illegal-agreement-update', 'Only stop is supported here');
  }

  private createCharge(a: Agreement, body: Record<string, any>): FakeReply {
    if (a.status !== 'ACTIVE')
      return recurringProblem(400, 'charge-creation-failed', 'The agreement is not active');
    if (!Number.isInteger(body.amount) || body.amount < 100)
      return recurringProblem(400, 'validation-error', 'amount must be at least 100');
    if (body.amount > a.price * 5)
      return recurringProblem(400, 'charge-amount-too-high', 'More than 5× the agreement price');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.due ?? ''))
      return recurringProblem(400, 'validation-error', 'due is required');
    if (body.due < addDays(this.today, 1))
      return recurringProblem(400, 'charge-due-too-soon', 'due must be at least 1 day ahead');
    if (!Number.isInteger(body.retryDays) || body.retryDays < 0 || body.retryDays > 14)
      return recurringProblem(400, 'validation-error', 'retryDays: 0–14');
    if (!body.description || String(body.description).length > 45)
      return recurringProblem(400, 'validation-error', 'description: 1–45');
    const id = body.orderId ?? `chr_${randomBytes(5).toString('hex')}`;
    if (this.charges.has(id)) return recurringProblem(409, 'conflict', 'orderId already used');
    this.charges.set(id, {
      id,
      agreementId: a.id,
      amount: body.amount,
      description: body.description,
      due: body.due,
      retryDays: body.retryDays,
      type: 'RECURRING',
      transactionType: body.transactionType,
      status: 'PENDING',
      failureReason: null,
      externalId: body.externalId ?? null,
      captured: 0,
      refunded: 0,
    });
    return { status: 201, body: { chargeId: id } };
  }

  private chargeBody(c: Charge) {
    return {
      id: c.id,
      agreementId: c.agreementId,
      amount: c.amount,
      currency: 'NOK',
      description: c.description,
      due: `${c.due}T00:00:00Z`,
      status: c.status,
      type: c.type,
      transactionType: c.transactionType,
      retryDays: c.retryDays,
      transactionId: c.status === 'CHARGED' ? randomBytes(6).toString('hex') : null,
      externalId: c.externalId,
      failureReason: c.failureReason,
      failureDescription: c.failureReason,
      summary: { captured: c.captured, refunded: c.refunded, cancelled: 0 },
      history: [],
    };
  }

  private cancelCharge(c: Charge): FakeReply {
    if (!['PENDING', 'DUE', 'RESERVED', 'PARTIALLY_CAPTURED'].includes(c.status))
      return recurringProblem(400, 'cancel-charge-failed', `Charge is ${c.status}`);
    c.status = 'CANCELLED';
    return { status: 204 };
  }

  private captureCharge(c: Charge, body: Record<string, any>): FakeReply {
    if (c.status !== 'RESERVED')
      return recurringProblem(400, 'charge-capture-failed', `Charge is ${c.status}`);
    if (body.amount !== c.amount) return recurringProblem(400, 'validation-error', 'amount');
    c.status = 'CHARGED';
    c.captured = c.amount;
    return { status: 204 };
  }

  private refundCharge(c: Charge, body: Record<string, any>): FakeReply {
    if (!['CHARGED', 'PARTIALLY_REFUNDED'].includes(c.status))
      return recurringProblem(400, 'validation-error', `Charge is ${c.status}`);
    if (!body.description)
      return recurringProblem(400, 'validation-error', 'description is required');
    if (
      !Number.isInteger(body.amount) ||
      body.amount < 100 ||
      c.refunded + body.amount > c.captured
    )
      return recurringProblem(400, 'validation-error', 'amount');
    c.refunded += body.amount;
    c.status = c.refunded === c.captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return { status: 204 };
  }

  /** The reader approves the agreement in the app: active; its initial charge reserved. */
  acceptAgreement(id: string) {
    const a = this.agreements.get(id)!;
    a.status = 'ACTIVE';
    a.start = new Date().toISOString();
    for (const c of this.charges.values())
      if (c.agreementId === id && c.type === 'INITIAL' && c.status === 'PENDING')
        c.status = c.transactionType === 'RESERVE_CAPTURE' ? 'RESERVED' : 'CHARGED';
  }

  /** The reader says no (stopped before it started), or never answers (expired). */
  rejectAgreement(id: string, how: 'STOPPED' | 'EXPIRED' = 'STOPPED') {
    const a = this.agreements.get(id)!;
    a.status = how;
    a.stop = new Date().toISOString();
    for (const c of this.charges.values())
      if (c.agreementId === id && c.status === 'PENDING') c.status = 'CANCELLED';
  }

  /** Stopped (by us, or the reader in the app): its charges not taken are cancelled. */
  stopAgreement(id: string) {
    const a = this.agreements.get(id)!;
    a.status = 'STOPPED';
    a.stop = new Date().toISOString();
    for (const c of this.charges.values())
      if (c.agreementId === id && ['PENDING', 'DUE'].includes(c.status)) c.status = 'CANCELLED';
  }

  /**
   * The day passes: charges due are tried; `fail` makes them fail (with that reason) while retry
   * days are left they stay DUE, afterwards FAILED.
   */
  processCharges(fail: string | null = null) {
    const changed: Charge[] = [];
    for (const c of this.charges.values()) {
      if (c.type !== 'RECURRING' || !['PENDING', 'DUE'].includes(c.status) || c.due > this.today)
        continue;
      const agreement = this.agreements.get(c.agreementId)!;
      if (agreement.status === 'ACTIVE' && !fail) {
        c.status = c.transactionType === 'RESERVE_CAPTURE' ? 'RESERVED' : 'CHARGED';
        c.captured = c.status === 'CHARGED' ? c.amount : 0;
      } else if (addDays(c.due, c.retryDays) > this.today && agreement.status === 'ACTIVE') {
        c.status = 'DUE';
        continue;
      } else {
        c.status = 'FAILED';
        c.failureReason = agreement.status === 'ACTIVE' ? fail : 'non_technical_error';
      }
      changed.push(c);
    }
    return changed;
  }

  // ---------------------------------------------------------------- webhooks

  /** Posts a webhook as Vipps does: signed over x-ms-date, host and the content's hash. */
  async deliver(url: string, event: object, options: { secret?: string; date?: Date } = {}) {
    const body = JSON.stringify(event);
    const target = new URL(url);
    const date = (options.date ?? new Date()).toUTCString();
    const content = createHash('sha256').update(body).digest('base64');
    const authorization = vippsWebhookAuthorization(
      options.secret ?? VIPPS_CREDENTIALS.webhookSecret,
      target.pathname + target.search,
      date,
      target.host,
      content,
    );
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-ms-date': date,
        'x-ms-content-sha256': content,
        authorization,
      },
      body,
    });
  }

  /** An ePayment event as the Webhooks API sends it. */
  paymentEvent(reference: string, name: string) {
    const p = this.payments.get(reference)!;
    return {
      msn: VIPPS_CREDENTIALS.merchantSerialNumber,
      reference,
      pspReference: randomBytes(6).toString('hex'),
      name,
      amount: p.amount,
      timestamp: new Date().toISOString(),
      idempotencyKey: null,
      success: true,
    };
  }

  /** A Recurring event (agreement or charge). */
  recurringEvent(eventType: string, agreementId: string, chargeId?: string) {
    return {
      eventType,
      agreementId,
      ...(chargeId ? { chargeId, chargeType: this.charges.get(chargeId)?.type } : {}),
      actor: 'USER',
      occurred: new Date().toISOString(),
      msn: VIPPS_CREDENTIALS.merchantSerialNumber,
    };
  }
}
