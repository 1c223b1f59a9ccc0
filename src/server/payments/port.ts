// The payment-provider port. The order flow and the billing jobs talk to a provider only through
// this interface; the embedded sandbox implements it for development and tests, and a real
// Vipps (ePayment/Recurring) or Swedbank Pay (Payment Order) adapter implements it the same way
// (see README "Payment providers").
//
// What the port knows:
// - one-off payments the reader approves on the provider's page (an order, an invoice, an
//   upgrade's difference): approved, the money is reserved (AUTHORIZED) and captured only once
//   the shop has granted what was bought; refunded in part or whole; cancelled before approval;
// - a purchase that also sets up what renewals charge (`recurring`): Vipps makes a Recurring
//   agreement with the payment as its initial charge, Swedbank Pay stores the card as an
//   unscheduled-purchase token; the payment then names that `mandate`;
// - an agreement alone (a new payment method, an order of 0 kr): Vipps Recurring without a
//   charge, Swedbank Pay a zero-amount card verification; active, it names its mandate;
// - recurring charges against a mandate, with the day they are due and the days the provider may
//   keep trying; a provider may answer at once (captured or declined) or later (CREATED until
//   then: the charge is asked for again with getPayment);
// - a mandate's lifecycle: active, stopped (by the reader in the app, or by us), expired.
// A provider's callback never decides anything: it only makes the server fetch the status.
// The port's types sit below the domain: domain/ imports them, this file imports nothing of it.

/** How a subscription is paid (requirements §9): the two checkout methods, giro, and mobile billing. */
export type PaymentProvider = 'VIPPS' | 'SWEDBANK-PPG' | 'BANKGIRO' | 'AVTALEGIRO' | 'STREX';

/** The two providers a reader can pay an order with (requirements §9 names; card = SWEDBANK-PPG). */
export type CheckoutMethod = Extract<PaymentProvider, 'VIPPS' | 'SWEDBANK-PPG'>;

/**
 * A provider's payment status, normalised. AUTHORIZED: the reader approved and the money is
 * reserved, to be captured (capturePayment) once what was bought is granted. Only CAPTURED means
 * the money is ours.
 */
export type ProviderPaymentStatus =
  'CREATED' | 'AUTHORIZED' | 'CAPTURED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';

/** The reader approved: the money is reserved or already taken. */
export const approvedPaymentStatuses: ReadonlySet<ProviderPaymentStatus> = new Set([
  'AUTHORIZED',
  'CAPTURED',
]);

export const finalPaymentStatuses: ReadonlySet<ProviderPaymentStatus> = new Set([
  'CAPTURED',
  'DECLINED',
  'CANCELLED',
  'EXPIRED',
]);

/**
 * What renewals charge without the reader: a Vipps Recurring agreement (its id) or a card stored
 * at Swedbank Pay (its unscheduled-purchase token). Kept on the subscription.
 */
export interface Mandate {
  readonly method: CheckoutMethod;
  readonly id: string;
}

/** Why a recurring charge was declined, normalised from the provider's reasons. */
export type ChargeFailure =
  /** No funds, a card blocked or expired: the reader must act (in the app, or a new card). */
  | 'USER_ACTION_REQUIRED'
  /** The agreement is stopped or expired, the token deleted: nothing can be charged with it. */
  | 'MANDATE_INACTIVE'
  /** Above what the reader allowed (Vipps: a variable agreement's max amount). */
  | 'AMOUNT_TOO_HIGH'
  /** The provider's own trouble; a new charge later may go through. */
  | 'TECHNICAL';

/** What a purchase sets up for the renewals after it (HostedPaymentRequest.recurring). */
export interface RecurringTerms {
  /** The product the reader sees at the provider (Vipps: productName, at most 45 characters). */
  readonly productName: string;
  /** What each renewal is expected to cost (øre), and how often it comes. */
  readonly amountOre: number;
  readonly interval: { readonly unit: 'MONTH' | 'YEAR'; readonly count: number };
  /** Where the reader sees and ends the subscription (Vipps: merchantAgreementUrl). */
  readonly agreementUrl: string;
}

export interface ProviderPayment {
  readonly paymentId: string;
  /** Our reference (the order id, or the audit event of a renewal). */
  readonly reference: string;
  readonly method: CheckoutMethod;
  readonly amountOre: number;
  readonly currency: string;
  readonly status: ProviderPaymentStatus;
  /** Where to send the browser while CREATED (hosted payments only). */
  readonly redirectUrl: string | null;
  /** The card used (card payments), to show as the subscription's payment method. */
  readonly card: { readonly maskedNumber: string; readonly expiry: string } | null;
  /** What renewals will charge, once a payment that asked for it (`recurring`) is captured. */
  readonly mandate: Mandate | null;
  /** Why a recurring charge was DECLINED; null otherwise. */
  readonly failure: ChargeFailure | null;
}

export interface HostedPaymentRequest {
  readonly reference: string;
  readonly method: CheckoutMethod;
  readonly amountOre: number;
  readonly currency: 'NOK';
  readonly description: string;
  /** The shop's name on the payment page (the title). */
  readonly merchant: string;
  /** Absolute URLs the provider sends the browser back to. */
  readonly returnUrl: string;
  readonly cancelUrl: string;
  /** The provider's own idempotency: the same key never creates a second payment. */
  readonly idempotencyKey: string;
  /** Also set up what the renewals after this purchase will charge; null: a one-off payment. */
  readonly recurring: RecurringTerms | null;
}

export interface RecurringChargeRequest {
  readonly reference: string;
  /** What is charged: the subscription's agreement or stored card. */
  readonly mandate: Mandate;
  readonly amountOre: number;
  readonly currency: 'NOK';
  readonly description: string;
  readonly merchant: string;
  readonly idempotencyKey: string;
  /** The day the period is due (YYYY-MM-DD, Europe/Oslo): Vipps charges on it, not before. */
  readonly due: string;
  /** Days the provider may keep trying after `due` (Vipps retryDays, 0–14); 0: one attempt. */
  readonly retryDays: number;
}

/**
 * A recurring agreement (Vipps) or a registered card (Swedbank Pay) the user approves. PENDING
 * until approved; DECLINED or EXPIRED (never approved); ACTIVE; STOPPED (by the reader in the
 * app, or by us) and EXPIRED (a card past its date) end it.
 */
export type AgreementStatus = 'PENDING' | 'ACTIVE' | 'DECLINED' | 'STOPPED' | 'EXPIRED';

export interface ProviderAgreement {
  readonly agreementId: string;
  readonly reference: string;
  readonly method: CheckoutMethod;
  readonly status: AgreementStatus;
  readonly redirectUrl: string | null;
  readonly card: { readonly maskedNumber: string; readonly expiry: string } | null;
  /** What renewals charge, once ACTIVE. */
  readonly mandate: Mandate | null;
}

export interface AgreementRequest {
  readonly reference: string;
  readonly method: CheckoutMethod;
  readonly merchant: string;
  readonly description: string;
  /** Absolute URL the provider sends the browser back to, approved or not. */
  readonly returnUrl: string;
  readonly idempotencyKey: string;
  /** What the agreement will be charged for (Vipps shows the product, price and interval). */
  readonly terms: RecurringTerms;
}

/** A mandate as the provider sees it now (the only proof that it can still be charged). */
export interface MandateState {
  readonly status: Extract<AgreementStatus, 'ACTIVE' | 'STOPPED' | 'EXPIRED'>;
  readonly card: { readonly maskedNumber: string; readonly expiry: string } | null;
}

export interface PaymentPort {
  /** Creates a payment the user approves on the provider's page. */
  createHostedPayment(request: HostedPaymentRequest): Promise<ProviderPayment>;
  /** The provider's current view of a payment (the only proof that it was paid). */
  getPayment(paymentId: string): Promise<ProviderPayment>;
  /**
   * Cancels a payment the reader has not approved yet; one approved meanwhile (AUTHORIZED or
   * CAPTURED) or final is answered as it is, so the caller completes what was paid for.
   */
  cancelPayment(paymentId: string): Promise<ProviderPayment>;
  /**
   * Takes the reserved money of an AUTHORIZED payment (all of it), once what was bought is
   * granted. The same idempotency key never captures twice; a captured payment answers as it is.
   */
  capturePayment(
    paymentId: string,
    amountOre: number,
    idempotencyKey: string,
  ): Promise<ProviderPayment>;
  /**
   * Gives back (part of) a captured payment; of a payment only AUTHORIZED, the reservation is
   * released (all of it) or, for a part, the rest is captured. With an idempotency key the same
   * refund is made once however often it is sent (Vipps: the Idempotency-Key header; Swedbank
   * Pay: the reversal's payeeReference); a repeat answers as the first did.
   */
  refundPayment(paymentId: string, amountOre: number, idempotencyKey?: string): Promise<void>;
  /**
   * Charges a mandate without the user (renewals). CAPTURED or DECLINED (with its `failure`) when
   * the provider answers at once; CREATED while it is still to be taken (Vipps: until `due` and
   * its retry days), to be asked again with getPayment. The same idempotency key never charges
   * twice.
   */
  chargeRecurring(request: RecurringChargeRequest): Promise<ProviderPayment>;
  /** Starts a Vipps recurring agreement or a card registration the user approves. */
  createAgreement(request: AgreementRequest): Promise<ProviderAgreement>;
  /** The provider's current view of an agreement (the only proof it was approved). */
  getAgreement(agreementId: string): Promise<ProviderAgreement>;
  /** Whether a mandate can still be charged, as the provider says now. */
  getMandate(mandate: Mandate): Promise<MandateState>;
  /**
   * Ends a mandate from our side (the reader chose another payment method, or the subscription
   * ended): nothing can be charged with it afterwards. Stopping a stopped one changes nothing.
   */
  stopMandate(mandate: Mandate): Promise<void>;
}
