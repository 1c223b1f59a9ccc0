// The receipt of a withdrawal, right after withdrawing (its heading takes the focus) or when the
// right was used earlier: what ended, what was paid and what comes back in all, each payment and
// where its money goes when there was more than one, and the truth about the refund: on its way,
// still being sent, or handed to the customer centre, who will contact the reader.
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { WithdrawalReceipt as Receipt } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { StepHeading } from '../../ui/StepHeading';

import { destinationOf, destinationOfAll } from './refundWords';

function refundStatusKey(receipt: Receipt) {
  if (receipt.refundAmount === 0) return 'withdrawal.receipt.nothing';
  if (receipt.refundStatus === 'FAILED') return 'withdrawal.receipt.failed';
  if (receipt.refundStatus === 'PENDING') return 'withdrawal.receipt.pending';
  return 'withdrawal.receipt.when';
}

export function WithdrawalReceipt({
  receipt,
  justNow,
}: {
  readonly receipt: Receipt;
  readonly justNow: boolean;
}) {
  const { t } = useTranslation('withdrawal');
  const longDate = useLongDate();
  const ended = longDate(receipt.endedAt);
  const parts = receipt.parts;
  const facts: Fact[] = [
    { key: 'plan', label: t('withdrawal.receipt.plan'), value: receipt.planName },
    { key: 'ended', label: t('withdrawal.receipt.ended'), value: ended },
    { key: 'paid', label: t('withdrawal.receipt.paid'), value: formatKroner(receipt.amountPaid) },
    {
      key: 'refunded',
      label: t('withdrawal.receipt.refunded'),
      value: <strong>{formatKroner(receipt.refundAmount)}</strong>,
    },
    {
      key: 'to',
      label: t('withdrawal.receipt.refund-to'),
      value: t(
        `withdrawal.refund-to.${parts.length > 0 ? destinationOfAll(parts) : destinationOf(receipt.refundTo)}`,
      ),
    },
    { key: 'reference', label: t('withdrawal.receipt.reference'), value: receipt.reference },
  ];
  const failed = receipt.refundStatus === 'FAILED' && receipt.refundAmount > 0;
  return (
    <section aria-labelledby="withdrawal-receipt-heading">
      <StepHeading id="withdrawal-receipt-heading" focusOnMount={justNow}>
        {t(justNow ? 'withdrawal.receipt.heading' : 'withdrawal.receipt.earlier-heading')}
      </StepHeading>
      <Notice color="success">
        {t('withdrawal.receipt.done', { plan: receipt.planName, date: ended })}
      </Notice>
      <Facts facts={facts} />
      {parts.length > 1 ? (
        <>
          <p className="ds-paragraph">{t('withdrawal.receipt.parts')}</p>
          <ul>
            {parts.map((part) => (
              <li key={part.orderReference}>
                {t('withdrawal.receipt.part', {
                  kind: t(`withdrawal.kind.${part.kind}`),
                  date: longDate(part.paidAt),
                  paid: formatKroner(part.amountPaid),
                  amount: formatKroner(part.refundAmount),
                  to: t(`withdrawal.refund-to-inline.${destinationOf(part.refundTo)}`),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {failed ? (
        <Notice color="warning">{t(refundStatusKey(receipt))}</Notice>
      ) : (
        <p className="ds-paragraph">{t(refundStatusKey(receipt))}</p>
      )}
      <p className="ds-paragraph">
        {receipt.receiptEmail
          ? t('withdrawal.receipt.email', { email: receipt.receiptEmail })
          : t('withdrawal.receipt.no-email')}
      </p>
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </section>
  );
}
