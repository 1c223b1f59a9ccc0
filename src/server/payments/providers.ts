// The production payment port: Vipps MobilePay for VIPPS, Swedbank Pay for cards
// (SWEDBANK-PPG). A request names its method; a payment, agreement or mandate id names its
// provider (Vipps: `vipps:…` and its agreements `agr_…`; Swedbank Pay: `swedbankpay:…`).
import type {
  AgreementRequest,
  CheckoutMethod,
  HostedPaymentRequest,
  Mandate,
  MandateState,
  PaymentPort,
  ProviderAgreement,
  ProviderPayment,
  RecurringChargeRequest,
} from './port';
import { isSwedbankPayId } from './swedbankpay';

export class ProviderRouter implements PaymentPort {
  constructor(
    private readonly providers: { readonly vipps: PaymentPort; readonly card: PaymentPort },
  ) {}

  private byMethod(method: CheckoutMethod): PaymentPort {
    return method === 'VIPPS' ? this.providers.vipps : this.providers.card;
  }

  private byId(id: string): PaymentPort {
    return isSwedbankPayId(id) ? this.providers.card : this.providers.vipps;
  }

  createHostedPayment(request: HostedPaymentRequest): Promise<ProviderPayment> {
    return this.byMethod(request.method).createHostedPayment(request);
  }
  getPayment(paymentId: string): Promise<ProviderPayment> {
    return this.byId(paymentId).getPayment(paymentId);
  }
  cancelPayment(paymentId: string): Promise<ProviderPayment> {
    return this.byId(paymentId).cancelPayment(paymentId);
  }
  capturePayment(paymentId: string, amountOre: number, key: string): Promise<ProviderPayment> {
    return this.byId(paymentId).capturePayment(paymentId, amountOre, key);
  }
  refundPayment(paymentId: string, amountOre: number, key?: string): Promise<void> {
    return this.byId(paymentId).refundPayment(paymentId, amountOre, key);
  }
  chargeRecurring(request: RecurringChargeRequest): Promise<ProviderPayment> {
    return this.byMethod(request.mandate.method).chargeRecurring(request);
  }
  createAgreement(request: AgreementRequest): Promise<ProviderAgreement> {
    return this.byMethod(request.method).createAgreement(request);
  }
  getAgreement(agreementId: string): Promise<ProviderAgreement> {
    return this.byId(agreementId).getAgreement(agreementId);
  }
  getMandate(mandate: Mandate): Promise<MandateState> {
    return this.byMethod(mandate.method).getMandate(mandate);
  }
  stopMandate(mandate: Mandate): Promise<void> {
    return this.byMethod(mandate.method).stopMandate(mandate);
  }
}
