// A paused subscription on the home page: «Pauset til …» (nn «Pausa til …»), that nothing is paid
// meanwhile and when it starts again by itself, and «Avslutt pausen» to have the access back
// today (the server moves the next payment back by the days not used). The result takes the focus.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { addDays } from '../../../shared/time/oslo';
import { useEndSubscriptionPauseMutation, type Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { Notice } from '../../ui/Notice';

export function PauseStatus({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('home');
  const longDate = useLongDate();
  const reload = useReloadSubscription();
  const [endPause, { isLoading }] = useEndSubscriptionPauseMutation();
  const [result, setResult] = useState<{ ok: boolean; renewalDate: string | null } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const pause = subscription.pause;
  async function end() {
    try {
      const receipt = await endPause({ subscriptionNo: subscription.subscriptionNo }).unwrap();
      setResult({ ok: true, renewalDate: receipt.renewalDate });
      await reload();
    } catch {
      setResult({ ok: false, renewalDate: null });
    }
  }

  if (!pause && !result) return null;
  return (
    <div className="home-pause">
      {pause ? (
        <>
          <p className="ds-paragraph">
            <strong>{t('home.pause.until', { date: longDate(pause.until) })}</strong>
          </p>
          <p className="ds-paragraph">
            {t('home.pause.note', { date: longDate(addDays(pause.until, 1)) })}
          </p>
          <p className="ds-paragraph">
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              disabled={isLoading}
              onClick={() => void end()}
            >
              {t('home.pause.end')}
            </button>
          </p>
          <p role="status" className="ds-paragraph">
            {isLoading ? t('home.pause.ending') : null}
          </p>
        </>
      ) : null}
      {result ? (
        <Notice
          color={result.ok ? 'success' : 'danger'}
          role={result.ok ? 'status' : 'alert'}
          tabIndex={-1}
          ref={resultRef}
        >
          {result.ok
            ? t('home.pause.ended', {
                date: result.renewalDate ? longDate(result.renewalDate) : '',
              })
            : t('home.pause.failed')}
        </Notice>
      ) : null}
    </div>
  );
}
