// Payment endpoints in use by the SPA: changing how a subscription pays (to Vipps or a new card,
// verified after the provider's page), the account's invoices on a title, and paying one (the
// purchase saga calls payInvoice).
import { paymentApi } from './payment.gen';

export const paymentEndpoints = paymentApi;

export const { useListInvoicesQuery } = paymentEndpoints;

/** One invoice of the session user (404 INVOICE_NOT_FOUND for an unknown or foreign number). */
export const { useGetInvoiceQuery } = paymentEndpoints;

/**
 * The invoice as a PDF (getInvoicePdf): a plain link downloads it, since the session cookie goes
 * with a same-origin request and the answer is an attachment (no call through the store).
 */
export const invoicePdfUrl = (ariaInvoiceNo: string) =>
  `/api/invoice/${encodeURIComponent(ariaInvoiceNo)}/pdf`;

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
