// Payment endpoints in use by the SPA: changing how a subscription pays (to Vipps or a new card,
// verified after the provider's page), and the account's invoices on a title.
import { paymentApi } from './payment.gen';

export const paymentEndpoints = paymentApi;

export const { useListInvoicesQuery } = paymentEndpoints;

export type {
  ChangeCardRequest,
  ChangePaymentMethodRequest,
  Invoice,
  PaymentMethod,
  PaymentProvider,
  PaymentRedirect,
  VerifyPaymentMethodRequest,
} from './payment.gen';
