// The subscription at a glance: the product and what it includes, its state, the price and the
// next charge (date, amount and how it is paid, as the server's renewal jobs will make it), a
// price that changes at the next renewal, no binding and how to end it, and the numbers customer
// service asks for. Who pays for a family share or a business subscription is said instead.
import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import {
  hasBusinessInfo,
  isBusinessAdmin,
  isFamilyShare,
  isPaying,
  SubscriptionStatus,
} from '../../../shared/subscription/status';
import { addDays } from '../../../shared/time/oslo';
import type { Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { isEnding, statusKey, traitsOf } from '../../lib/format/subscription';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { PaymentMethodText } from '../../ui/PaymentMethodText';
import { usePeriodWords } from '../../ui/usePeriodWords';

/**
 * Only a paused reader sees it, so it is a chunk of its own, loaded when the first screen already
 * knows of the pause: the screen is drawn once with it, nothing moves (the route's Suspense).
 */
const PauseStatus = lazy(() => import('./PauseStatus').then((m) => ({ default: m.PauseStatus })));

/** Features a reader can use today (family sharing at /familiedeling). */
const USABLE_FEATURES = new Set<Subscription['features'][number]>([
  'content',
  'e-paper',
  'paper',
  'family-share',
  'partner-content',
]);

/** A line under a fact's value, in small type. */
const factNote = (content: ReactNode) => <span className="home-fact-note">{content}</span>;

export function SubscriptionSummary({
  subscription,
  paymentLookupFailed,
}: {
  readonly subscription: Subscription;
  /** The last subscription lookup failed: the payment method cannot be shown. */
  readonly paymentLookupFailed: boolean;
}) {
  const { t } = useTranslation('home');
  const longDate = useLongDate();
  const traits = traitsOf(subscription);
  const status = subscription.instStatusCode;
  const familyShare = isFamilyShare(traits);
  const business = hasBusinessInfo(traits);
  const trial = status === SubscriptionStatus.TRIAL;
  const running = status === SubscriptionStatus.ACTIVE || trial;
  const { period, pricePer } = usePeriodWords();
  // Once shown, the pause stays mounted: after «Avslutt pausen» it says what happened.
  const [pauseShown, setPauseShown] = useState(Boolean(subscription.pause));
  if (subscription.pause && !pauseShown) setPauseShown(true);

  // The trial ends the day before it renews, at the price it renews at (a student or youth plan
  // renews at its own price, not the ordinary one).
  const renewsOn = subscription.nextCharge?.date ?? subscription.renewalDate;
  const afterTrial = subscription.nextCharge
    ? pricePer(subscription.nextCharge.ordinaryAmount, subscription.period)
    : pricePer(subscription.price, subscription.period);
  const trialNote = renewsOn
    ? t('home.notes.trial', { lastDay: longDate(addDays(renewsOn, -1)), price: afterTrial })
    : t('home.notes.trial-undated', { price: afterTrial });

  let price: string;
  if (familyShare) price = t('home.price.family-share');
  else if (business) price = t('home.price.business');
  else if (trial) price = t('home.price.after-trial', { price: afterTrial });
  else if (!isPaying(traits)) price = t('home.price.not-paying');
  else price = pricePer(subscription.price, subscription.period);

  // A subscription cancelled while suspended ends on its day too.
  const ending =
    isEnding(status) || status === SubscriptionStatus.SUSPENDED ? subscription.expiryDate : null;
  const ended = status === SubscriptionStatus.CANCELLED || status === SubscriptionStatus.TERMINATED;
  const facts: Fact[] = [
    {
      key: 'status',
      label: t('home.facts.status'),
      value:
        status === SubscriptionStatus.PAUSED && subscription.pause
          ? t('home.pause.until', { date: longDate(subscription.pause.until) })
          : t(statusKey(status)),
    },
    { key: 'price', label: t('home.facts.price'), value: price },
  ];

  const next = subscription.nextCharge;
  if (next) {
    const method = (
      <PaymentMethodText
        paymentMethod={subscription.paymentMethod}
        lookupFailed={paymentLookupFailed}
      />
    );
    facts.push({
      key: 'next-charge',
      label: t(next.kind === 'invoice' ? 'home.facts.next-invoice' : 'home.facts.next-charge'),
      value: (
        <>
          <span className="home-next-amount">
            {/* The credits cover it all: nothing is charged or invoiced (recorded paid). */}
            {t(next.amount === 0 ? 'home.next-charge.when-covered' : 'home.next-charge.when', {
              date: longDate(next.date),
              amount: formatKroner(next.amount),
            })}
          </span>
          {/* What the renewal takes off, each credit on its own line (never called a discount). */}
          {next.stopCredit > 0 &&
            factNote(t('home.next-charge.stop-credit', { amount: formatKroner(next.stopCredit) }))}
          {next.missedPaperCredit > 0 &&
            factNote(
              t('home.next-charge.missed-paper', { amount: formatKroner(next.missedPaperCredit) }),
            )}
          {next.amount + next.stopCredit + next.missedPaperCredit < next.ordinaryAmount &&
            factNote(t('home.next-charge.discount', { price: formatKroner(next.ordinaryAmount) }))}
          {next.reason === 'renewal' &&
            next.ordinaryAmount !== subscription.price &&
            factNote(
              t('home.next-charge.new-price', {
                from: formatKroner(subscription.price),
                to: formatKroner(next.ordinaryAmount),
              }),
            )}
          {factNote(method)}
        </>
      ),
    });
  } else if (!familyShare && !business) {
    facts.push({
      key: 'payment',
      label: t('home.facts.payment-method'),
      value: (
        <PaymentMethodText
          paymentMethod={subscription.paymentMethod}
          lookupFailed={paymentLookupFailed}
        />
      ),
    });
  }

  const suspended = status === SubscriptionStatus.SUSPENDED;
  if (suspended && subscription.suspension?.since)
    facts.push({
      key: 'suspended-since',
      label: t('home.facts.suspended-since'),
      value: longDate(subscription.suspension.since),
    });
  if (ending)
    facts.push({
      key: 'expires',
      label: t(ended ? 'home.facts.ended' : 'home.facts.expires'),
      value: longDate(ending),
    });
  else if (suspended)
    // No renewal is due while access is stopped: the date it had comes back with the payment.
    facts.push({
      key: 'access',
      label: t('home.facts.access'),
      value: t('home.access.when-paid'),
    });
  else if (!next && subscription.renewalDate)
    facts.push({
      key: 'renewal',
      label: t('home.facts.renewal'),
      value: longDate(subscription.renewalDate),
    });

  const own = !familyShare && !business;
  if (running && own)
    facts.push({
      key: 'binding',
      label: t('home.facts.binding'),
      value: (
        <>
          {t('home.binding.none')}{' '}
          <Link className="ds-link" to="/avslutt-abonnement">
            {t('home.binding.how-to-end')}
          </Link>
        </>
      ),
    });
  // The one number a reader needs for the subscription (customer service, invoices, e-mails).
  facts.push({
    key: 'customer',
    label: t('home.facts.customer-number'),
    value: (
      <>
        {subscription.customerNumber}
        {factNote(t('home.customer-number-note'))}
      </>
    ),
  });

  const features = subscription.features.filter((f) => USABLE_FEATURES.has(f));
  return (
    <section aria-labelledby="home-subscription-heading" className="ds-card home-summary">
      <p className="home-summary-kicker">{t('home.subscription-heading')}</p>
      <h2 id="home-subscription-heading" className="ds-heading" data-size="md">
        {subscription.product}
      </h2>
      <p className="home-summary-plan">
        {subscription.planName} · {period(subscription.period)}
      </p>
      {features.length > 0 ? (
        <ul className="home-features" aria-label={t('home.facts.features')}>
          {features.map((feature) => (
            <li key={feature}>{t(`home.features.${feature}`)}</li>
          ))}
        </ul>
      ) : null}
      {/* A cancellation still running out is in the attention list, with the way to undo it. */}
      {ending && status !== SubscriptionStatus.PENDING_CANCELLATION ? (
        <Notice color="warning">
          {t(ended ? 'home.notes.ended' : 'home.notes.ending', { date: longDate(ending) })}
        </Notice>
      ) : null}
      {trial ? <Notice>{trialNote}</Notice> : null}
      {familyShare ? <Notice>{t('home.notes.family-share')}</Notice> : null}
      {business ? (
        <Notice>
          {t(
            isBusinessAdmin(traits) ? 'home.notes.business-admin' : 'home.notes.business-employee',
          )}
        </Notice>
      ) : null}
      {own && pauseShown ? <PauseStatus subscription={subscription} /> : null}
      <Facts facts={facts} />
      {subscription.withdrawal ? (
        <Withdrawal
          lastDay={subscription.withdrawal.lastDay}
          refund={subscription.withdrawal.refund}
        />
      ) : null}
    </section>
  );
}

/**
 * The statutory right of withdrawal while it lasts (14 days after an online purchase): when it
 * ends, what it gives back today, and the clearly labelled button to use it (/angrerett asks to
 * confirm before anything happens).
 */
function Withdrawal({ lastDay, refund }: { readonly lastDay: string; readonly refund: number }) {
  const { t } = useTranslation('home');
  const longDate = useLongDate();
  return (
    <div className="home-withdrawal" aria-labelledby="home-withdrawal-heading" role="group">
      <h3 id="home-withdrawal-heading" className="ds-heading" data-size="xs">
        {t('home.withdrawal.heading')}
      </h3>
      <p>{t('home.withdrawal.text', { date: longDate(lastDay), amount: formatKroner(refund) })}</p>
      <p>
        <Link className="ds-button" data-variant="secondary" to="/angrerett">
          {t('home.withdrawal.button')}
        </Link>
      </p>
    </div>
  );
}
