// /angre-oppsigelse (login and subscription): undo a cancellation while the subscription still
// runs (PENDING_CANCELLATION). Explains what undoing means (it renews as before, no binding),
// confirms, undoes it (POST reactivateSubscription/ undo-cancellation), reloads the subscription
// and says when it renews. In any other state there is nothing to undo, and it says so.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { SubscriptionStatus } from '../../../shared/subscription/status';
import { addDays } from '../../../shared/time/oslo';
import { callFailure, failureKind } from '../../api/problem';
import { useReactivateSubscriptionMutation, type Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Screen } from '../../ui/Screen';
import { usePeriodWords } from '../../ui/usePeriodWords';

import './cancellation.css';

function Undone({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('cancellation');
  const longDate = useLongDate();
  const heading = useRef<HTMLHeadingElement>(null);
  // A block body: the effect must not return what focus() returns (TestCafe's proxy returns a
  // value there, which React would then call as the effect's cleanup).
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section aria-labelledby="undo-heading" className="screen">
      <h1 id="undo-heading" ref={heading} tabIndex={-1} className="ds-heading" data-size="lg">
        {t('cancellation.undo.done-heading')}
      </h1>
      <Notice color="success" role="status">
        {subscription.renewalDate
          ? t('cancellation.undo.done', { date: longDate(subscription.renewalDate) })
          : t('cancellation.undo.done-without-date')}
      </Notice>
      <p className="ds-paragraph">
        <HomeLink className="ds-button" />
      </p>
    </section>
  );
}

export default function UndoCancellationScreen() {
  const { t } = useTranslation('cancellation');
  const { pricePer } = usePeriodWords();
  const longDate = useLongDate();
  const reload = useReloadSubscription();
  const { subscription } = useAppSelector(selectSubscription);
  const [reactivate] = useReactivateSubscriptionMutation();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [undone, setUndone] = useState<Subscription | null>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  if (undone) return <Undone subscription={undone} />;

  const pending =
    subscription?.instStatusCode === SubscriptionStatus.PENDING_CANCELLATION &&
    subscription.expiryDate
      ? subscription
      : null;

  if (!pending) {
    return (
      <Screen headingId="undo-heading" heading={t('cancellation.undo.nothing-heading')}>
        <p className="ds-paragraph">{t('cancellation.undo.nothing')}</p>
        <p className="ds-paragraph">
          <HomeLink />
        </p>
      </Screen>
    );
  }

  const expiryDate = pending.expiryDate!;
  async function undo() {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const after = await reactivate({
        reactivateSubscriptionRequest: {
          subscriptionNo: pending!.subscriptionNo,
          action: 'undo-cancellation',
        },
      }).unwrap();
      const reloaded = await reload();
      setUndone(reloaded ?? after);
    } catch (error) {
      const problem = callFailure(error);
      const kind = failureKind(problem);
      setFailure(
        problem.code === 'PAYMENT_METHOD_REQUIRED'
          ? 'cancellation.errors.payment-method-required'
          : `cancellation.errors.${kind}`,
      );
      if (kind === 'conflict' || kind === 'not-found') void reload();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <Screen headingId="undo-heading" heading={t('cancellation.undo.heading')}>
      <p className="ds-paragraph">
        {t('cancellation.undo.intro', { plan: pending.planName, date: longDate(expiryDate) })}
      </p>
      <p className="ds-paragraph">
        {t('cancellation.undo.explain', {
          date: longDate(addDays(expiryDate, 1)),
          price: pricePer(pending.price, pending.period),
        })}
      </p>
      {failure ? (
        <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
          <p>{t(failure)}</p>
          {failure === 'cancellation.errors.payment-method-required' ? (
            <p>
              <Link className="ds-link" to="/endre-betalingsmetode">
                {t('cancellation.errors.payment-method-link')}
              </Link>
            </p>
          ) : null}
        </Notice>
      ) : null}
      <div className="cancel-actions">
        <button type="button" className="ds-button" disabled={busy} onClick={() => void undo()}>
          {t('cancellation.undo.submit')}
        </button>
        <Link className="ds-link" to="/">
          {t('cancellation.undo.keep-cancelled')}
        </Link>
      </div>
      <p role="status" className="ds-paragraph">
        {busy ? t('cancellation.undo.submitting') : null}
      </p>
    </Screen>
  );
}
