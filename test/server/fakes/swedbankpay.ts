// A local fake of Swedbank Pay's Payment Order v3.1 as its developer documentation describes it
// (docs/payments/swedbankpay-api-notes.md): Purchase, Verify and UnscheduledPurchase orders with
// the statuses Initialized/Paid/Failed/Cancelled/Reversed/Aborted, operations given as hrefs by
// `rel` (redirect-checkout, abort, capture, cancel, reversal), `paid` with the card and its
// tokens, `failed.problem` with the acquirer's problem type, problem+json errors, a unique
// payeeReference per operation (a repeated one is refused), the version header, and callbacks
// `{orderReference, paymentOrder: {id, instrument, number}}` that carry nothing else. The test
// plays the reader on the redirect page (pay, abort) and the card (expired, no funds).
/* eslint-disable @typescript-eslint/no-explicit-any -- a protocol fake reads request bodies of any shape, as the provider does */
import { randomBytes, randomUUID } from 'node:crypto';

import { type FakeReply, type FakeRequest, HttpFake } from './http-fake';

export const SWEDBANK_CREDENTIALS = {
  accessToken: 'fake-merchant-access-token',
  payeeId: '5cabf558-5283-482f-b252-4d58e06f6f3b',
};

interface Token {
  token: string;
  payerReference: string;
  state: 'Active' | 'Archived';
  expiryDate: string;
  /** What the card answers to a merchant-initiated charge. */
  declinesWith: string | null;
}

interface Order {
  id: string;
  operation: 'Purchase' | 'Verify' | 'UnscheduledPurchase';
  status: 'Initialized' | 'Paid' | 'Failed' | 'Cancelled' | 'Reversed' | 'Aborted';
  amount: number;
  currency: string;
  orderReference: string | null;
  payerReference: string | null;
  generateUnscheduledToken: boolean;
  callbackUrl: string | null;
  completeUrl: string | null;
  captured: number;
  reversed: number;
  cancelled: boolean;
  token: Token | null;
  failedType: string | null;
}

const ERR = 'https://api.payex.com/psp/errordetail';

const problem = (
  status: number,
  type: string,
  title: string,
  problems: object[] = [],
): FakeReply => ({
  status,
  body: {
    type: `${ERR}/${type}`,
    title,
    status,
    instance: `https://api.payex.com/psp/probleminstance/00-${randomBytes(16).toString('hex')}-01`,
    detail: title,
    problems,
  },
});

export class SwedbankPayFake extends HttpFake {
  readonly orders = new Map<string, Order>();
  readonly tokens = new Map<string, Token>();
  private readonly payeeReferences = new Set<string>();
  /** The card the reader pays with on the page. */
  card = { maskedPan: '522661******3406', expiryDate: '12/2033' };

  protected handle(request: FakeRequest): FakeReply {
    if (request.headers.authorization !== `Bearer ${SWEDBANK_CREDENTIALS.accessToken}`)
      return problem(401, 'unauthorized', 'Unauthorized');
    const { method, path } = request;
    if (method !== 'GET' && !/version=3\.1/.test(String(request.headers['content-type'])))
      return problem(400, 'inputerror', 'Error in input data', [
        { name: 'Content-Type', description: 'version=3.1 expected' },
      ]);
    const body = (request.body ?? {}) as Record<string, any>;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/psp/paymentorders')
      return this.create(body.paymentorder ?? {});
    if (
      (m = /^\/psp\/paymentorders\/([0-9a-f-]{36})(?:\/(captures|cancellations|reversals))?$/.exec(
        path,
      ))
    ) {
      const order = this.orders.get(m[1]!);
      if (!order) return problem(404, 'paymentorders/notfound', 'Not found');
      if (method === 'GET' && !m[2]) return { status: 200, body: this.response(order) };
      if (method === 'PATCH' && !m[2]) return this.abort(order, body.paymentorder ?? {});
      const t = body.transaction ?? {};
      if (!t.payeeReference || !/^[A-Za-z0-9]{1,30}$/.test(t.payeeReference))
        return problem(400, 'inputerror', 'Error in input data', [
          { name: 'Transaction.PayeeReference', description: 'Max 30 letters and digits' },
        ]);
      if (this.payeeReferences.has(t.payeeReference))
        return problem(
          409,
          'paymentorders/payeereferencealreadyused',
          'PayeeReference already used',
        );
      if (m[2] === 'captures') return this.capture(order, t);
      if (m[2] === 'cancellations') return this.cancel(order, t);
      if (m[2] === 'reversals') return this.reverse(order, t);
    }
    if (
      (m = /^\/psp\/paymentorders\/unscheduledtokens\/([^/]+)$/.exec(path)) &&
      method === 'PATCH'
    ) {
      const token = this.tokens.get(m[1]!);
      if (!token)
        return problem(404, 'paymentorders/inputerror', 'Error in input data', [
          { name: 'UnscheduledToken', description: 'The given UnscheduledToken does not exist.' },
        ]);
      if (body.state !== 'Deleted') return problem(400, 'inputerror', 'Error in input data');
      token.state = 'Archived';
      return {
        status: 200,
        body: {
          token: token.token,
          instrument: 'CreditCard',
          instrumentDisplayName: this.card.maskedPan,
          correlationId: randomUUID(),
          instrumentParameters: { cardBrand: 'MasterCard', expiryDate: token.expiryDate },
        },
      };
    }
    if ((m = /^\/online\/payers\/tokens\/([^/]+)-Unscheduled$/.exec(path)) && method === 'GET') {
      const token = this.tokens.get(m[1]!);
      if (!token) return problem(404, 'notfound', 'Not found');
      return {
        status: 200,
        body: {
          token: token.token,
          tokenType: 'Unscheduled',
          state: token.state,
          instrumentParameters: {
            cardBrand: 'MasterCard',
            expiryDate: token.expiryDate,
            lastFourPan: this.card.maskedPan.slice(-4),
          },
        },
      };
    }
    return problem(404, 'notfound', 'Not found');
  }

  private create(p: Record<string, any>): FakeReply {
    const payee = p.payeeInfo ?? {};
    const problems: { name: string; description: string }[] = [];
    if (!['Purchase', 'Verify', 'UnscheduledPurchase'].includes(p.operation))
      problems.push({ name: 'PaymentOrder.Operation', description: 'Unknown operation' });
    if (p.operation !== 'Verify' && (!Number.isInteger(p.amount) || p.amount <= 0))
      problems.push({ name: 'PaymentOrder.Amount', description: 'Required' });
    if (p.operation !== 'Verify' && !Number.isInteger(p.vatAmount))
      problems.push({ name: 'PaymentOrder.VatAmount', description: 'Required' });
    if (!p.description || String(p.description).length > 40)
      problems.push({ name: 'PaymentOrder.Description', description: 'Required, max 40' });
    if (!p.userAgent) problems.push({ name: 'PaymentOrder.UserAgent', description: 'Required' });
    if (payee.payeeId !== SWEDBANK_CREDENTIALS.payeeId)
      problems.push({ name: 'PaymentOrder.PayeeInfo.PayeeId', description: 'Unknown payee' });
    if (!payee.payeeReference || !/^[A-Za-z0-9]{1,30}$/.test(payee.payeeReference))
      problems.push({
        name: 'PaymentOrder.PayeeInfo.PayeeReference',
        description: 'Max 30 letters and digits',
      });
    if (payee.orderReference && String(payee.orderReference).length > 50)
      problems.push({ name: 'PaymentOrder.PayeeInfo.OrderReference', description: 'Max 50' });
    if (
      p.operation !== 'UnscheduledPurchase' &&
      (!p.urls?.completeUrl || !p.urls?.hostUrls?.length)
    )
      problems.push({
        name: 'PaymentOrder.Urls',
        description: 'hostUrls and completeUrl are required',
      });
    if (
      (p.generateUnscheduledToken || p.operation === 'UnscheduledPurchase') &&
      !p.payer?.payerReference
    )
      problems.push({
        name: 'PaymentOrder.Payer.PayerReference',
        description: 'Required with tokens',
      });
    if (problems.length > 0)
      return problem(400, 'paymentorders/inputerror', 'Error in input data', problems);
    if (this.payeeReferences.has(payee.payeeReference))
      return problem(409, 'paymentorders/payeereferencealreadyused', 'PayeeReference already used');
    this.payeeReferences.add(payee.payeeReference);

    const order: Order = {
      id: randomUUID(),
      operation: p.operation,
      status: 'Initialized',
      amount: p.operation === 'Verify' ? 0 : p.amount,
      currency: p.currency,
      orderReference: payee.orderReference ?? null,
      payerReference: p.payer?.payerReference ?? null,
      generateUnscheduledToken: p.generateUnscheduledToken === true,
      callbackUrl: p.urls?.callbackUrl ?? null,
      completeUrl: p.urls?.completeUrl ?? null,
      captured: 0,
      reversed: 0,
      cancelled: false,
      token: null,
      failedType: null,
    };
    if (p.operation === 'UnscheduledPurchase') {
      const token = this.tokens.get(p.unscheduledToken);
      if (!token)
        return problem(404, 'paymentorders/inputerror', 'Error in input data', [
          { name: 'UnscheduledToken', description: 'The given UnscheduledToken does not exist.' },
        ]);
      if (token.state !== 'Active')
        return problem(422, 'paymentorders/paymenttokeninactive', 'Payment token is inactive', [
          { name: 'UnscheduledToken', description: 'The given UnscheduledToken is inactive.' },
        ]);
      if (token.payerReference !== order.payerReference)
        return problem(400, 'paymentorders/inputerror', 'Error in input data', [
          { name: 'Payer.PayerReference', description: 'Does not match the token' },
        ]);
      this.orders.set(order.id, order);
      // One attempt only: Paid (authorised) or Failed at once.
      if (token.declinesWith) {
        order.status = 'Failed';
        order.failedType = token.declinesWith;
      } else order.status = 'Paid';
      return { status: 201, body: this.response(order) };
    }
    this.orders.set(order.id, order);
    return { status: 201, body: this.response(order) };
  }

  private response(o: Order) {
    const base = `/psp/paymentorders/${o.id}`;
    const href = (suffix = '') => `${this.url}${base}${suffix}`;
    const authorized = o.status === 'Paid' && o.operation !== 'Verify';
    const remainingCapture = authorized && !o.cancelled ? o.amount - o.captured : 0;
    const remainingReversal = o.captured - o.reversed;
    const operations = [
      ...(o.status === 'Initialized'
        ? [
            {
              method: 'GET',
              href: `https://ecom.externalintegration.payex.com/checkout/${o.id}`,
              rel: 'redirect-checkout',
              contentType: 'text/html',
            },
            { method: 'PATCH', href: href(), rel: 'abort', contentType: 'application/json' },
          ]
        : []),
      ...(remainingCapture > 0
        ? [
            {
              method: 'POST',
              href: href('/captures'),
              rel: 'capture',
              contentType: 'application/json',
            },
            ...(o.captured === 0
              ? [
                  {
                    method: 'POST',
                    href: href('/cancellations'),
                    rel: 'cancel',
                    contentType: 'application/json',
                  },
                ]
              : []),
          ]
        : []),
      ...(remainingReversal > 0
        ? [
            {
              method: 'POST',
              href: href('/reversals'),
              rel: 'reversal',
              contentType: 'application/json',
            },
          ]
        : []),
    ];
    const paid =
      o.status === 'Paid' || o.status === 'Reversed' || o.status === 'Cancelled'
        ? {
            id: `${base}/paid`,
            instrument: 'CreditCard',
            number: 40129782830,
            orderReference: o.orderReference,
            transactionType: 'Authorization',
            amount: o.amount,
            tokens: o.token
              ? [
                  {
                    type: 'unscheduled',
                    token: o.token.token,
                    name: this.card.maskedPan,
                    expiryDate: o.token.expiryDate,
                  },
                ]
              : [],
            details: {
              cardBrand: 'MasterCard',
              maskedPan: this.card.maskedPan,
              expiryDate: this.card.expiryDate,
            },
          }
        : { id: `${base}/paid` };
    return {
      paymentOrder: {
        id: base,
        created: new Date().toISOString(),
        updated: new Date().toISOString(),
        operation: o.operation,
        status: o.status,
        currency: o.currency,
        amount: o.amount,
        vatAmount: 0,
        remainingCaptureAmount: remainingCapture,
        remainingCancellationAmount: remainingCapture,
        remainingReversalAmount: remainingReversal,
        paid,
        failed: o.failedType
          ? {
              id: `${base}/failed`,
              problem: {
                type: `${ERR}/creditcard/${o.failedType}`,
                title: 'Operation failed',
                status: 403,
                detail: 'Unable to complete Recurrence transaction',
                problems: [],
              },
            }
          : { id: `${base}/failed` },
      },
      operations,
    };
  }

  private abort(o: Order, body: Record<string, any>): FakeReply {
    if (body.operation !== 'Abort') return problem(400, 'inputerror', 'Error in input data');
    if (o.status !== 'Initialized')
      return problem(403, 'paymentorders/forbidden', 'Operation not allowed');
    o.status = 'Aborted';
    return { status: 200, body: this.response(o) };
  }

  private capture(o: Order, t: Record<string, any>): FakeReply {
    const remaining = o.status === 'Paid' && !o.cancelled ? o.amount - o.captured : 0;
    if (!Number.isInteger(t.amount) || t.amount <= 0 || t.amount > remaining || !t.description)
      return problem(400, 'creditcard/badrequest', 'Unable to complete CreateCapture operation');
    this.payeeReferences.add(t.payeeReference);
    o.captured += t.amount;
    return { status: 200, body: this.response(o) };
  }

  private cancel(o: Order, t: Record<string, any>): FakeReply {
    if (o.status !== 'Paid' || o.captured > 0 || !t.description)
      return problem(
        400,
        'creditcard/badrequest',
        'Unable to complete CreateCancellation operation',
      );
    this.payeeReferences.add(t.payeeReference);
    o.cancelled = true;
    o.status = 'Cancelled';
    return { status: 200, body: this.response(o) };
  }

  private reverse(o: Order, t: Record<string, any>): FakeReply {
    if (!Number.isInteger(t.amount) || t.amount <= 0 || t.amount > o.captured - o.reversed)
      return problem(400, 'creditcard/badrequest', 'Unable to complete CreateReversal operation');
    this.payeeReferences.add(t.payeeReference);
    o.reversed += t.amount;
    if (o.reversed === o.captured && o.captured === o.amount) o.status = 'Reversed';
    return { status: 200, body: this.response(o) };
  }

  /** The reader completes the page with the card: authorised (a token made if asked for). */
  pay(orderId: string) {
    const o = this.orders.get(this.bare(orderId))!;
    o.status = 'Paid';
    if (o.generateUnscheduledToken) {
      const token: Token = {
        token: randomUUID(),
        payerReference: o.payerReference!,
        state: 'Active',
        expiryDate: this.card.expiryDate,
        declinesWith: null,
      };
      this.tokens.set(token.token, token);
      o.token = token;
    }
  }

  /** The reader gives up on the page. */
  abortByPayer(orderId: string) {
    this.orders.get(this.bare(orderId))!.status = 'Aborted';
  }

  private bare(id: string) {
    return id.replace(/^swedbankpay:/, '').replace('/psp/paymentorders/', '');
  }

  /** The callback Swedbank Pay posts (it carries nothing but the order to fetch). */
  async callback(url: string, orderId: string) {
    const o = this.orders.get(this.bare(orderId))!;
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        orderReference: o.orderReference,
        paymentOrder: {
          id: `/psp/paymentorders/${o.id}`,
          instrument: 'CreditCard',
          number: 12345678,
        },
      }),
    });
  }
}
