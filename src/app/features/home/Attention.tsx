// "Needs your attention" on top of the home page: what the reader should act on now, most urgent
// first — a subscription suspended for an unpaid invoice or a failed charge (why, and pay it or
// change the payment method), a renewal that could not be charged («Betalingen feilet —
// oppdater betalingsmåten»: why, when it is tried again, the day it suspends), an overdue invoice
// (pay it, and the day it suspends the subscription), a stopped Vipps agreement (add a card), an
// unpaid invoice not yet due, a cancellation running out (undo it), the plan changing because the
// reader stops qualifying for it (what it becomes, and the one-tap choices: PlanConversion.tsx),
// a scheduled plan change (keep the current plan instead, confirmed when done). Nothing here when nothing needs doing.
import { lazy, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { SubscriptionStatus } from '../../../shared/subscription/status';
import { callFailure, failureKind } from '../../api/problem';
import { useWithdrawPlanChangeMutation, type Subscription } from '../../api/subscription';
import { FLOW_PATHS } from '../../flows/payment-method/storage';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { Notice } from '../../ui/Notice';
import { usePeriodWords } from '../../ui/usePeriodWords';

/**
 * Only a reader whose plan is about to change sees it, so it is a chunk of its own; the first
 * screen already knows of the change, so the page is drawn once with it (the route's Suspense).
 */
const PlanConversion = lazy(() =>
  import('./PlanConversion').then((m) => ({ default: m.PlanConversion })),
);

/** USER_ACTION_REQUIRED → user-action-required (the catalogues' keys). */
const kebab = (code: string) => code.toLowerCase().replaceAll('_', '-');

interface Item {
  readonly key: string;
  readonly color: 'danger' | 'warning' | 'info';
  readonly body: ReactNode;
}

/** The attention items of a subscription, most urgent first. */
function useItems(subscription: Subscription, onKept: (message: string) => void): Item[] {
  const { t } = useTranslation('home');
  const longDate = useLongDate();
  const items: Item[] = [];
  const suspension = subscription.suspension ?? null;
  // The invoice that suspended it is said once, in the suspension's own item; a charge that
  // failed has its own item (what to do is another payment method, not a bank transfer).
  const unpaidAll = (subscription.unpaidInvoices ?? []).filter(
    (i) => i.ariaInvoiceNo !== suspension?.ariaInvoiceNo,
  );
  const failedCharges = unpaidAll.filter((i) => i.paymentFailure);
  const unpaid = unpaidAll.filter((i) => !i.paymentFailure);
  const methodLinks = (
    failedWith: 'VIPPS' | 'SWEDBANK-PPG',
    ariaInvoiceNo: string,
    amount: number,
  ) => {
    const card = (
      <Link
        className="ds-button"
        data-variant={failedWith === 'VIPPS' ? 'secondary' : 'primary'}
        to={FLOW_PATHS.card.start}
      >
        {t('home.payment.add-card')}
      </Link>
    );
    const vipps = (
      <Link
        className="ds-button"
        data-variant={failedWith === 'VIPPS' ? 'primary' : 'secondary'}
        to={FLOW_PATHS.vipps.start}
      >
        {t(failedWith === 'VIPPS' ? 'home.payment.new-vipps' : 'home.payment.to-vipps')}
      </Link>
    );
    return (
      <>
        <p className="form-actions">
          {failedWith === 'VIPPS' ? vipps : card} {failedWith === 'VIPPS' ? card : vipps}
        </p>
        <p>
          <Link className="ds-link" to={`/betal-faktura/${ariaInvoiceNo}`}>
            {t('home.attention.payment-failed-pay', { amount: formatKroner(amount) })}
          </Link>
        </p>
      </>
    );
  };
  const failedChargeItem = (invoice: (typeof unpaidAll)[number]): Item => {
    const failure = invoice.paymentFailure!;
    const via = failure.method === 'VIPPS' ? 'vipps' : 'card';
    return {
      key: `payment-failed-${invoice.ariaInvoiceNo}`,
      color: 'danger',
      body: (
        <>
          <p>
            <strong>{t('home.attention.payment-failed-heading')}</strong>
          </p>
          <p>
            {t(`home.attention.payment-failed-${via}`, {
              amount: formatKroner(invoice.amount),
              date: longDate(invoice.dueDate),
            })}{' '}
            {t(`home.attention.payment-failed-why.${kebab(failure.reason)}-${via}`)}
            {failure.retryOn
              ? ` ${t('home.attention.payment-failed-retry', { date: longDate(failure.retryOn) })}`
              : null}
          </p>
          {invoice.suspendsOn ? (
            <p>
              {t('home.attention.payment-failed-suspends-on', {
                date: longDate(invoice.suspendsOn),
              })}
            </p>
          ) : null}
          {methodLinks(failure.method, invoice.ariaInvoiceNo, invoice.amount)}
        </>
      ),
    };
  };
  const payLink = (ariaInvoiceNo: string, amount: number) => (
    <p>
      <Link className="ds-button" data-variant="primary" to={`/betal-faktura/${ariaInvoiceNo}`}>
        {t('home.attention.pay', { amount: formatKroner(amount) })}
      </Link>
    </p>
  );
  const invoiceItem = (invoice: (typeof unpaid)[number]) => ({
    key: `invoice-${invoice.ariaInvoiceNo}`,
    color: invoice.overdue ? ('danger' as const) : ('warning' as const),
    body: (
      <>
        <p>
          {t(invoice.overdue ? 'home.attention.overdue' : 'home.attention.unpaid', {
            amount: formatKroner(invoice.amount),
            date: longDate(invoice.dueDate),
          })}
        </p>
        {/* An AvtaleGiro reader expects the bank to pay: an invoice past due says why it did not. */}
        {invoice.overdue && subscription.paymentMethod?.provider === 'AVTALEGIRO' ? (
          <p>{t('home.attention.overdue-avtalegiro')}</p>
        ) : null}
        {invoice.overdue && invoice.suspendsOn ? (
          <p>{t('home.attention.suspends-on', { date: longDate(invoice.suspendsOn) })}</p>
        ) : null}
        {payLink(invoice.ariaInvoiceNo, invoice.amount)}
      </>
    ),
  });
  if (suspension?.cause === 'PAYMENT_FAILED') {
    const failedWith =
      (subscription.unpaidInvoices ?? []).find((i) => i.ariaInvoiceNo === suspension.ariaInvoiceNo)
        ?.paymentFailure?.method ?? 'SWEDBANK-PPG';
    items.push({
      key: 'suspended',
      color: 'danger',
      body: (
        <>
          <p>
            {t('home.attention.suspended-payment-failed', {
              amount: formatKroner(suspension.amount),
              date: longDate(suspension.dueDate),
            })}
          </p>
          <p>{t('home.attention.suspended-payment-failed-resume')}</p>
          {methodLinks(failedWith, suspension.ariaInvoiceNo, suspension.amount)}
        </>
      ),
    });
  } else if (suspension)
    items.push({
      key: 'suspended',
      color: 'danger',
      body: (
        <>
          <p>
            {t('home.attention.suspended', {
              invoice: suspension.ariaInvoiceNo,
              amount: formatKroner(suspension.amount),
              date: longDate(suspension.dueDate),
            })}
          </p>
          <p>{t('home.attention.suspended-resume')}</p>
          {payLink(suspension.ariaInvoiceNo, suspension.amount)}
        </>
      ),
    });
  else if (subscription.instStatusCode === SubscriptionStatus.SUSPENDED)
    // Suspended by the billing system without an invoice we know of: customer service can say why.
    items.push({
      key: 'suspended',
      color: 'danger',
      body: (
        <>
          <p>{t('home.attention.suspended-other')}</p>
          <p>
            <Link className="ds-link" to="/kundeservice">
              {t('home.customer-service-link')}
            </Link>
          </p>
        </>
      ),
    });
  items.push(...failedCharges.map(failedChargeItem));
  items.push(...unpaid.filter((i) => i.overdue).map(invoiceItem));
  if (subscription.paymentNotice === 'VIPPS_AGREEMENT_STOPPED')
    items.push({
      key: 'vipps-stopped',
      color: 'danger',
      body: (
        <>
          <p>
            {t('home.notes.vipps-stopped', {
              date: subscription.expiryDate ? longDate(subscription.expiryDate) : '',
            })}
          </p>
          <p>
            <Link className="ds-button" data-variant="primary" to={FLOW_PATHS.card.start}>
              {t('home.payment.add-card')}
            </Link>
          </p>
        </>
      ),
    });
  items.push(...unpaid.filter((i) => !i.overdue).map(invoiceItem));
  if (subscription.instStatusCode === SubscriptionStatus.PENDING_CANCELLATION)
    items.push({
      key: 'pending-cancellation',
      color: 'warning',
      body: (
        <>
          <p>
            {t('home.attention.cancelled', {
              date: subscription.expiryDate ? longDate(subscription.expiryDate) : '',
            })}
          </p>
          <p>
            <Link className="ds-button" data-variant="secondary" to="/angre-oppsigelse">
              {t('home.actions.undo')}
            </Link>
          </p>
        </>
      ),
    });
  if (subscription.pendingChange?.reason)
    items.push({
      key: 'plan-conversion',
      color: 'warning',
      body: <PlanConversion subscription={subscription} change={subscription.pendingChange} />,
    });
  else if (subscription.pendingChange)
    items.push({
      key: 'pending-change',
      color: 'info',
      body: (
        <PendingChange
          subscription={subscription}
          change={subscription.pendingChange}
          onKept={onKept}
        />
      ),
    });
  return items;
}

export function Attention({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('home');
  const [kept, setKept] = useState<string | null>(null);
  const items = useItems(subscription, setKept);
  if (items.length === 0 && !kept) return null;
  return (
    <section aria-labelledby="home-attention-heading" className="home-attention">
      <h2 id="home-attention-heading" className="ds-heading" data-size="sm">
        {t('home.attention.heading')}
      </h2>
      <KeptNotice message={kept} />
      <ol className="home-attention-list">
        {items.map((item) => (
          <li key={item.key}>
            <Notice color={item.color}>{item.body}</Notice>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The confirmation after the change was withdrawn (the change is gone from the list then). */
function KeptNotice({ message }: { readonly message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <Notice color="success" role="status" tabIndex={-1} ref={ref}>
      {message}
    </Notice>
  );
}

/** A scheduled plan change, and the way to keep the current plan instead (withdraw it). */
function PendingChange({
  subscription,
  change,
  onKept,
}: {
  readonly subscription: Subscription;
  readonly change: NonNullable<Subscription['pendingChange']>;
  readonly onKept: (message: string) => void;
}) {
  const { t } = useTranslation('home');
  const longDate = useLongDate();
  const reload = useReloadSubscription();
  const [withdraw] = useWithdrawPlanChangeMutation();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [failed, setFailed] = useState<'conflict' | 'error' | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failed) failureRef.current?.focus();
  }, [failed]);
  // The same plan paid for another period is told as that, not as a change to the plan it is.
  const samePlan = change.planName === subscription.planName;
  const { period, pricePer } = usePeriodWords();
  const current = pricePer(subscription.price, subscription.period);

  async function keepCurrent() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailed(null);
    try {
      await withdraw({ subscriptionRef: { subscriptionNo: subscription.subscriptionNo } }).unwrap();
      onKept(
        samePlan
          ? t('home.keep-current.done-period', { current })
          : t('home.keep-current.done', { plan: subscription.planName }),
      );
      await reload();
    } catch (error) {
      const kind = failureKind(callFailure(error));
      setFailed(kind === 'conflict' || kind === 'not-found' ? 'conflict' : 'error');
      if (kind === 'conflict') void reload();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <p>
        {samePlan
          ? t('home.pending-period-change', {
              date: longDate(change.effectiveDate),
              plan: change.planName,
              price: pricePer(change.price, change.period),
              current,
            })
          : t('home.pending-change', {
              date: longDate(change.effectiveDate),
              plan: change.planName,
              period: period(change.period),
              price: formatKroner(change.price),
            })}
      </p>
      {failed ? (
        <p role="alert" tabIndex={-1} ref={failureRef}>
          {t(failed === 'conflict' ? 'home.keep-current.conflict' : 'home.keep-current.failed')}
        </p>
      ) : null}
      <p>
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={busy}
          onClick={() => void keepCurrent()}
        >
          {samePlan
            ? t('home.keep-current.button-period', { current })
            : t('home.keep-current.button', { plan: subscription.planName })}
        </button>
      </p>
      <p role="status">{busy ? t('home.keep-current.busy') : null}</p>
    </>
  );
}
