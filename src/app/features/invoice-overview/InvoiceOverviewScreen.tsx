// /fakturaoversikt (login and subscription): every invoice of the reader's account on this title,
// newest first as the server lists them, the unpaid ones apart from and above the paid ones. Each
// shows what a reader needs to pay or recognise it: an unpaid one's KID (with a copy button), amount, due date,
// period, description, status (an overdue one is marked "Forfalt" in words, not by colour alone),
// how it is paid (a paid one: how it was actually paid, e.g. the card a giro invoice was paid
// with, never the subscription's method), for an unpaid giro invoice the account to pay to, a
// link to pay it, and a link to download it as a PDF (written by the server).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { type Invoice, type PaymentProvider, useListInvoicesQuery } from '../../api/payment';
import { useDateRange, useLongDate } from '../../hooks/useLongDate';
import { formatBankAccount } from '../../lib/format/bankAccount';
import { selectAccount } from '../../session/accountSlice';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { describeSettlement } from '../../ui/PaymentMethodText';
import { PdfLink } from '../../ui/PdfLink';
import { Screen } from '../../ui/Screen';

import './invoice-overview.css';
import '../../ui/designsystemet-tags.css';

/** The labels of requirements §8, shared with the home page and the payment method screens. */
const providerKeys: Record<PaymentProvider, string> = {
  'SWEDBANK-PPG': 'common:payment-methods.provider.swedbank-ppg',
  VIPPS: 'common:payment-methods.provider.vipps',
  AVTALEGIRO: 'common:payment-methods.provider.avtalegiro',
  BANKGIRO: 'common:payment-methods.provider.bankgiro',
  STREX: 'common:payment-methods.provider.strex',
};

/**
 * Paid by the reader from their bank with KID and account number: a giro invoice, and an invoice
 * with no payment method on record (nothing else will pay it).
 */
const paidFromBank = (invoice: Invoice) =>
  invoice.paymentProvider === null ||
  invoice.paymentProvider === 'BANKGIRO' ||
  invoice.paymentProvider === 'AVTALEGIRO';

/** Copies to the clipboard; false when the browser has none or refuses (permission, focus). */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

type CopyOutcome = { readonly ariaInvoiceNo: string; readonly copied: boolean };

function InvoiceItem({
  invoice,
  copyOutcome,
  onCopied,
}: {
  readonly invoice: Invoice;
  /** The outcome of the last copy, when it was this invoice's KID. */
  readonly copyOutcome: CopyOutcome | null;
  readonly onCopied: (outcome: CopyOutcome) => void;
}) {
  const { t } = useTranslation(['invoice-overview', 'common']);
  const longDate = useLongDate();
  const dateRange = useDateRange();
  const kidRef = useRef<HTMLSpanElement>(null);
  const unpaid = invoice.status === 'UNPAID';
  const overdue = unpaid && invoice.overdue;
  const headingId = `invoice-${invoice.ariaInvoiceNo}-heading`;

  async function copyKid() {
    const copied = await copyToClipboard(invoice.kid);
    // Without the clipboard the KID is selected, so the reader can copy it with the keyboard.
    if (!copied && kidRef.current) window.getSelection()?.selectAllChildren(kidRef.current);
    onCopied({ ariaInvoiceNo: invoice.ariaInvoiceNo, copied });
  }

  const status = !unpaid
    ? invoice.paidAt
      ? t('invoice-overview.status.paid-on', { date: longDate(invoice.paidAt) })
      : t('invoice-overview.status.paid')
    : overdue
      ? t('invoice-overview.status.overdue')
      : t('invoice-overview.status.unpaid');

  const facts: Fact[] = [
    {
      key: 'description',
      label: t('invoice-overview.invoice.description'),
      value: invoice.description,
    },
    // What the invoice took off before its amount, a line each (a paper that did not come).
    ...(invoice.credits ?? []).map((credit) => ({
      key: `credit-${credit.deliveryDate}`,
      label: t('invoice-overview.invoice.credit-missed-paper', {
        date: longDate(credit.deliveryDate),
      }),
      value: formatKroner(-credit.amount),
    })),
    {
      key: 'amount',
      label: t('invoice-overview.invoice.amount'),
      value: formatKroner(invoice.amount),
    },
    { key: 'status', label: t('invoice-overview.invoice.status'), value: status },
    { key: 'due', label: t('invoice-overview.invoice.due-date'), value: longDate(invoice.dueDate) },
    {
      key: 'period',
      label: t('invoice-overview.invoice.period'),
      value: dateRange(invoice.periodStart, invoice.periodEnd),
    },
    invoice.paidWith
      ? {
          key: 'payment-method',
          label: t('invoice-overview.invoice.paid-with'),
          value: describeSettlement(t, invoice.paidWith),
        }
      : {
          key: 'payment-method',
          label: t('invoice-overview.invoice.payment-method'),
          value: invoice.paymentProvider
            ? t(providerKeys[invoice.paymentProvider])
            : t('common:payment-methods.none'),
        },
  ];
  // The KID is for paying it: a paid invoice needs neither the number nor its copy button.
  if (unpaid)
    facts.push({
      key: 'kid',
      label: t('invoice-overview.invoice.kid'),
      value: (
        <span className="invoice-kid">
          <span ref={kidRef} className="invoice-number">
            {invoice.kid}
          </span>
          <button
            type="button"
            className="ds-button"
            data-variant="secondary"
            data-size="sm"
            aria-label={t('invoice-overview.copy.label', { kid: invoice.kid })}
            onClick={() => void copyKid()}
          >
            {t('invoice-overview.copy.button')}
          </button>
          {/* Always present, so the outcome is announced when it appears. */}
          <span role="status" className="invoice-copy-outcome">
            {copyOutcome
              ? t(
                  copyOutcome.copied
                    ? 'invoice-overview.copy.copied'
                    : 'invoice-overview.copy.failed',
                )
              : null}
          </span>
        </span>
      ),
    });
  if (unpaid && paidFromBank(invoice))
    facts.push({
      key: 'payee-account',
      label: t('invoice-overview.invoice.payee-account'),
      value: (
        <span className="invoice-number">{formatBankAccount(invoice.payeeAccountNumber)}</span>
      ),
    });

  return (
    <article
      aria-labelledby={headingId}
      className="ds-card invoice"
      data-overdue={overdue ? 'true' : undefined}
    >
      <h3 id={headingId} className="ds-heading" data-size="xs">
        {t('invoice-overview.invoice.heading', { number: invoice.ariaInvoiceNo })}
        {overdue ? (
          <>
            {' '}
            <span className="ds-tag" data-color="danger">
              {t('invoice-overview.invoice.overdue')}
            </span>
          </>
        ) : null}
      </h3>
      <Facts facts={facts} />
      <p className="invoice-actions">
        {unpaid ? (
          <Link
            className="ds-button"
            to={`/betal-faktura/${encodeURIComponent(invoice.ariaInvoiceNo)}`}
            aria-label={t('invoice-overview.invoice.pay-label', { number: invoice.ariaInvoiceNo })}
          >
            {t('invoice-overview.invoice.pay')}
          </Link>
        ) : null}
        <PdfLink invoiceNo={invoice.ariaInvoiceNo} />
      </p>
    </article>
  );
}

function InvoiceSection({
  paid,
  invoices,
  copyOutcome,
  onCopied,
}: {
  /** The paid invoices, or else the unpaid ones. */
  readonly paid: boolean;
  readonly invoices: readonly Invoice[];
  readonly copyOutcome: CopyOutcome | null;
  readonly onCopied: (outcome: CopyOutcome) => void;
}) {
  const { t } = useTranslation('invoice-overview');
  const headingId = paid ? 'invoice-overview-paid-heading' : 'invoice-overview-unpaid-heading';
  return (
    <section aria-labelledby={headingId} className="screen">
      <h2 id={headingId} className="ds-heading" data-size="sm">
        {t(paid ? 'invoice-overview.paid.heading' : 'invoice-overview.unpaid.heading')}
      </h2>
      {invoices.length > 0 ? (
        <ul className="invoice-list" aria-labelledby={headingId}>
          {invoices.map((invoice) => (
            <li key={invoice.ariaInvoiceNo}>
              <InvoiceItem
                invoice={invoice}
                copyOutcome={
                  copyOutcome?.ariaInvoiceNo === invoice.ariaInvoiceNo ? copyOutcome : null
                }
                onCopied={onCopied}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="ds-paragraph">
          {t(paid ? 'invoice-overview.paid.none' : 'invoice-overview.unpaid.none')}
        </p>
      )}
    </section>
  );
}

function Invoices({ invoices }: { readonly invoices: readonly Invoice[] }) {
  const { t } = useTranslation('invoice-overview');
  const [copyOutcome, setCopyOutcome] = useState<CopyOutcome | null>(null);
  if (invoices.length === 0) return <p className="ds-paragraph">{t('invoice-overview.empty')}</p>;
  // The server lists newest first; filtering keeps that order within each group.
  const unpaidInvoices = invoices.filter((invoice) => invoice.status === 'UNPAID');
  const paidInvoices = invoices.filter((invoice) => invoice.status === 'PAID');
  return (
    <>
      <InvoiceSection
        paid={false}
        invoices={unpaidInvoices}
        copyOutcome={copyOutcome}
        onCopied={setCopyOutcome}
      />
      <InvoiceSection
        paid
        invoices={paidInvoices}
        copyOutcome={copyOutcome}
        onCopied={setCopyOutcome}
      />
    </>
  );
}

export default function InvoiceOverviewScreen() {
  const { t } = useTranslation('invoice-overview');
  const account = useAppSelector(selectAccount);
  const title = useAppSelector(selectTitle);
  const { subscription } = useAppSelector(selectSubscription);
  const accountNo = account.ariaAccountNo || subscription?.ariaAccountNo || '';
  const titleCode = title?.titleCode ?? subscription?.titleCode ?? '';
  const { data, error, isFetching, refetch } = useListInvoicesQuery(
    { accountNo, titleCode },
    { skip: !accountNo || !titleCode },
  );

  return (
    <Screen headingId="invoice-overview-heading" heading={t('invoice-overview.heading')}>
      <p className="ds-paragraph">{t('invoice-overview.intro')}</p>
      {data ? (
        <Invoices invoices={data.invoices} />
      ) : error ? (
        <Notice color="danger" role="alert">
          <p>{t('invoice-overview.failed')}</p>
          <p>
            <button
              type="button"
              className="ds-button"
              disabled={isFetching}
              onClick={() => void refetch()}
            >
              {t('invoice-overview.retry')}
            </button>
          </p>
        </Notice>
      ) : null}
      <p className="ds-paragraph" role="status">
        {!data && isFetching
          ? t(error ? 'invoice-overview.retrying' : 'invoice-overview.loading')
          : null}
      </p>
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </Screen>
  );
}
