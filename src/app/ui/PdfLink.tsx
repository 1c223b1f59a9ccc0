// «Last ned PDF»: an invoice or a receipt as the server writes it. A plain same-origin link: the
// session cookie goes with it, so no token is ever in the page. Its name says which document.
import { useTranslation } from 'react-i18next';

import { orderReceiptPdfUrl } from '../api/order';
import { invoicePdfUrl } from '../api/payment';

export type PdfLinkProps =
  | { readonly invoiceNo: string; readonly orderId?: never; readonly reference?: never }
  | { readonly orderId: string; readonly reference: string; readonly invoiceNo?: never };

/** The download link of an invoice (by its number) or of an order's receipt (by id, named by its reference). */
export function PdfLink(props: PdfLinkProps) {
  const { t } = useTranslation('common');
  const [href, label] =
    props.invoiceNo !== undefined
      ? [invoicePdfUrl(props.invoiceNo), t('pdf.invoice', { number: props.invoiceNo })]
      : [orderReceiptPdfUrl(props.orderId), t('pdf.receipt', { reference: props.reference })];
  return (
    <a className="ds-link" href={href} download aria-label={label}>
      {t('pdf.link')}
    </a>
  );
}
