// /winback (no guard): the offer page readers reach from campaigns. What it offers depends on
// who comes: a reader whose subscription has ended gets the reactivation offer (3 months for the
// price of 1, ordered and paid on /betaling?type=reaktivering); a subscriber who has cancelled is
// offered to undo it; an active subscriber the cheaper way to keep the subscription from the
// catalogue (as before confirming a cancellation); an anonymous visitor is asked to log in first.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { SubscriptionStatus } from '../../../shared/subscription/status';
import { winbackOffer, type WinbackOffer } from '../../../shared/subscription/winback';
import { osloDateOf } from '../../../shared/time/oslo';
import { useGetCatalogueQuery } from '../../api/order';
import { callFailure, failureKind } from '../../api/problem';
import { useSchedulePlanChangeMutation, type Subscription } from '../../api/subscription';
import {
  reactivatesWithoutPayment,
  REACTIVATION_ORDER_PATH,
  useFreeReactivation,
} from '../../hooks/freeReactivation';
import { useReactivationPrice } from '../../hooks/reactivationQuote';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { reactivationOfferText } from '../../lib/format/offer';
import { traitsOf } from '../../lib/format/subscription';
import { loginRequested } from '../../session/sessionActions';
import { selectSession } from '../../session/sessionSlice';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectUser } from '../../session/userSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { OfferCard } from '../../ui/OfferCard';
import { Progress } from '../../ui/Progress';
import { RetentionOffer } from '../../ui/RetentionOffer';
import { Screen } from '../../ui/Screen';
import { usePeriodWords } from '../../ui/usePeriodWords';

function Anonymous() {
  const { t } = useTranslation('winback');
  const dispatch = useAppDispatch();
  const location = useLocation();
  return (
    <>
      <p className="ds-paragraph">
        {t('winback.anonymous.intro', { offer: reactivationOfferText(t) })}
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
          {t('winback.anonymous.login')}
        </button>
      </p>
    </>
  );
}

function Ended({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('winback');
  const longDate = useLongDate();
  const { start, busy, failure } = useFreeReactivation();
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  const price = useReactivationPrice(subscription);
  const { pricePer } = usePeriodWords();
  const perPeriod = pricePer(subscription.price, subscription.period);
  const free = reactivatesWithoutPayment(subscription);
  const offer = price.kind === 'offer' && !free ? price : null;
  const used = price.kind === 'ordinary' ? price.unavailable : null;
  return (
    <>
      {subscription.expiryDate ? (
        <p className="ds-paragraph">
          {t('winback.ended.since', {
            plan: subscription.planName,
            date: longDate(subscription.expiryDate),
          })}
        </p>
      ) : null}
      <OfferCard
        heading={
          offer
            ? t('winback.ended.offer-heading', { offer: reactivationOfferText(t) })
            : t('winback.ended.heading')
        }
      >
        {price.kind === 'loading' ? (
          <Progress>{t('winback.ended.pricing')}</Progress>
        ) : (
          <p className="ds-paragraph">
            {free
              ? t('winback.ended.free', { plan: subscription.planName })
              : offer
                ? t('winback.ended.offer', {
                    plan: subscription.planName,
                    amount: formatKroner(offer.amountOre),
                    ordinary: formatKroner(offer.ordinaryAmountOre),
                    price: perPeriod,
                  })
                : t('winback.ended.ordinary', { plan: subscription.planName, price: perPeriod })}
          </p>
        )}
        {used?.availableFrom ? (
          <p className="ds-paragraph">
            {t('winback.ended.offer-used', {
              date: longDate(used.availableFrom),
              offer: reactivationOfferText(t),
            })}
          </p>
        ) : null}
      </OfferCard>
      {failure ? (
        <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
          {t(`winback.errors.${failureKind(failure)}`)}
        </Notice>
      ) : null}
      <p className="ds-paragraph">
        {free ? (
          <button
            type="button"
            className="ds-button"
            disabled={busy}
            onClick={() => void start(subscription)}
          >
            {t('winback.ended.start')}
          </button>
        ) : (
          <Link className="ds-button" to={REACTIVATION_ORDER_PATH}>
            {t('winback.ended.start')}
          </Link>
        )}
      </p>
      <p role="status" className="ds-paragraph">
        {busy ? t('winback.ended.starting') : null}
      </p>
    </>
  );
}

function Active({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('winback');
  const navigate = useNavigate();
  const reload = useReloadSubscription();
  const user = useAppSelector(selectUser);
  const catalogue = useGetCatalogueQuery({ titleCode: subscription.titleCode });
  const [schedulePlanChange] = useSchedulePlanChangeMutation();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  if (catalogue.isLoading)
    return (
      <p role="status" className="ds-paragraph">
        {t('winback.active.loading')}
      </p>
    );

  const offer: WinbackOffer | null = catalogue.data
    ? winbackOffer(
        {
          ...traitsOf(subscription),
          period: subscription.period,
          price: subscription.price,
          renewalDate: subscription.renewalDate,
          pendingChange: subscription.pendingChange,
        },
        catalogue.data,
        { birthDate: user.birthDate, today: osloDateOf(new Date()) },
      )
    : null;

  if (!offer)
    return (
      <>
        <p className="ds-paragraph">
          {catalogue.isError ? t('winback.active.unavailable') : t('winback.active.none')}
        </p>
        <p className="ds-paragraph">
          <HomeLink />
        </p>
      </>
    );

  async function accept(chosen: WinbackOffer) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await schedulePlanChange({
        planChangeRequest: {
          subscriptionNo: subscription.subscriptionNo,
          ariaPlanID: chosen.ariaPlanID,
          period: chosen.period,
        },
      }).unwrap();
      await reload();
      void navigate('/receipt2');
    } catch (error) {
      const problem = callFailure(error);
      const kind = failureKind(problem);
      setFailure(`winback.errors.${kind}`);
      if (kind === 'conflict') void reload();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <RetentionOffer offer={offer} heading={t('winback.active.heading')} />
      {failure ? (
        <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
          {t(failure)}
        </Notice>
      ) : null}
      <p className="ds-paragraph">
        <button
          type="button"
          className="ds-button"
          disabled={busy}
          onClick={() => void accept(offer)}
        >
          {t('winback.active.accept')}
        </button>
      </p>
      <p role="status" className="ds-paragraph">
        {busy ? t('winback.active.accepting') : null}
      </p>
    </>
  );
}

function Offer() {
  const { t } = useTranslation('winback');
  const longDate = useLongDate();
  const { status } = useAppSelector(selectSession);
  const { loggedIn } = useAppSelector(selectUser);
  const { subscription } = useAppSelector(selectSubscription);

  if (status === 'loading')
    return (
      <p role="status" className="ds-paragraph">
        {t('winback.loading')}
      </p>
    );
  if (!loggedIn) return <Anonymous />;
  if (!subscription)
    return (
      <>
        <p className="ds-paragraph">{t('winback.none')}</p>
        <p className="ds-paragraph">
          <Link className="ds-button" to="/bestill-abonnement">
            {t('winback.order')}
          </Link>
        </p>
      </>
    );
  switch (subscription.instStatusCode) {
    case SubscriptionStatus.CANCELLED:
    case SubscriptionStatus.TERMINATED:
      return <Ended subscription={subscription} />;
    case SubscriptionStatus.PENDING_CANCELLATION:
      return (
        <>
          <p className="ds-paragraph">
            {t('winback.pending.intro', {
              date: subscription.expiryDate ? longDate(subscription.expiryDate) : '',
            })}
          </p>
          <p className="ds-paragraph">
            <Link className="ds-button" to="/angre-oppsigelse">
              {t('winback.pending.undo')}
            </Link>
          </p>
        </>
      );
    case SubscriptionStatus.ACTIVE:
      return <Active subscription={subscription} />;
    default:
      return (
        <>
          <p className="ds-paragraph">{t('winback.other')}</p>
          <p className="ds-paragraph">
            <HomeLink />
          </p>
        </>
      );
  }
}

export default function WinbackScreen() {
  const { t } = useTranslation('winback');
  return (
    <Screen headingId="winback-heading" heading={t('winback.heading')}>
      <Offer />
    </Screen>
  );
}
