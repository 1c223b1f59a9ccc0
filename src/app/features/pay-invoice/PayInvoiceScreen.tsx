// /betal-faktura/:ariaInvoiceNo (login and subscription): one invoice of the reader — amount,
// due date (overdue said in words), period, description and KID — and, while it is unpaid, the
// card/Vipps choice and "Betal kr X", which starts the invoice payment in the purchase saga
// (payInvoice, then the provider's page). The payment page returns through /completepurchase,
// whose saga sends every outcome of an invoice order back here with `?ordre=<id>`: the order is
// read and its outcome shown (paid, refused, cancelled, expired, still pending). An unknown
// number and another reader's invoice are the same 404: "we cannot find the invoice".
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { type Order, type OrderPaymentProvider, useGetOrderQuery } from '../../api/order';
import { type Invoice, useGetInvoiceQuery } from '../../api/payment';
import { callFailure, failureKind } from '../../api/problem';
import {
  purchaseResumed,
  selectPurchase,
  selectPurchaseBusy,
  startInvoicePayment,
} from '../../flows/order/purchaseSlice';
import { useDateRange, useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { useResumeOnReturn } from '../../hooks/useResumeOnReturn';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { PayButton } from '../../ui/PayButton';
import { PaymentMethodChoice } from '../../ui/PaymentMethodChoice';
import { describeSettlement } from '../../ui/PaymentMethodText';
import { providerSlug } from '../../ui/paymentProviders';
import { PdfLink } from '../../ui/PdfLink';
import { Progress } from '../../ui/Progress';
import { RATE_LIMIT_KEY } from '../../ui/RateLimitNotice';
import { Screen } from '../../ui/Screen';

import './pay-invoice.css';

const OVERVIEW_PATH = '/fakturaoversikt';
/** Prefix of the payment method radios' ids. */
const CHOICE_ID = 'pay-invoice';

function InvoiceFacts({ invoice }: { readonly invoice: Invoice }) {
  const { t } = useTranslation(['pay-invoice', 'common']);
  const longDate = useLongDate();
  const dateRange = useDateRange();
  const status =
    invoice.status === 'PAID'
      ? invoice.paidAt
        ? t('pay-invoice.status.paid-on', { date: longDate(invoice.paidAt) })
        : t('pay-invoice.status.paid')
      : invoice.overdue
        ? t('pay-invoice.status.overdue')
        : t('pay-invoice.status.unpaid');
  const facts: Fact[] = [
    { key: 'number', label: t('pay-invoice.facts.number'), value: invoice.ariaInvoiceNo },
    { key: 'amount', label: t('pay-invoice.facts.amount'), value: formatKroner(invoice.amount) },
    {
      key: 'due',
      label: t('pay-invoice.facts.due-date'),
      value:
        invoice.status === 'UNPAID' && invoice.overdue
          ? t('pay-invoice.facts.due-date-overdue', { date: longDate(invoice.dueDate) })
          : longDate(invoice.dueDate),
    },
    {
      key: 'period',
      label: t('pay-invoice.facts.period'),
      value: dateRange(invoice.periodStart, invoice.periodEnd),
    },
    { key: 'description', label: t('pay-invoice.facts.description'), value: invoice.description },
    // The KID is for paying it; a paid one says when (once: the status) and how.
    ...(invoice.status === 'PAID'
      ? []
      : [{ key: 'kid', label: t('pay-invoice.facts.kid'), value: invoice.kid }]),
    { key: 'status', label: t('pay-invoice.facts.status'), value: status },
  ];
  // How it was actually paid (the payment that settled it), not the subscription's method.
  if (invoice.paidWith)
    facts.push({
      key: 'paid-with',
      label: t('pay-invoice.facts.paid-with'),
      value: describeSettlement(t, invoice.paidWith),
    });
  return <Facts facts={facts} />;
}

type OutcomeKey = 'completed' | 'declined' | 'cancelled' | 'expired' | 'pending';

const outcomeKeys: Record<Order['status'], OutcomeKey> = {
  COMPLETED: 'completed',
  DECLINED: 'declined',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
  PENDING: 'pending',
};

/** The outcome of the payment the provider's page returned from (`?ordre=`). */
function PaymentOutcome({
  orderId,
  ariaInvoiceNo,
  onCheckAgain,
}: {
  readonly orderId: string;
  readonly ariaInvoiceNo: string;
  readonly onCheckAgain: () => void;
}) {
  const { t } = useTranslation('pay-invoice');
  const orderResult = useGetOrderQuery({ orderId }, { refetchOnMountOrArgChange: true });
  const order = orderResult.data;
  const purchase = useAppSelector(selectPurchase);
  const reloadSubscription = useReloadSubscription();
  const ref = useRef<HTMLDivElement>(null);
  const matches = order?.kind === 'invoice' && order.ariaInvoiceNo === ariaInvoiceNo;
  const outcome = matches ? outcomeKeys[order.status] : null;

  // A paid invoice may restore a suspended subscription: reload it once per order, unless the
  // purchase saga did so on its way here.
  const reloaded = useRef<string | null>(null);
  useEffect(() => {
    if (outcome !== 'completed' || reloaded.current === orderId) return;
    reloaded.current = orderId;
    const sagaReloaded =
      purchase.lastOutcome === 'completed' && purchase.lastOrder?.orderId === orderId;
    if (!sagaReloaded) void reloadSubscription();
  }, [outcome, orderId, purchase.lastOutcome, purchase.lastOrder, reloadSubscription]);

  useEffect(() => {
    if (outcome || orderResult.isError) ref.current?.focus();
  }, [outcome, orderResult.isError, order?.status]);

  if (orderResult.isLoading) return <Progress>{t('pay-invoice.outcome.loading')}</Progress>;
  if (!outcome) {
    if (!orderResult.isError && !order) return null;
    return (
      <Notice color="warning" role="alert" tabIndex={-1} ref={ref}>
        {t('pay-invoice.outcome.unknown')}
      </Notice>
    );
  }
  const color = outcome === 'completed' ? 'success' : outcome === 'declined' ? 'danger' : 'warning';
  return (
    <Notice
      color={color}
      role="alert"
      tabIndex={-1}
      ref={ref}
      heading={t(`pay-invoice.outcome.${outcome}.heading`)}
    >
      <p>{t(`pay-invoice.outcome.${outcome}.text`, { amount: formatKroner(order!.amount) })}</p>
      {outcome === 'completed' ? (
        <p>{t('pay-invoice.outcome.reference', { reference: order!.reference })}</p>
      ) : null}
      {outcome === 'pending' ? (
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={orderResult.isFetching}
          onClick={() => {
            void orderResult.refetch();
            onCheckAgain();
          }}
        >
          {t('pay-invoice.outcome.pending.check-again')}
        </button>
      ) : null}
    </Notice>
  );
}

/** The message key of a refused payment start (problem codes of the payment contract). */
function problemKey(code: string, status: number | string): string {
  switch (code) {
    case 'INVOICE_PAID':
      return 'pay-invoice.problems.already-paid';
    case 'CHARGE_IN_PROGRESS':
      return 'pay-invoice.problems.charge-in-progress';
    case 'INVOICE_NOT_FOUND':
      return 'pay-invoice.problems.not-found';
    case 'RATE_LIMITED':
      return RATE_LIMIT_KEY;
    case 'IDEMPOTENCY_KEY_REUSED':
      return 'pay-invoice.problems.key-reused';
    default:
      return status === 401 ? 'pay-invoice.problems.session' : 'pay-invoice.problems.generic';
  }
}

function PayForm({ invoice, onPaid }: { readonly invoice: Invoice; readonly onPaid: () => void }) {
  const { t } = useTranslation('pay-invoice');
  const dispatch = useAppDispatch();
  const purchase = useAppSelector(selectPurchase);
  const busy = useAppSelector(selectPurchaseBusy);
  const [provider, setProvider] = useState<OrderPaymentProvider>(
    invoice.paymentProvider === 'VIPPS' ? 'VIPPS' : 'SWEDBANK-PPG',
  );

  // A refusal of the payment, from this visit only.
  const problemAtMount = useRef(purchase.problem);
  const problem = purchase.problem !== problemAtMount.current ? purchase.problem : null;
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!problem) return;
    problemRef.current?.focus();
    // Paid meanwhile (another tab, the bank): show the invoice as it is now.
    if (problem.code === 'INVOICE_PAID') onPaid();
  }, [problem, onPaid]);

  useResumeOnReturn(purchaseResumed);

  const pay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    dispatch(
      startInvoicePayment({
        ariaInvoiceNo: invoice.ariaInvoiceNo,
        amount: invoice.amount,
        paymentProvider: provider,
      }),
    );
  };

  return (
    <form className="pay-invoice-form" noValidate onSubmit={pay}>
      <PaymentMethodChoice
        legend={t('pay-invoice.method.legend')}
        texts={(option) => ({
          label: t(`pay-invoice.method.${providerSlug(option)}`),
          description: t(`pay-invoice.method.description.${providerSlug(option)}`),
        })}
        value={provider}
        onChange={setProvider}
        disabled={busy}
        idPrefix={CHOICE_ID}
      />
      {problem ? (
        <Notice color="danger" role="alert" tabIndex={-1} ref={problemRef}>
          {t(problemKey(problem.code, problem.status))}
        </Notice>
      ) : null}
      <PayButton
        label={t('pay-invoice.pay', { amount: formatKroner(invoice.amount) })}
        busyText={t('pay-invoice.paying')}
        busy={busy}
      />
      <p className="ds-paragraph">{t('pay-invoice.redirect-note')}</p>
    </form>
  );
}

export default function PayInvoiceScreen() {
  const { t } = useTranslation('pay-invoice');
  const { ariaInvoiceNo = '' } = useParams();
  const [query] = useSearchParams();
  const orderId = query.get('ordre')?.trim() ?? '';
  const invoiceResult = useGetInvoiceQuery({ ariaInvoiceNo }, { refetchOnMountOrArgChange: true });
  const invoice = invoiceResult.data?.ariaInvoiceNo === ariaInvoiceNo ? invoiceResult.data : null;
  const failure = invoiceResult.isError ? callFailure(invoiceResult.error) : null;
  // Asks for the invoice again (paid meanwhile, a pending payment, a failed load); stable, so
  // effects that call it do not run again when the query's result changes.
  const refetchInvoice = useRef(invoiceResult.refetch);
  refetchInvoice.current = invoiceResult.refetch;
  const reloadInvoice = useCallback(() => void refetchInvoice.current(), []);

  let body: ReactNode;
  if (failure && failureKind(failure) === 'not-found')
    body = (
      <Notice
        color="warning"
        role="alert"
        heading={t('pay-invoice.not-found.heading', { number: ariaInvoiceNo })}
      >
        {t('pay-invoice.not-found.text')}
      </Notice>
    );
  else if (failure)
    body = (
      <Notice color="danger" role="alert">
        <p>{t('pay-invoice.load-failed')}</p>
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={invoiceResult.isFetching}
          onClick={reloadInvoice}
        >
          {t('pay-invoice.try-again')}
        </button>
      </Notice>
    );
  else if (!invoice) body = <Progress reserve>{t('pay-invoice.loading')}</Progress>;
  else
    body = (
      <>
        {orderId ? (
          <PaymentOutcome
            orderId={orderId}
            ariaInvoiceNo={ariaInvoiceNo}
            onCheckAgain={reloadInvoice}
          />
        ) : null}
        <section aria-labelledby="pay-invoice-facts-heading">
          <h2 id="pay-invoice-facts-heading" className="ds-heading" data-size="sm">
            {t('pay-invoice.facts.heading')}
          </h2>
          <InvoiceFacts invoice={invoice} />
          <p className="ds-paragraph">
            <PdfLink invoiceNo={invoice.ariaInvoiceNo} />
          </p>
        </section>
        {invoice.status === 'PAID' ? null : (
          <section aria-labelledby="pay-invoice-pay-heading">
            <h2 id="pay-invoice-pay-heading" className="ds-heading" data-size="sm">
              {t('pay-invoice.pay-heading')}
            </h2>
            {invoice.overdue ? (
              <p className="ds-paragraph">{t('pay-invoice.overdue-note')}</p>
            ) : null}
            <PayForm invoice={invoice} onPaid={reloadInvoice} />
          </section>
        )}
      </>
    );

  return (
    <Screen
      headingId="pay-invoice-heading"
      heading={
        invoice?.status === 'PAID'
          ? t('pay-invoice.heading-paid', { number: invoice.ariaInvoiceNo })
          : t('pay-invoice.heading')
      }
    >
      {body}
      <ul className="screen-links">
        <li>
          <Link className="ds-link" to={OVERVIEW_PATH}>
            {t('pay-invoice.to-overview')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
