// The invoice number a reader sees (on /fakturaoversikt, on the invoice, in its KID): the billing
// effect's id in a series of its own. Here so the SPA can name an invoice of the data copy by the
// same number the server gives it.

export const INVOICE_NUMBER_OFFSET = 800_000_000;

/** The invoice number of a billing effect's id, e.g. 12 → "800000012". */
export const invoiceNumberOf = (id: number | string): string =>
  String(INVOICE_NUMBER_OFFSET + Number(id));
