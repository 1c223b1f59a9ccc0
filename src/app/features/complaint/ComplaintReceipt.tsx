// The receipt of a complaint, in the same flow: what was filed (its reference, days, what was
// wrong), today's e-paper to read at once (digital access is part of every paper subscription),
// what happens next (customer service follows up; a paper that often fails to come is taken up
// with the distributor, at once when the address has had several complaints lately), the amount
// taken off the next invoice when the server credited a paper that did not come (nothing about
// money otherwise), and where the confirmation went. Its heading takes the focus when it appears.
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { ComplaintReceipt as Receipt } from '../../api/complaint';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { StepHeading } from '../../ui/StepHeading';

import { useCodeText, useDayName } from './days';

export interface ComplaintReceiptProps {
  readonly receipt: Receipt;
  /** Back to the form, for another day or another problem. */
  readonly onAnother: () => void;
}

export function ComplaintReceipt({ receipt, onAnother }: ComplaintReceiptProps) {
  const { t } = useTranslation('complaint');
  const dayName = useDayName();
  const codeText = useCodeText();
  const { complaint } = receipt;
  const facts: Fact[] = [
    {
      key: 'dates',
      label: t('complaint.receipt.dates'),
      value: complaint.dates.map(dayName).join(', '),
    },
    {
      key: 'code',
      label: t('complaint.receipt.code'),
      value: codeText(complaint.code, complaint.description),
    },
    ...(complaint.comment
      ? [{ key: 'comment', label: t('complaint.receipt.comment'), value: complaint.comment }]
      : []),
    { key: 'reference', label: t('complaint.receipt.reference'), value: complaint.reference },
  ];
  return (
    <section aria-labelledby="complaint-receipt-heading" className="screen">
      <Notice color="success">
        <StepHeading id="complaint-receipt-heading" focusOnMount>
          {t('complaint.receipt.heading')}
        </StepHeading>
        <p>{t('complaint.receipt.text', { reference: complaint.reference })}</p>
      </Notice>
      <Facts facts={facts} />

      <section aria-labelledby="complaint-epaper-heading">
        <h2 id="complaint-epaper-heading" className="ds-heading" data-size="sm">
          {t('complaint.receipt.epaper-heading')}
        </h2>
        <div className="complaint-epaper">
          <p className="ds-paragraph">{t('complaint.receipt.epaper-text')}</p>
          <a className="ds-button" href={receipt.epaperUrl}>
            {t('complaint.receipt.epaper-link')}
          </a>
        </div>
      </section>

      <section aria-labelledby="complaint-next-heading">
        <h2 id="complaint-next-heading" className="ds-heading" data-size="sm">
          {t('complaint.receipt.next-heading')}
        </h2>
        <ul className="ds-list">
          {receipt.credit ? (
            <li>
              {t('complaint.receipt.credit', { amount: formatKroner(receipt.credit.amountOre) })}
            </li>
          ) : null}
          <li>{t('complaint.receipt.next-follow-up')}</li>
          <li>
            {receipt.repeated
              ? t('complaint.receipt.repeated')
              : t('complaint.receipt.next-distributor')}
          </li>
          {receipt.receiptEmail ? (
            <li>{t('complaint.receipt.email', { email: receipt.receiptEmail })}</li>
          ) : null}
        </ul>
      </section>
      <p className="ds-paragraph">
        <button type="button" className="ds-button" data-variant="secondary" onClick={onAnother}>
          {t('complaint.receipt.another')}
        </button>
      </p>
    </section>
  );
}
