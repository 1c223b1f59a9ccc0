// Pieces the purchase screens share: the server's quote as a summary (what is bought, what it
// costs now and afterwards), the card/Vipps choice, the pay button, the wording of refusals, and
// where "try again" leads for an order or an attempt.
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import { isIsoDate } from '../../../shared/time/oslo';
import type { Order, OrderPaymentProvider, OrderQuote, Period } from '../../api/order';
import { periodSlug } from '../../format/subscription';
import { useLongDate } from '../../format/useLongDate';
import { Spinner } from '../../layout/Spinner';
import type { PurchaseIntent } from '../../purchase/purchaseSlice';

import './purchase.css';

export const PAYMENT_PROVIDERS: readonly OrderPaymentProvider[] = ['SWEDBANK-PPG', 'VIPPS'];

/** `SWEDBANK-PPG` → `swedbank-ppg` (catalogue keys are kebab-case). */
export const providerSlug = (provider: OrderPaymentProvider) => provider.toLowerCase();

/** Where "try again" leads for an order or an attempt: the screen that starts that intent. */
export function retryPath(
  target:
    | Pick<PurchaseIntent, 'kind' | 'ariaPlanID' | 'period'>
    | Pick<Order, 'kind' | 'ariaPlanID' | 'period' | 'ariaInvoiceNo'>
    | null,
): string {
  if (!target) return '/bestill-abonnement';
  if (target.kind === 'invoice')
    return 'ariaInvoiceNo' in target && target.ariaInvoiceNo
      ? `/betal-faktura/${encodeURIComponent(target.ariaInvoiceNo)}`
      : '/fakturaoversikt';
  const query = new URLSearchParams({ plan: target.ariaPlanID, periode: target.period });
  switch (target.kind) {
    case 'reactivation':
      return '/betaling?type=reaktivering';
    case 'upgrade':
      return `/betaling?type=oppgradering&${query.toString()}`;
    case 'new':
      return `/bestill-abonnement?${query.toString()}`;
  }
}

/** A refusal of the discount code rather than of the order (404 unknown; 409 expired, inactive, not for the plan). */
export const isDiscountProblem = (code: string | null) => !!code && code.startsWith('DISCOUNT_');

/** The message key of a refused quote or order (problem codes of the order contract). */
export function problemKey(code: string | null, status: number | string | null): string {
  switch (code) {
    case 'AGE_BELOW_MINIMUM':
      return 'purchase.problems.age-below-minimum';
    case 'YOUTH_AGE_EXCEEDED':
      return 'purchase.problems.youth-age-exceeded';
    case 'BIRTH_DATE_REQUIRED':
      return 'purchase.problems.birth-date-required';
    case 'BIRTH_DATE_INVALID':
      return 'purchase.order.birth-date-invalid';
    case 'ALREADY_SUBSCRIBER':
      return 'purchase.problems.already-subscriber';
    case 'DISCOUNT_NOT_FOUND':
      return 'purchase.problems.discount-not-found';
    case 'DISCOUNT_NOT_FOR_PLAN':
    case 'DISCOUNT_NOT_COMBINABLE':
      return 'purchase.problems.discount-not-applicable';
    case 'DISCOUNT_EXPIRED':
      return 'purchase.problems.discount-expired';
    case 'DISCOUNT_INACTIVE':
      return 'purchase.problems.discount-inactive';
    case 'SUBSCRIPTION_STATE_CONFLICT':
    case 'SUBSCRIPTION_NOT_FOUND':
      return 'purchase.problems.subscription-state';
    case 'RATE_LIMITED':
      return 'purchase.problems.rate-limited';
    case 'IDEMPOTENCY_KEY_REUSED':
      return 'purchase.problems.key-reused';
    default:
      return status === 400 || status === 422
        ? 'purchase.problems.invalid'
        : 'purchase.problems.generic';
  }
}

/**
 * A birth date as people type it (17.05.1990, 17/5/1990, 17051990 or 1990-05-17) as an ISO
 * date, or null when it is not a real date.
 */
export function parseBirthDate(text: string): string | null {
  const value = text.trim();
  if (isIsoDate(value)) return value;
  const match = /^(\d{1,2})[./\- ]?(\d{1,2})[./\- ]?(\d{4})$/.exec(value);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** "kr 279,00 per måned" for a price and the period it pays for. */
export function usePricePer() {
  const { t } = useTranslation('purchase');
  return (price: number, period: Period) =>
    t(`purchase.per.${periodSlug(period)}`, { price: formatKroner(price) });
}

/** Focuses the element when `key` changes after the first render (a new step, a new outcome). */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}

export type Fact = { readonly key: string; readonly label: string; readonly value: ReactNode };

export function Facts({ facts }: { readonly facts: readonly Fact[] }) {
  return (
    <dl className="facts">
      {facts.map((fact) => (
        <div key={fact.key}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The quote in words: product, period, offer or discount, the amount now and afterwards. */
export function QuoteSummary({ quote }: { readonly quote: OrderQuote }) {
  const { t } = useTranslation('purchase');
  const longDate = useLongDate();
  const pricePer = usePricePer();
  const facts: Fact[] = [
    {
      key: 'plan',
      label: t('purchase.summary.plan'),
      value: t('purchase.summary.plan-value', { plan: quote.planName, product: quote.product }),
    },
    {
      key: 'period',
      label: t('purchase.summary.period'),
      value: t(`purchase.period.${periodSlug(quote.period)}`),
    },
  ];
  if (quote.offer === 'FIRST_MONTH_1KR')
    facts.push({
      key: 'offer',
      label: t('purchase.summary.offer'),
      value: t('purchase.summary.offer-first-month', { price: formatKroner(quote.amount) }),
    });
  if (quote.offer === 'REACTIVATION_3_FOR_1')
    facts.push({
      key: 'offer',
      label: t('purchase.summary.offer'),
      value: t('purchase.summary.offer-reactivation'),
    });
  if (quote.discount)
    facts.push({
      key: 'discount',
      label: t('purchase.summary.discount', { code: quote.discount.discountCode }),
      value: quote.discount.description,
    });
  if (quote.proration)
    facts.push({
      key: 'proration',
      label: t('purchase.summary.proration'),
      value: t('purchase.summary.proration-value', {
        from: formatKroner(quote.proration.fromPrice),
        to: formatKroner(quote.proration.toPrice),
        remaining: quote.proration.remainingDays,
        days: quote.proration.periodDays,
      }),
    });
  facts.push(
    {
      key: 'now',
      label: t('purchase.summary.now'),
      value: t('purchase.summary.now-value', {
        amount: formatKroner(quote.amount),
        start: longDate(quote.periodStart),
        end: longDate(quote.periodEnd),
      }),
    },
    {
      key: 'then',
      label: t('purchase.summary.then'),
      value: t('purchase.summary.then-value', {
        price: pricePer(quote.renewalPrice, quote.period),
        date: longDate(quote.renewalDate),
      }),
    },
  );
  return (
    <section aria-labelledby="purchase-summary-heading" className="purchase-summary">
      <h2 id="purchase-summary-heading" className="ds-heading" data-size="sm">
        {t('purchase.summary.heading')}
      </h2>
      <Facts facts={facts} />
      <p className="ds-paragraph">{t('purchase.summary.no-binding')}</p>
    </section>
  );
}

/** The payment method radios: Betalingskort or Vipps (spec §8 labels). */
export function PaymentChoice({
  value,
  onChange,
  disabled = false,
}: {
  readonly value: OrderPaymentProvider;
  readonly onChange: (provider: OrderPaymentProvider) => void;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation('purchase');
  return (
    <fieldset className="ds-fieldset purchase-choices">
      <legend className="ds-label">{t('purchase.payment-method.legend')}</legend>
      {PAYMENT_PROVIDERS.map((provider) => {
        const id = `payment-${providerSlug(provider)}`;
        return (
          <div className="ds-field" data-variant="outline" key={provider}>
            <input
              className="ds-input"
              type="radio"
              id={id}
              name="paymentProvider"
              value={provider}
              checked={value === provider}
              disabled={disabled}
              onChange={() => onChange(provider)}
              aria-describedby={`${id}-description`}
            />
            <label className="ds-label" htmlFor={id}>
              {t(`purchase.provider.${providerSlug(provider)}`)}
            </label>
            <p className="ds-paragraph" data-field="description" id={`${id}-description`}>
              {t(`purchase.payment-method.description.${providerSlug(provider)}`)}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A status line with the spinner: something is being fetched or sent. */
export function Progress({ children }: { readonly children: ReactNode }) {
  return (
    <p className="purchase-progress" role="status">
      <Spinner data-size="sm" /> {children}
    </p>
  );
}

/** The pay button, disabled with a visible progress text while the purchase runs. */
export function PayButton({
  amount,
  busy,
  disabled = false,
  type = 'submit',
  onClick,
}: {
  readonly amount: number;
  readonly busy: boolean;
  readonly disabled?: boolean;
  readonly type?: 'submit' | 'button';
  readonly onClick?: () => void;
}) {
  const { t } = useTranslation('purchase');
  return (
    <div className="form-actions">
      <button type={type} className="ds-button" disabled={busy || disabled} onClick={onClick}>
        {t('purchase.pay', { amount: formatKroner(amount) })}
      </button>
      <span role="status" className="form-progress">
        {busy ? (
          <>
            <Spinner data-size="sm" /> {t('purchase.paying')}
          </>
        ) : null}
      </span>
    </div>
  );
}

/** Order facts shown on the result screens (receipt, declined payment). */
export function useOrderFacts() {
  const { t } = useTranslation('purchase');
  return (order: Order): Fact[] => [
    { key: 'plan', label: t('purchase.summary.plan'), value: order.planName },
    {
      key: 'period',
      label: t('purchase.summary.period'),
      value: t(`purchase.period.${periodSlug(order.period)}`),
    },
    { key: 'amount', label: t('purchase.facts.amount'), value: formatKroner(order.amount) },
    {
      key: 'payment',
      label: t('purchase.facts.payment-method'),
      value: t(`purchase.provider.${providerSlug(order.paymentProvider)}`),
    },
  ];
}
