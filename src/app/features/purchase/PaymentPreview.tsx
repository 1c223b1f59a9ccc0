// /betaling for a visitor who is not logged in (the route has no guard, requirements §2): what the link
// pays for and why, from the link itself (`type`, and `plan` + `periode` for an upgrade) and what
// the server offers without a login (the title, the public catalogue and its prices, the
// reactivation offer of the shared rules). The exact amount depends on the reader's own
// subscription, so the payment step is where the login is asked for: «Logg inn for å betale»
// logs in and returns to this same link, which then shows the server's quote and the payment.
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { selfServiceBlock } from '../../../shared/subscription/eligibility';
import { periods, type Period } from '../../../shared/subscription/plans';
import { reactivationOffer } from '../../../shared/subscription/proration';
import { type Catalogue, useGetCatalogueQuery } from '../../api/order';
import { reactivationOfferText } from '../../lib/format/offer';
import { loginRequested } from '../../session/sessionActions';
import { selectTitle } from '../../session/titleSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { PAYMENT_PROVIDERS, providerSlug } from '../../ui/paymentProviders';
import { Progress } from '../../ui/Progress';
import { usePeriodWords } from '../../ui/usePeriodWords';

type PaymentType = 'reactivation' | 'upgrade';

const isPeriod = (value: string | null): value is Period =>
  value !== null && (periods as readonly string[]).includes(value);

/** The catalogue's product and option of a plan and period, or null when it does not sell it. */
function offered(catalogue: Catalogue, ariaPlanID: string, period: Period) {
  const product = catalogue.products.find((p) => p.ariaPlanID === ariaPlanID);
  const option = product?.options.find((o) => o.period === period);
  return product && option ? { product, option } : null;
}

/**
 * The reactivation offer (3 months for the price of 1) of each monthly plan the title sells that
 * a reader restarts in self-service (the server's rule: not the student or business plans).
 */
function ReactivationPrices({ catalogue }: { readonly catalogue: Catalogue }) {
  const { t } = useTranslation('purchase');
  const { period } = usePeriodWords();
  const restartable = catalogue.products.filter(
    (product) =>
      selfServiceBlock({ ...product, eligibleForSharing: true, subscriptionInfo1: null }) === null,
  );
  const facts: Fact[] = restartable.flatMap((product) =>
    product.options.flatMap((option) => {
      const offer = reactivationOffer({ period: option.period, priceOre: option.price });
      return offer
        ? [
            {
              key: `${product.ariaPlanID}-${option.period}`,
              label: t('purchase.payment.preview.plan-period', {
                plan: product.planName,
                period: period(option.period),
              }),
              value: t('purchase.payment.preview.offer-price', {
                months: offer.months,
                amount: formatKroner(offer.amountOre),
                ordinary: formatKroner(offer.ordinaryAmountOre),
              }),
            },
          ]
        : [];
    }),
  );
  if (facts.length === 0) return null;
  return (
    <section aria-labelledby="payment-preview-prices-heading">
      <h2 id="payment-preview-prices-heading" className="ds-heading" data-size="sm">
        {t('purchase.payment.preview.prices-heading')}
      </h2>
      <Facts facts={facts} />
    </section>
  );
}

/** The plan and period an upgrade link names, with its ordinary price from the catalogue. */
function UpgradeTarget({
  catalogue,
  ariaPlanID,
  period,
}: {
  readonly catalogue: Catalogue;
  readonly ariaPlanID: string;
  readonly period: Period;
}) {
  const { t } = useTranslation('purchase');
  const { period: periodWord, pricePer } = usePeriodWords();
  const found = offered(catalogue, ariaPlanID, period);
  if (!found)
    return (
      <Notice color="warning">
        <p>{t('purchase.payment.preview.unknown-plan')}</p>
        <p>
          <Link className="ds-link" to="/endre-abonnement">
            {t('purchase.payment.to-change')}
          </Link>
        </p>
      </Notice>
    );
  const facts: Fact[] = [
    {
      key: 'plan',
      label: t('purchase.payment.preview.new-plan'),
      value: t('purchase.summary.plan-value', {
        plan: found.product.planName,
        product: found.product.product,
      }),
    },
    {
      key: 'period',
      label: t('purchase.summary.period'),
      value: periodWord(period),
    },
    {
      key: 'price',
      label: t('purchase.payment.preview.ordinary-price'),
      value: pricePer(found.option.price, period),
    },
  ];
  return <Facts facts={facts} />;
}

/** The payment step: how it is paid, and the login it needs (returning to this link). */
function LoginToPay() {
  const { t } = useTranslation('purchase');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const methods = PAYMENT_PROVIDERS.map((p) =>
    t(`purchase.payment.preview.methods.${providerSlug(p)}`),
  );
  return (
    <section aria-labelledby="payment-preview-pay-heading">
      <h2 id="payment-preview-pay-heading" className="ds-heading" data-size="sm">
        {t('purchase.payment.preview.pay-heading')}
      </h2>
      <p className="ds-paragraph">
        {t('purchase.payment.preview.pay-intro', {
          methods: methods.join(t('purchase.payment.preview.or')),
        })}
      </p>
      <p className="ds-paragraph">
        <button
          type="button"
          className="ds-button"
          onClick={() =>
            dispatch(
              loginRequested({ returnUrl: location.pathname + location.search + location.hash }),
            )
          }
        >
          {t('purchase.payment.preview.login')}
        </button>
      </p>
    </section>
  );
}

export function PaymentPreview({ type }: { readonly type: PaymentType }) {
  const { t } = useTranslation('purchase');
  const [query] = useSearchParams();
  const title = useAppSelector(selectTitle);
  const titleCode = title?.titleCode ?? '';
  const catalogue = useGetCatalogueQuery({ titleCode }, { skip: !titleCode });
  const plan = query.get('plan');
  const period = query.get('periode');

  if (type === 'upgrade' && (!plan || !isPeriod(period)))
    return (
      <Notice color="warning">
        <p>{t('purchase.payment.incomplete-link')}</p>
        <p>
          <Link className="ds-link" to="/endre-abonnement">
            {t('purchase.payment.to-change')}
          </Link>
        </p>
      </Notice>
    );

  const prices = catalogue.data ? (
    type === 'upgrade' ? (
      <UpgradeTarget catalogue={catalogue.data} ariaPlanID={plan!} period={period as Period} />
    ) : (
      <ReactivationPrices catalogue={catalogue.data} />
    )
  ) : catalogue.isError ? (
    <p className="ds-paragraph">{t('purchase.payment.preview.prices-unavailable')}</p>
  ) : titleCode ? (
    <Progress>{t('purchase.summary.loading')}</Progress>
  ) : null;

  return (
    <>
      {type === 'reactivation' ? (
        <>
          <p className="ds-paragraph">
            {title
              ? t('purchase.payment.preview.reactivation', { name: title.name })
              : t('purchase.payment.preview.reactivation-without-title')}
          </p>
          <p className="ds-paragraph">
            {t('purchase.payment.preview.reactivation-offer', {
              offer: reactivationOfferText(t),
            })}
          </p>
        </>
      ) : (
        <>
          <p className="ds-paragraph">
            {title
              ? t('purchase.payment.preview.upgrade', { name: title.name })
              : t('purchase.payment.preview.upgrade-without-title')}
          </p>
          <p className="ds-paragraph">{t('purchase.payment.intro.upgrade')}</p>
        </>
      )}
      <div aria-live="polite">{prices}</div>
      <p className="ds-paragraph">
        {t(
          type === 'reactivation'
            ? 'purchase.payment.preview.amount-after-login-reactivation'
            : 'purchase.payment.preview.amount-after-login-upgrade',
        )}
      </p>
      <LoginToPay />
    </>
  );
}
