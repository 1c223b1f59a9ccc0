// Payment endpoints in use by the SPA: changing how a subscription pays (to Vipps or a new card,
// verified after the provider's page), the account's invoices on a title, and paying one (the
// purchase saga calls payInvoice).
import { paymentApi } from './payment.gen';

export const paymentEndpoints = paymentApi;

export const { useListInvoicesQuery } = paymentEndpoints;

/** One invoice of the session user (404 INVOICE_NOT_FOUND for an unknown or foreign number). */
export const { useGetInvoiceQuery } = paymentEndpoints;

export type {
  ChangeCardRequest,
  ChangePaymentMethodRequest,
  Invoice,
  InvoiceList,
  InvoicePayment,
  PaymentMethod,
  PaymentProvider,
  PaymentRedirect,
  VerifyPaymentMethodRequest,
} from './payment.gen';
