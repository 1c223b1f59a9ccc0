// / (login and subscription): the subscriber's overview. A greeting, the subscription's facts
// (plan, product, period, price, status, renewal or expiry, payment method, customer and account
// number, what is included), a scheduled plan change and the notes that apply (trial, family
// share, business), and the actions of its state (spec §4): change or cancel an active one, undo
// a cancellation, start an ended one again, keep the current plan instead of a scheduled change.
import { useEffect, useRef, useState } from 'react';
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
import { callFailure } from '../../api/problem';
import { useWithdrawPlanChangeMutation, type Subscription } from '../../api/subscription';
import { FLOW_PATHS } from '../../flows/payment-method/storage';
import { REACTIVATION_ORDER_PATH } from '../../hooks/freeReactivation';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { isEnding, periodSlug, statusKey, traitsOf } from '../../lib/format/subscription';
import { selectAccount } from '../../session/accountSlice';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { PaymentMethodText } from '../../ui/PaymentMethodText';

function SubscriptionOverview({
  subscription,
  accountNumber,
  paymentLookupFailed,
}: {
  readonly subscription: Subscription;
  readonly accountNumber: string;
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
  const pricePer = (price: number, period: Subscription['period']) =>
    t(`home.price.per.${periodSlug(period)}`, { price: formatKroner(price) });

  let price: string;
  if (familyShare) price = t('home.price.family-share');
  else if (business) price = t('home.price.business');
  else if (trial)
    price = t('home.price.after-trial', {
      price: pricePer(subscription.price, subscription.period),
    });
  else if (!isPaying(traits)) price = t('home.price.not-paying');
  else price = pricePer(subscription.price, subscription.period);

  // Ending (or ended) with a last day: the expiry date instead of a renewal date.
  const ending = isEnding(status) ? subscription.expiryDate : null;
  const ended = status === SubscriptionStatus.CANCELLED || status === SubscriptionStatus.TERMINATED;
  const dateFact: Fact | null = ending
    ? {
        key: 'expires',
        label: t(ended ? 'home.facts.ended' : 'home.facts.expires'),
        value: longDate(ending),
      }
    : subscription.renewalDate
      ? {
          key: 'renewal',
          label: t('home.facts.renewal'),
          value: longDate(subscription.renewalDate),
        }
      : subscription.expiryDate
        ? {
            key: 'expires',
            label: t('home.facts.expires'),
            value: longDate(subscription.expiryDate),
          }
        : null;

  // A subscriber who pays for their own running subscription can switch to Vipps (unless it is
  // Vipps already) or add a new card.
  const paysOwn = subscription.hasSubscription && isPaying(traits) && !familyShare && !business;
  const paymentLinks = paysOwn
    ? [
        ...(subscription.paymentMethod?.provider === 'VIPPS'
          ? []
          : [{ key: 'vipps', to: FLOW_PATHS.vipps.start, label: t('home.payment.to-vipps') }]),
        { key: 'card', to: FLOW_PATHS.card.start, label: t('home.payment.add-card') },
      ]
    : [];
  const paymentValue = (
    <>
      <PaymentMethodText
        paymentMethod={subscription.paymentMethod}
        lookupFailed={paymentLookupFailed}
      />
      {paymentLinks.length > 0 ? (
        <ul className="screen-links">
          {paymentLinks.map((link) => (
            <li key={link.key}>
              <Link className="ds-link" to={link.to}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );

  const facts: Fact[] = [
    { key: 'plan', label: t('home.facts.plan'), value: subscription.planName },
    { key: 'product', label: t('home.facts.product'), value: subscription.product },
    {
      key: 'period',
      label: t('home.facts.period'),
      value: t(`home.period.${periodSlug(subscription.period)}`),
    },
    { key: 'price', label: t('home.facts.price'), value: price },
    { key: 'status', label: t('home.facts.status'), value: t(statusKey(status)) },
    ...(dateFact ? [dateFact] : []),
    { key: 'payment', label: t('home.facts.payment-method'), value: paymentValue },
    { key: 'customer', label: t('home.facts.customer-number'), value: subscription.customerNumber },
    {
      key: 'account',
      label: t('home.facts.account-number'),
      value: accountNumber || subscription.ariaAccountNo,
    },
  ];
  if (subscription.features.length > 0)
    facts.push({
      key: 'features',
      label: t('home.facts.features'),
      value: (
        <ul className="ds-list">
          {subscription.features.map((feature) => (
            <li key={feature}>{t(`home.features.${feature}`)}</li>
          ))}
        </ul>
      ),
    });

  const change = subscription.pendingChange;
  return (
    <section aria-labelledby="home-subscription-heading" className="screen">
      <h2 id="home-subscription-heading" className="ds-heading" data-size="md">
        {t('home.subscription-heading')}
      </h2>
      {ending ? (
        <Notice color="warning">
          {t(ended ? 'home.notes.ended' : 'home.notes.ending', { date: longDate(ending) })}
        </Notice>
      ) : null}
      {subscription.paymentNotice === 'VIPPS_AGREEMENT_STOPPED' ? (
        <Notice color="danger" role="alert">
          <p>
            {t('home.notes.vipps-stopped', {
              date: subscription.expiryDate ? longDate(subscription.expiryDate) : '',
            })}
          </p>
          <ul className="screen-links">
            <li>
              <Link className="ds-link" to={FLOW_PATHS.card.start}>
                {t('home.payment.add-card')}
              </Link>
            </li>
            {status === SubscriptionStatus.PENDING_CANCELLATION ? (
              <li>
                <Link className="ds-link" to="/angre-oppsigelse">
                  {t('home.actions.undo')}
                </Link>
              </li>
            ) : null}
          </ul>
        </Notice>
      ) : null}
      {change ? <PendingChange subscription={subscription} change={change} /> : null}
      {trial ? <Notice>{t('home.notes.trial')}</Notice> : null}
      {familyShare ? <Notice>{t('home.notes.family-share')}</Notice> : null}
      {business ? (
        <Notice>
          {t(
            isBusinessAdmin(traits) ? 'home.notes.business-admin' : 'home.notes.business-employee',
          )}
        </Notice>
      ) : null}
      <Facts facts={facts} />
      <Actions subscription={subscription} />
    </section>
  );
}

/** A scheduled plan change, and the way to keep the current plan instead (withdraw it). */
function PendingChange({
  subscription,
  change,
}: {
  readonly subscription: Subscription;
  readonly change: NonNullable<Subscription['pendingChange']>;
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

  async function keepCurrent() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailed(null);
    try {
      await withdraw({ subscriptionRef: { subscriptionNo: subscription.subscriptionNo } }).unwrap();
      await reload();
    } catch (error) {
      const { status } = callFailure(error);
      setFailed(status === 409 || status === 404 ? 'conflict' : 'error');
      if (status === 409) void reload();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <Notice>
      <p>
        {t('home.pending-change', {
          date: longDate(change.effectiveDate),
          plan: change.planName,
          period: t(`home.period.${periodSlug(change.period)}`),
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
          {t('home.keep-current.button', { plan: subscription.planName })}
        </button>
      </p>
      <p role="status">{busy ? t('home.keep-current.busy') : null}</p>
    </Notice>
  );
}

/** What the subscriber can do in the subscription's state. */
function Actions({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('home');
  const status = subscription.instStatusCode;
  const traits = traitsOf(subscription);
  const own = !isFamilyShare(traits) && !hasBusinessInfo(traits);
  const links: { key: string; to: string; label: string }[] = [];
  if ((status === SubscriptionStatus.ACTIVE || status === SubscriptionStatus.TRIAL) && own) {
    links.push({ key: 'change', to: '/endre-abonnement', label: t('home.actions.change') });
    links.push({ key: 'cancel', to: '/avslutt-abonnement', label: t('home.actions.cancel') });
  } else if (status === SubscriptionStatus.PENDING_CANCELLATION) {
    links.push({ key: 'undo', to: '/angre-oppsigelse', label: t('home.actions.undo') });
  } else if (status === SubscriptionStatus.CANCELLED || status === SubscriptionStatus.TERMINATED) {
    links.push({
      key: 'reactivate',
      to: REACTIVATION_ORDER_PATH,
      label: t('home.actions.reactivate'),
    });
  }
  if (links.length === 0) return null;
  return (
    <nav aria-labelledby="home-actions-heading">
      <h3 id="home-actions-heading" className="ds-heading" data-size="xs">
        {t('home.actions.heading')}
      </h3>
      <ul className="screen-links">
        {links.map((link) => (
          <li key={link.key}>
            <Link className="ds-button" data-variant="secondary" to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function HomeScreen() {
  const { t } = useTranslation('home');
  const user = useAppSelector(selectUser);
  const account = useAppSelector(selectAccount);
  const { subscription, error } = useAppSelector(selectSubscription);
  return (
    <section aria-labelledby="home-heading" className="screen">
      <h1 id="home-heading" className="ds-heading" data-size="lg">
        {user.givenName ? t('home.greeting', { name: user.givenName }) : t('home.heading')}
      </h1>
      {subscription ? (
        <SubscriptionOverview
          subscription={subscription}
          accountNumber={account.ariaAccountNo}
          paymentLookupFailed={!!error}
        />
      ) : (
        <p className="ds-paragraph">{t('home.missing-subscription')}</p>
      )}
      <nav aria-labelledby="home-profile-heading">
        <h2 id="home-profile-heading" className="ds-heading" data-size="sm">
          {t('home.profile.heading')}
        </h2>
        <ul className="screen-links">
          <li>
            <Link className="ds-link" to="/kontakt">
              {t('home.profile.contact')}
            </Link>
          </li>
          {subscription?.planProductType === 'COMBO' ? (
            <li>
              <Link className="ds-link" to="/leveringsadresse">
                {t('home.profile.delivery-address')}
              </Link>
            </li>
          ) : null}
          <li>
            <Link className="ds-link" to="/nye-priser">
              {t('home.profile.prices')}
            </Link>
          </li>
          <li>
            <Link className="ds-link" to="/fakturaoversikt">
              {t('home.profile.invoices')}
            </Link>
          </li>
        </ul>
      </nav>
      <p className="ds-paragraph">
        {t('home.help')}{' '}
        <Link className="ds-link" to="/kundeservice">
          {t('home.customer-service-link')}
        </Link>
      </p>
    </section>
  );
}
