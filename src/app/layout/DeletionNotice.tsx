// A signed-in reader who has asked for their data to be deleted sees it on every page, with the
// way to call it off right there (a reader whose subscriptions have run out cannot reach
// /schibstedDeleteGateway). Nothing is shown to others; the question is asked once per session.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { osloDateOf } from '../../shared/time/oslo';
import { useCancelDeletionMutation, useGetDeletionRequestQuery } from '../api/privacy';
import { useLongDate } from '../hooks/useLongDate';
import { useReloadSubscription } from '../hooks/useReloadSubscription';
import { selectLoggedIn } from '../session/userSlice';
import { useAppSelector } from '../store/hooks';
import { Notice } from '../ui/Notice';

/** The page that says the same itself. */
const DELETION_PATH = '/schibstedDeleteGateway';

export function DeletionNotice() {
  const loggedIn = useAppSelector(selectLoggedIn);
  const { pathname } = useLocation();
  const { data } = useGetDeletionRequestQuery(undefined, { skip: !loggedIn });
  const [cancelled, setCancelled] = useState(false);
  if (!loggedIn || pathname === DELETION_PATH) return null;
  if (cancelled) return <Cancelled />;
  const waiting = data?.waiting;
  return waiting ? (
    <Waiting eraseAt={waiting.eraseAt} onCancelled={() => setCancelled(true)} />
  ) : null;
}

function Waiting({
  eraseAt,
  onCancelled,
}: {
  readonly eraseAt: string;
  readonly onCancelled: () => void;
}) {
  const { t } = useTranslation();
  const longDate = useLongDate();
  const reload = useReloadSubscription();
  const [cancel, { isLoading, isError }] = useCancelDeletionMutation();
  async function callOff() {
    try {
      await cancel().unwrap();
      await reload();
      onCancelled();
    } catch {
      // Said below.
    }
  }
  return (
    <Notice region color="warning" className="site-alert" aria-label={t('deletion-notice.label')}>
      <p>{t('deletion-notice.waiting', { date: longDate(osloDateOf(new Date(eraseAt))) })}</p>
      <p>
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={isLoading}
          onClick={() => void callOff()}
        >
          {isLoading ? t('deletion-notice.cancelling') : t('deletion-notice.cancel')}
        </button>
      </p>
      {isError ? <p role="alert">{t('deletion-notice.failed')}</p> : null}
    </Notice>
  );
}

function Cancelled() {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Notice color="success" className="site-alert" role="status" tabIndex={-1} ref={ref}>
      {t('deletion-notice.cancelled')}
    </Notice>
  );
}
