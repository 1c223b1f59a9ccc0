// /nye-priser (no guard): the title's prices from its catalogue, every product and period in
// kroner, and the first-month offer for new readers. A logged-in subscriber also sees their own
// price now and at the next renewal: subscriptions renew at the ordinary price with no binding
// (requirements §9), so when the catalogue price differs from what they pay, the new price applies from
// the renewal date; a plan change already scheduled decides the plan that renews.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { isPaying, SubscriptionStatus } from '../../../shared/subscription/status';
import { type Catalogue, type Period, useGetCatalogueQuery } from '../../api/order';
import type { Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { traitsOf } from '../../lib/format/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Screen } from '../../ui/Screen';
import { usePeriodWords } from '../../ui/usePeriodWords';

import '../../ui/designsystemet-tables.css';

/** The catalogue price of a plan and period, or null when the catalogue does not sell it. */
function cataloguePrice(catalogue: Catalogue, ariaPlanID: string, period: Period): number | null {
  const product = catalogue.products.find((p) => p.ariaPlanID === ariaPlanID);
  return product?.options.find((o) => o.period === period)?.price ?? null;
}

const OWN_PRICE_HEADING_ID = 'prices-own-heading';

/** What a subscriber pays now and from the next renewal. */
function OwnPrice({
  catalogue,
  subscription,
}: {
  readonly catalogue: Catalogue;
  readonly subscription: Subscription;
}) {
  const { t } = useTranslation('prices');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const traits = traitsOf(subscription);
  const now = t('prices.own.now', {
    plan: subscription.planName,
    period: period(subscription.period),
    price: pricePer(subscription.price, subscription.period),
  });

  let next: string;
  const change = subscription.pendingChange;
  const renewal = subscription.renewalDate;
  if (!isPaying(traits) && subscription.instStatusCode !== SubscriptionStatus.TRIAL) {
    // Family share, business or non-billable: someone else pays. (A trial is paid from its
    // renewal date, so it is shown as the others.)
    next = t('prices.own.not-paying');
  } else if (!renewal) {
    next = subscription.expiryDate
      ? t('prices.own.not-renewing', { date: longDate(subscription.expiryDate) })
      : t('prices.own.not-renewing-undated');
  } else if (change) {
    const price = cataloguePrice(catalogue, change.ariaPlanID, change.period) ?? change.price;
    next = t('prices.own.changing', {
      date: longDate(change.effectiveDate),
      plan: change.planName,
      period: period(change.period),
      price: pricePer(price, change.period),
    });
  } else {
    const price = cataloguePrice(catalogue, subscription.ariaPlanID, subscription.period);
    next =
      price !== null && price !== subscription.price
        ? t('prices.own.new-price', {
            date: longDate(renewal),
            price: pricePer(price, subscription.period),
          })
        : t('prices.own.unchanged', { date: longDate(renewal) });
  }

  return (
    <Notice region aria-labelledby={OWN_PRICE_HEADING_ID}>
      <h2 id={OWN_PRICE_HEADING_ID} className="ds-heading" data-size="xs">
        {t('prices.own.heading')}
      </h2>
      <p>{now}</p>
      <p>{next}</p>
    </Notice>
  );
}

function PriceTables({ catalogue }: { readonly catalogue: Catalogue }) {
  const { t } = useTranslation('prices');
  const { period, pricePer } = usePeriodWords();
  const offer = catalogue.firstMonthOffer;
  const offerProduct = offer
    ? catalogue.products.find((p) => p.ariaPlanID === offer.ariaPlanID)
    : null;
  return (
    <>
      {offer && offerProduct ? (
        <p className="ds-paragraph">
          {t('prices.first-month-offer', {
            price: formatKroner(offer.price),
            plan: offerProduct.planName,
          })}
        </p>
      ) : null}
      {catalogue.products.map((product) => {
        const headingId = `prices-${product.ariaPlanID}`;
        return (
          <section key={product.ariaPlanID} aria-labelledby={headingId}>
            <h2 id={headingId} className="ds-heading" data-size="sm">
              {product.planName}
            </h2>
            <p className="ds-paragraph">{product.product}</p>
            <table className="ds-table" data-border aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">{t('prices.period-column')}</th>
                  <th scope="col">{t('prices.price-column')}</th>
                </tr>
              </thead>
              <tbody>
                {product.options.map((option) => (
                  <tr key={option.period}>
                    <th scope="row">{period(option.period)}</th>
                    <td>{pricePer(option.price, option.period)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}

export default function NewPricesScreen() {
  const { t } = useTranslation('prices');
  const title = useAppSelector(selectTitle);
  const user = useAppSelector(selectUser);
  const { subscription } = useAppSelector(selectSubscription);
  const titleCode = title?.titleCode ?? '';
  const catalogue = useGetCatalogueQuery({ titleCode }, { skip: !titleCode });
  // The session may still be loading on this unguarded route: the price list does not wait
  // for it, and the reader's own price appears once the session is known.
  const subscriber = user.loggedIn && subscription?.hasSubscription ? subscription : null;

  return (
    <Screen
      headingId="prices-heading"
      heading={
        title ? t('prices.heading', { name: title.name }) : t('prices.heading-without-title')
      }
    >
      <p className="ds-paragraph">{t('prices.intro')}</p>
      {catalogue.data ? (
        <>
          {subscriber ? <OwnPrice catalogue={catalogue.data} subscription={subscriber} /> : null}
          <PriceTables catalogue={catalogue.data} />
        </>
      ) : catalogue.isError ? (
        <Notice color="danger" role="alert">
          <p>{t('prices.failed')}</p>
          <button type="button" className="ds-button" onClick={() => void catalogue.refetch()}>
            {t('prices.retry')}
          </button>
        </Notice>
      ) : (
        <p className="ds-paragraph" role="status">
          {t('prices.loading')}
        </p>
      )}
      <p className="ds-paragraph">
        <Link className="ds-link" to={subscriber ? '/' : '/kundeservice'}>
          {subscriber ? t('prices.home-link') : t('prices.customer-service-link')}
        </Link>
      </p>
    </Screen>
  );
}
