// /schibstedDeleteGateway (a subscriber): ask for everything Min Side holds about the reader to
// be deleted. The warning first (what goes, what is kept and why, what happens to the
// subscription, that it takes 30 days and can be called off until then), a copy offered, and a
// clear confirmation. Asking signs the reader out everywhere, so the answer is shown here without
// asking the server anything more. A reader who has asked sees the day and can call it off.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { osloDateOf } from '../../../shared/time/oslo';
import {
  type DeletionRequest,
  useCancelDeletionMutation,
  useGetDeletionRequestQuery,
  useRequestDeletionMutation,
} from '../../api/privacy';
import { callFailure, failureKind } from '../../api/problem';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { loggedOut } from '../../session/sessionActions';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle, titleLoaded } from '../../session/titleSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';

import { PortalHandover, privacyPortal } from './PortalHandover';

import './privacy.css';
import '../../ui/designsystemet-forms.css';

const dayOf = (instant: string) => osloDateOf(new Date(instant));

/** The identity provider's portal in production, else Min Side's own screen. */
export default function DeletionGateway() {
  const portal = privacyPortal();
  return portal ? <PortalHandover deletion url={portal} /> : <DeletionScreen />;
}

function DeletionScreen() {
  const { t } = useTranslation('privacy');
  const { data, isError, refetch } = useGetDeletionRequestQuery();
  const [requested, setRequested] = useState<DeletionRequest | null>(null);
  const [calledOff, setCalledOff] = useState<CalledOff | null>(null);
  return (
    <section aria-labelledby="deletion-heading" className="screen privacy deletion">
      {requested ? (
        <Requested request={requested} />
      ) : calledOff ? (
        <Cancelled outcome={calledOff} />
      ) : data ? (
        data.waiting ? (
          <Waiting request={data.waiting} onCalledOff={setCalledOff} />
        ) : (
          <Warning onRequested={setRequested} onAlready={() => void refetch()} />
        )
      ) : (
        <>
          <h1 id="deletion-heading" className="ds-heading" data-size="lg">
            {t('privacy.deletion.heading')}
          </h1>
          {isError ? (
            <Notice color="danger" role="alert">
              <p>{t('privacy.deletion.load-failed')}</p>
              <button type="button" className="ds-button" onClick={() => void refetch()}>
                {t('privacy.retry')}
              </button>
            </Notice>
          ) : (
            <Progress reserve>{t('privacy.deletion.loading')}</Progress>
          )}
        </>
      )}
    </section>
  );
}

/** What happens, the subscription's fate, a copy first, and the confirmation. */
function Warning({
  onRequested,
  onAlready,
}: {
  readonly onRequested: (r: DeletionRequest) => void;
  /** Asked already (another tab or device): the screen shows that request. */
  readonly onAlready: () => void;
}) {
  const { t } = useTranslation('privacy');
  const longDate = useLongDate();
  const dispatch = useAppDispatch();
  const title = useAppSelector(selectTitle);
  const { subscription } = useAppSelector(selectSubscription);
  const [request, { isLoading }] = useRequestDeletionMutation();
  const [understood, setUnderstood] = useState(false);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<'limit' | 'error' | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!understood) {
      setMissing(true);
      checkboxRef.current?.focus();
      return;
    }
    try {
      const answer = await request({ body: { titleCode: title?.titleCode ?? '' } }).unwrap();
      // Every session has ended: the page is signed out (the title stays, for its header).
      dispatch(loggedOut());
      if (title) dispatch(titleLoaded(title));
      onRequested(answer);
    } catch (error) {
      const problem = callFailure(error);
      if (failureKind(problem) === 'conflict' && problem.code === 'DELETION_ALREADY_REQUESTED')
        onAlready();
      else setFailure(problem.status === 429 ? 'limit' : 'error');
    }
  }

  const ends = subscription?.expiryDate ?? null;
  const renews = subscription?.renewalDate ?? null;
  return (
    <>
      <h1 id="deletion-heading" className="ds-heading" data-size="lg">
        {t('privacy.deletion.heading')}
      </h1>
      <p className="ds-paragraph">{t('privacy.deletion.intro', { title: title?.name ?? '' })}</p>
      <div className="privacy-section">
        <h2 className="ds-heading" data-size="sm">
          {t('privacy.deletion.what-heading')}
        </h2>
        <ul className="privacy-means">
          {(t('privacy.deletion.what', { returnObjects: true }) as string[]).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="ds-paragraph">{t('privacy.deletion.regret')}</p>
      </div>
      {subscription ? (
        <Notice color="info">
          <p>
            <strong>{t('privacy.deletion.subscription', { plan: subscription.planName })}</strong>
          </p>
          <p>
            {ends
              ? t('privacy.deletion.subscription-ends', { date: longDate(ends) })
              : renews
                ? t('privacy.deletion.subscription-renews', { date: longDate(renews) })
                : null}
          </p>
        </Notice>
      ) : null}
      <p className="ds-paragraph">
        {t('privacy.deletion.copy-first')}{' '}
        <Link className="ds-link" to="/schibstedTakeoutGateway">
          {t('privacy.deletion.copy-link')}
        </Link>
      </p>
      <form className="privacy-section" noValidate onSubmit={(event) => void submit(event)}>
        {failure ? (
          <Notice
            color={failure === 'limit' ? 'warning' : 'danger'}
            role="alert"
            tabIndex={-1}
            ref={failureRef}
          >
            {t(failure === 'limit' ? 'privacy.deletion.limit' : 'privacy.deletion.failed')}
          </Notice>
        ) : null}
        <div className="ds-field deletion-confirm">
          <input
            ref={checkboxRef}
            className="ds-input"
            type="checkbox"
            id="deletion-understood"
            checked={understood}
            aria-invalid={missing && !understood ? true : undefined}
            aria-describedby={missing && !understood ? errorId : undefined}
            onChange={(event) => {
              setUnderstood(event.target.checked);
              if (event.target.checked) setMissing(false);
            }}
          />
          <label className="ds-label" htmlFor="deletion-understood">
            {t('privacy.deletion.confirm')}
          </label>
          {missing && !understood ? (
            <p id={errorId} className="ds-validation-message">
              {t('privacy.deletion.confirm-required')}
            </p>
          ) : null}
        </div>
        <p>
          <button type="submit" className="ds-button" data-color="danger" disabled={isLoading}>
            {isLoading ? t('privacy.deletion.sending') : t('privacy.deletion.submit')}
          </button>
        </p>
      </form>
    </>
  );
}

/** Asked: the day, that the reader is signed out, and how to change one's mind. */
function Requested({ request }: { readonly request: DeletionRequest }) {
  const { t } = useTranslation('privacy');
  const longDate = useLongDate();
  const title = useAppSelector(selectTitle);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const date = longDate(dayOf(request.eraseAt));
  const stopped = request.stoppedSubscriptions.length;
  return (
    <>
      <h1
        id="deletion-heading"
        className="ds-heading"
        data-size="lg"
        tabIndex={-1}
        ref={headingRef}
      >
        {t('privacy.deletion.requested-heading')}
      </h1>
      <Notice color="success" role="status">
        <p>{t('privacy.deletion.requested', { date })}</p>
        {stopped > 0 ? (
          <p>
            {t(
              stopped === 1
                ? 'privacy.deletion.requested-stopped-one'
                : 'privacy.deletion.requested-stopped-many',
              { count: stopped },
            )}
          </p>
        ) : null}
        <p>{t('privacy.deletion.requested-regret', { date })}</p>
      </Notice>
      {title?.pageUrl ? (
        <p className="ds-paragraph">
          <a className="ds-link" href={title.pageUrl}>
            {t('privacy.deletion.front-page', { title: title.name })}
          </a>
        </p>
      ) : null}
    </>
  );
}

interface CalledOff {
  /** How many stopped subscriptions renew again, and how many the request had stopped. */
  readonly renewed: number;
  readonly stopped: number;
}

/** Called off: nothing is deleted, and what renews again. */
function Cancelled({ outcome }: { readonly outcome: CalledOff }) {
  const { t } = useTranslation('privacy');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <>
      <h1 id="deletion-heading" className="ds-heading" data-size="lg">
        {t('privacy.deletion.heading')}
      </h1>
      <Notice color="success" role="status" tabIndex={-1} ref={ref}>
        <p>{t('privacy.deletion.cancelled')}</p>
        {outcome.renewed > 0 ? (
          <p>
            {t(
              outcome.renewed === 1
                ? 'privacy.deletion.cancelled-renewed-one'
                : 'privacy.deletion.cancelled-renewed-many',
              { count: outcome.renewed },
            )}
          </p>
        ) : outcome.stopped > 0 ? (
          <p>{t('privacy.deletion.cancelled-none-renewed')}</p>
        ) : null}
      </Notice>
    </>
  );
}

/** Asked before: the day, and the way to call it off. */
function Waiting({
  request,
  onCalledOff,
}: {
  readonly request: DeletionRequest;
  readonly onCalledOff: (outcome: CalledOff) => void;
}) {
  const { t } = useTranslation('privacy');
  const longDate = useLongDate();
  const reload = useReloadSubscription();
  const [cancel, { isLoading }] = useCancelDeletionMutation();
  const [failed, setFailed] = useState(false);
  const failedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed) failedRef.current?.focus();
  }, [failed]);

  async function callOff() {
    setFailed(false);
    try {
      const { renewedAgain } = await cancel().unwrap();
      await reload();
      onCalledOff({ renewed: renewedAgain.length, stopped: request.stoppedSubscriptions.length });
    } catch {
      setFailed(true);
    }
  }

  return (
    <>
      <h1 id="deletion-heading" className="ds-heading" data-size="lg">
        {t('privacy.deletion.waiting-heading')}
      </h1>
      <Notice color="warning">
        <p>
          {t('privacy.deletion.waiting', {
            requested: longDate(dayOf(request.requestedAt)),
            date: longDate(dayOf(request.eraseAt)),
          })}
        </p>
        {request.stoppedSubscriptions.length > 0 ? (
          <p>{t('privacy.deletion.waiting-renewal')}</p>
        ) : null}
      </Notice>
      {failed ? (
        <Notice color="danger" role="alert" tabIndex={-1} ref={failedRef}>
          {t('privacy.deletion.cancel-failed')}
        </Notice>
      ) : null}
      <p>
        <button
          type="button"
          className="ds-button"
          disabled={isLoading}
          onClick={() => void callOff()}
        >
          {isLoading ? t('privacy.deletion.cancelling') : t('privacy.deletion.cancel')}
        </button>
      </p>
    </>
  );
}
