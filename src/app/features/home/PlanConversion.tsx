// A plan conversion on the home page's "needs your attention" list: the reader stops qualifying
// for their plan (turns 34 on the youth plan; the student verification lapses), so from a
// renewal date the subscription becomes another plan. Says why, what it becomes from when and
// at what price; a student verifies again (keeps the student plan); the other plans are one tap
// each (the server keeps the date; the chosen one is marked and said); or end the subscription.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import type { Period } from '../../../shared/subscription/plans';
import { addDays } from '../../../shared/time/oslo';
import {
  type PlanConversion as Conversion,
  type Subscription,
  useChoosePlanConversionMutation,
  useGetPlanConversionQuery,
} from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { usePeriodWords } from '../../ui/usePeriodWords';

type Choice = Conversion['choices'][number];

const CHOICES_LABEL = 'plan-conversion-choices';

export function PlanConversion({
  subscription,
  change,
}: {
  readonly subscription: Subscription;
  readonly change: NonNullable<Subscription['pendingChange']>;
}) {
  const { t } = useTranslation('home');
  const longDate = useLongDate();
  const reload = useReloadSubscription();
  const { data: fetched } = useGetPlanConversionQuery({
    subscriptionNo: subscription.subscriptionNo,
  });
  const [choosePlan] = useChoosePlanConversionMutation();
  const [saved, setSaved] = useState<Conversion | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const running = useRef(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const conversion = saved ?? fetched ?? null;
  useEffect(() => {
    if (saved || failed) statusRef.current?.focus();
  }, [saved, failed]);

  const { period: periodWord } = usePeriodWords();
  const period = (p: Period | string) => periodWord(p as Period);
  const becomes = (plan: Pick<Choice, 'planName' | 'period' | 'price'>) => ({
    date: longDate(change.effectiveDate),
    plan: plan.planName,
    period: period(plan.period),
    price: formatKroner(plan.price),
  });

  async function choose(choice: Choice) {
    if (running.current || choice.chosen) return;
    running.current = true;
    setBusy(true);
    setFailed(false);
    try {
      const answer = await choosePlan({
        subscriptionNo: subscription.subscriptionNo,
        planConversionChoice: { ariaPlanID: choice.ariaPlanID, period: choice.period },
      }).unwrap();
      setSaved(answer);
      await reload();
    } catch {
      setFailed(true);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  const reason =
    change.reason === 'youth-age-limit'
      ? t('home.conversion.youth-reason', {
          date: conversion ? longDate(conversion.lapseDate) : '',
        })
      : t('home.conversion.student-reason', {
          date: conversion ? longDate(addDays(conversion.lapseDate, -1)) : '',
        });
  const chosen = conversion?.choices.find((c) => c.chosen);
  const others = conversion?.choices ?? [];
  const pupil = conversion?.verifyAgainPath === '/elev-verifisering';

  return (
    <>
      <p>{conversion ? <strong>{reason}</strong> : null}</p>
      <p>{t('home.conversion.becomes', becomes(chosen ?? change))}</p>
      {conversion?.verifyAgainPath ? (
        <p className="plan-conversion-verify">
          <Link className="ds-button" data-variant="primary" to={conversion.verifyAgainPath}>
            {t(pupil ? 'home.conversion.verify-again-pupil' : 'home.conversion.verify-again')}
          </Link>
          <span>{t('home.conversion.verify-again-note')}</span>
        </p>
      ) : null}
      {others.length > 1 ? (
        <div role="group" aria-labelledby={CHOICES_LABEL} className="plan-conversion">
          <p id={CHOICES_LABEL}>{t('home.conversion.choose')}</p>
          <ul className="plan-conversion-choices">
            {others.map((choice) => (
              <li key={`${choice.ariaPlanID}-${choice.period}`}>
                <button
                  type="button"
                  className="ds-button plan-conversion-choice"
                  data-variant={choice.chosen ? 'primary' : 'secondary'}
                  aria-pressed={choice.chosen}
                  disabled={busy}
                  onClick={() => void choose(choice)}
                >
                  <span>{choice.planName}</span>
                  <span>
                    {t('home.conversion.choice-price', {
                      period: period(choice.period),
                      price: formatKroner(choice.price),
                    })}
                  </span>
                  {choice.chosen ? (
                    <span className="plan-conversion-chosen">{t('home.conversion.chosen')}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p role="status" tabIndex={-1} ref={statusRef}>
        {busy
          ? t('home.conversion.saving')
          : failed
            ? t('home.conversion.failed')
            : saved && chosen
              ? t('home.conversion.saved', becomes(chosen))
              : null}
      </p>
      <p>
        {t('home.conversion.end')}{' '}
        <Link className="ds-link" to="/avslutt-abonnement">
          {t('home.conversion.end-link')}
        </Link>
      </p>
    </>
  );
}
