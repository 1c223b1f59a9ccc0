// The payment-provider port. The order flow and the billing jobs talk to a provider only through
// this interface; the embedded sandbox implements it for development and tests, and a real
// Vipps (ePayment/Recurring) or Swedbank Pay (Payment Order) adapter implements it the same way
// (see README "Payment providers").
// The port's types sit below the domain: domain/ imports them, this file imports nothing of it.

/** How a subscription is paid (spec §8): the two checkout methods, giro, and mobile billing. */
export type PaymentProvider = 'VIPPS' | 'SWEDBANK-PPG' | 'BANKGIRO' | 'AVTALEGIRO' | 'STREX';

/** The two providers a reader can pay an order with (spec §9 names; card = SWEDBANK-PPG). */
export type CheckoutMethod = Extract<PaymentProvider, 'VIPPS' | 'SWEDBANK-PPG'>;

/** A provider's payment status, normalised. Only CAPTURED means the money is ours. */
export type ProviderPaymentStatus = 'CREATED' | 'CAPTURED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';

export const finalPaymentStatuses: ReadonlySet<ProviderPaymentStatus> = new Set([
  'CAPTURED',
  'DECLINED',
  'CANCELLED',
  'EXPIRED',
]);

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
}

export interface RecurringChargeRequest {
  readonly reference: string;
  readonly method: CheckoutMethod;
  readonly amountOre: number;
  readonly currency: 'NOK';
  readonly description: string;
  readonly merchant: string;
  readonly idempotencyKey: string;
}

/** A recurring agreement (Vipps) or a registered card (Swedbank Pay) the user approves. */
export type AgreementStatus = 'PENDING' | 'ACTIVE' | 'DECLINED' | 'STOPPED';

export interface ProviderAgreement {
  readonly agreementId: string;
  readonly reference: string;
  readonly method: CheckoutMethod;
  readonly status: AgreementStatus;
  readonly redirectUrl: string | null;
  readonly card: { readonly maskedNumber: string; readonly expiry: string } | null;
}

export interface AgreementRequest {
  readonly reference: string;
  readonly method: CheckoutMethod;
  readonly merchant: string;
  readonly description: string;
  /** Absolute URL the provider sends the browser back to, approved or not. */
  readonly returnUrl: string;
  readonly idempotencyKey: string;
}

export interface PaymentPort {
  /** Creates a payment the user approves on the provider's page. */
  createHostedPayment(request: HostedPaymentRequest): Promise<ProviderPayment>;
  /** The provider's current view of a payment (the only proof that it was paid). */
  getPayment(paymentId: string): Promise<ProviderPayment>;
  /** Cancels a payment that is not captured; a final payment is answered as it is. */
  cancelPayment(paymentId: string): Promise<ProviderPayment>;
  /**
   * Gives back (part of) a captured payment. With an idempotency key the same refund is made
   * once however often it is sent (Vipps: the Idempotency-Key header; Swedbank Pay: the
   * reversal's payeeReference); a repeat answers as the first did.
   */
  refundPayment(paymentId: string, amountOre: number, idempotencyKey?: string): Promise<void>;
  /** Charges a stored card or recurring agreement without the user (renewals). */
  chargeRecurring(request: RecurringChargeRequest): Promise<ProviderPayment>;
  /** Starts a Vipps recurring agreement or a card registration the user approves. */
  createAgreement(request: AgreementRequest): Promise<ProviderAgreement>;
  /** The provider's current view of an agreement (the only proof it was approved). */
  getAgreement(agreementId: string): Promise<ProviderAgreement>;
}
