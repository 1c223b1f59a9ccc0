// /avslutt-abonnement (login and subscription): leaving takes no more clicks than joining (the
// Norwegian consumer authority's guidance; a TestCafe journey counts both). One page: the last day
// of access up front, the winback offer from the catalogue with its own button (taking it
// schedules the plan change instead), the reason (required, requirements §5) with an optional
// comment, and one button that cancels. A failed call keeps every choice and says what happened.
import { useFormik } from 'formik';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { object, string } from 'yup';

import {
  CANCELLATION_COMMENT_MAX,
  cancellationReasons,
  lastDayIfCancelled,
  type CancellationReason,
} from '../../../shared/subscription/cancellation';
import { SubscriptionStatus } from '../../../shared/subscription/status';
import { winbackOffer, type WinbackOffer } from '../../../shared/subscription/winback';
import { addDays, osloDateOf } from '../../../shared/time/oslo';
import { useGetCatalogueQuery } from '../../api/order';
import { callFailure, failureKind } from '../../api/problem';
import {
  type PauseReceipt,
  useDeleteSubscriptionMutation,
  usePauseSubscriptionMutation,
  useSchedulePlanChangeMutation,
  type Subscription,
} from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { cancelBlock, traitsOf } from '../../lib/format/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { RetentionOffer } from '../../ui/RetentionOffer';
import { Screen } from '../../ui/Screen';

import './cancellation.css';
import '../../ui/designsystemet-forms.css';

interface Values {
  readonly reason: CancellationReason | '';
  readonly comment: string;
}

/** Validation messages are catalogue keys, worded with the field's label as {{info}}. */
const schema = object({
  reason: string().required('cancellation.validation.required'),
  comment: string().max(CANCELLATION_COMMENT_MAX, 'cancellation.validation.too-long'),
});

const REASON_ERROR_ID = 'cancel-reason-error';
const COMMENT_ERROR_ID = 'cancel-comment-error';
const COMMENT_HINT_ID = 'cancel-comment-hint';
const reasonInputId = (reason: CancellationReason) => `cancel-reason-${reason}`;

type Busy = 'cancel' | 'offer' | 'pause' | null;

/**
 * Pause instead of leaving (before the reason): 1, 2 or 3 months from today, one button. Only
 * when the server says the subscription may be paused now (`pauseOffer`).
 */
function PauseSection({
  subscription,
  busy,
  onPause,
}: {
  readonly subscription: Subscription;
  readonly busy: Busy;
  readonly onPause: (months: number) => void;
}) {
  const { t } = useTranslation('cancellation');
  const months = subscription.pauseOffer?.months ?? [];
  const [chosen, setChosen] = useState(months[0] ?? 1);
  return (
    <section aria-labelledby="cancel-pause-heading" className="cancel-pause" id="cancel-pause">
      <h2 id="cancel-pause-heading" className="ds-heading" data-size="md">
        {t('cancellation.pause.heading')}
      </h2>
      <p className="ds-paragraph">{t('cancellation.pause.intro')}</p>
      {subscription.planProductType === 'COMBO' ? (
        <p className="ds-paragraph">{t('cancellation.pause.paper')}</p>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onPause(chosen);
        }}
      >
        <fieldset className="ds-fieldset">
          <legend className="ds-label">{t('cancellation.pause.legend')}</legend>
          {months.map((m) => (
            <div className="ds-field" key={m}>
              <input
                className="ds-input"
                type="radio"
                id={`cancel-pause-${m}`}
                name="pause-months"
                value={m}
                checked={chosen === m}
                onChange={() => setChosen(m)}
              />
              <label className="ds-label" htmlFor={`cancel-pause-${m}`}>
                {t(`cancellation.pause.months-${m}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <p className="ds-paragraph">
          <button
            type="submit"
            className="ds-button"
            data-variant="secondary"
            disabled={busy !== null}
          >
            {t('cancellation.pause.submit')}
          </button>
        </p>
        <p role="status" className="ds-paragraph">
          {busy === 'pause' ? t('cancellation.pause.pausing') : null}
        </p>
      </form>
    </section>
  );
}

/** What the reader sees after pausing: the pause's days, the next payment, the paper's stop. */
function PausedReceipt({ receipt }: { readonly receipt: PauseReceipt }) {
  const { t } = useTranslation('cancellation');
  const longDate = useLongDate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      className="cancel-pause-receipt"
      ref={ref}
      tabIndex={-1}
      aria-labelledby="pause-receipt-heading"
    >
      <h2 id="pause-receipt-heading" className="ds-heading" data-size="md">
        {t('cancellation.pause.receipt-heading')}
      </h2>
      <p className="ds-paragraph">
        {t('cancellation.pause.receipt', {
          from: longDate(receipt.from),
          until: longDate(receipt.until),
          back: longDate(addDays(receipt.until, 1)),
        })}
      </p>
      {receipt.renewalDate ? (
        <p className="ds-paragraph">
          {t('cancellation.pause.receipt-renewal', { date: longDate(receipt.renewalDate) })}
        </p>
      ) : null}
      {receipt.paperStop ? (
        <p className="ds-paragraph">
          {t('cancellation.pause.receipt-paper', {
            from: longDate(receipt.paperStop.from),
            to: longDate(receipt.paperStop.to),
          })}
        </p>
      ) : null}
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </div>
  );
}

function CancelFlow({
  subscription,
  onPaused,
}: {
  readonly subscription: Subscription;
  readonly onPaused: (receipt: PauseReceipt) => void;
}) {
  const { t } = useTranslation('cancellation');
  const longDate = useLongDate();
  const navigate = useNavigate();
  const reload = useReloadSubscription();
  const user = useAppSelector(selectUser);
  const today = osloDateOf(new Date());
  const endDate = lastDayIfCancelled(subscription.renewalDate, today);
  const trial = subscription.instStatusCode === SubscriptionStatus.TRIAL;
  // Suspended for an unpaid amount: it can end, but no cheaper plan is offered for a
  // subscription that is not paid for now (the server refuses to change it while suspended).
  const suspended = subscription.instStatusCode === SubscriptionStatus.SUSPENDED;

  // Asked for at once, so the offer is ready when the reader reaches step 2. Without a
  // catalogue there is no offer, and the cancellation goes on without it.
  const catalogue = useGetCatalogueQuery({ titleCode: subscription.titleCode });
  const offer: WinbackOffer | null =
    catalogue.data && !suspended
      ? winbackOffer(
          {
            ...traitsOf(subscription),
            period: subscription.period,
            price: subscription.price,
            renewalDate: subscription.renewalDate,
            pendingChange: subscription.pendingChange,
          },
          catalogue.data,
          { birthDate: user.birthDate, today },
        )
      : null;

  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [deleteSubscription] = useDeleteSubscriptionMutation();
  const [schedulePlanChange] = useSchedulePlanChangeMutation();
  const [pauseSubscription] = usePauseSubscriptionMutation();

  const form = useFormik<Values>({
    initialValues: { reason: '', comment: '' },
    validationSchema: schema,
    validateOnBlur: false,
    onSubmit: () => confirmCancellation(),
  });

  // A submit without a reason moves the focus to the error summary; a failed call to its notice.
  const [summaryFocusFor, setSummaryFocusFor] = useState(0);
  useEffect(() => {
    if (summaryFocusFor > 0) summaryRef.current?.focus();
  }, [summaryFocusFor]);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const reasonLabel = t('cancellation.cancel.reason-info');
  const commentLabel = t('cancellation.cancel.comment-label');
  const errorText = (key: string | undefined, info: string) =>
    key ? t(key, { info, max: CANCELLATION_COMMENT_MAX }) : null;
  const showErrors = form.submitCount > 0;
  const reasonError = showErrors ? errorText(form.errors.reason, reasonLabel) : null;
  const commentError = showErrors ? errorText(form.errors.comment, commentLabel) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = await form.validateForm();
    await form.submitForm();
    if (Object.keys(errors).length > 0) setSummaryFocusFor((n) => n + 1);
  }

  function failed(error: unknown) {
    const problem = callFailure(error);
    const kind = failureKind(problem);
    setFailure(`cancellation.errors.${kind}`);
    // Someone (another tab, customer service) changed the subscription: show what it is now.
    if (kind === 'conflict' || kind === 'not-found') void reload();
  }

  async function run(kind: Exclude<Busy, null>, work: () => Promise<void>) {
    if (busyRef.current) return;
    busyRef.current = kind;
    setBusy(kind);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      busyRef.current = null;
      setBusy(null);
    }
  }

  const confirmCancellation = () =>
    run('cancel', async () => {
      const receipt = await deleteSubscription({
        deleteSubscriptionRequest: {
          subscriptionNo: subscription.subscriptionNo,
          reason: form.values.reason as CancellationReason,
          ...(form.values.comment.trim() ? { comment: form.values.comment.trim() } : {}),
          acceptedWinback: false,
        },
      }).unwrap();
      await reload();
      void navigate('/abonnement-avsluttet', { state: { expiryDate: receipt.expiryDate } });
    });

  const acceptOffer = (chosen: WinbackOffer) =>
    run('offer', async () => {
      await schedulePlanChange({
        planChangeRequest: {
          subscriptionNo: subscription.subscriptionNo,
          ariaPlanID: chosen.ariaPlanID,
          period: chosen.period,
        },
      }).unwrap();
      await reload();
      void navigate('/receipt2');
    });

  const pause = (months: number) =>
    run('pause', async () => {
      const receipt = await pauseSubscription({
        subscriptionNo: subscription.subscriptionNo,
        pauseRequest: { months },
      }).unwrap();
      onPaused(receipt);
      await reload();
    });

  const summaryErrors = [
    reasonError ? { href: `#${reasonInputId(cancellationReasons[0])}`, text: reasonError } : null,
    commentError ? { href: '#cancel-comment', text: commentError } : null,
  ].filter((e): e is { href: string; text: string } => e !== null);

  const confirmFacts: Fact[] = [
    {
      key: 'until',
      label: t(suspended ? 'cancellation.confirm.ends' : 'cancellation.confirm.access-until'),
      value: longDate(endDate),
    },
  ];

  return (
    <>
      <p className="ds-paragraph">
        {t(
          suspended
            ? 'cancellation.cancel.intro-suspended'
            : trial
              ? 'cancellation.cancel.intro-trial'
              : 'cancellation.cancel.intro',
          {
            plan: subscription.planName,
            date: longDate(endDate),
          },
        )}
      </p>

      {offer ? (
        <section aria-labelledby="cancel-offer-heading" className="cancel-offer">
          <h2 id="cancel-offer-heading" className="ds-heading" data-size="md">
            {t('cancellation.offer.heading')}
          </h2>
          <RetentionOffer offer={offer} />
          <p className="ds-paragraph">
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              disabled={busy !== null}
              onClick={() => void acceptOffer(offer)}
            >
              {t('cancellation.offer.accept')}
            </button>
          </p>
        </section>
      ) : null}

      {subscription.pauseOffer?.available ? (
        <PauseSection subscription={subscription} busy={busy} onPause={pause} />
      ) : null}

      <section aria-labelledby="cancel-reason-heading" className="screen">
        <h2 id="cancel-reason-heading" className="ds-heading" data-size="md">
          {t('cancellation.cancel.step1-heading')}
        </h2>
        {showErrors && summaryErrors.length > 0 ? (
          <div
            className="ds-error-summary"
            ref={summaryRef}
            tabIndex={-1}
            aria-labelledby="cancel-error-summary-heading"
          >
            <h3 id="cancel-error-summary-heading" className="ds-heading" data-size="xs">
              {t('cancellation.cancel.error-summary')}
            </h3>
            <ul className="ds-list">
              {summaryErrors.map((e) => (
                <li key={e.href}>
                  <a className="ds-link" href={e.href}>
                    {e.text}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <form noValidate onSubmit={(event) => void submit(event)} className="cancel-form">
          <fieldset
            className="ds-fieldset"
            aria-describedby={reasonError ? REASON_ERROR_ID : undefined}
          >
            <legend className="ds-label">{t('cancellation.cancel.reason-legend')}</legend>
            {cancellationReasons.map((reason) => (
              <div className="ds-field" key={reason}>
                <input
                  className="ds-input"
                  type="radio"
                  id={reasonInputId(reason)}
                  name="reason"
                  value={reason}
                  checked={form.values.reason === reason}
                  onChange={() => void form.setFieldValue('reason', reason)}
                />
                <label className="ds-label" htmlFor={reasonInputId(reason)}>
                  {t(`cancellation.cancel.reasons.${reason}`)}
                </label>
              </div>
            ))}
            <div id={REASON_ERROR_ID} aria-live="polite">
              {reasonError ? <p className="ds-validation-message">{reasonError}</p> : null}
            </div>
          </fieldset>
          <div className="ds-field">
            <label className="ds-label" htmlFor="cancel-comment">
              {commentLabel}{' '}
              <span className="cancel-optional">{t('cancellation.cancel.optional')}</span>
            </label>
            <p className="ds-paragraph" data-field="description" id={COMMENT_HINT_ID}>
              {t('cancellation.cancel.comment-hint', {
                max: CANCELLATION_COMMENT_MAX,
                left: CANCELLATION_COMMENT_MAX - form.values.comment.length,
              })}
            </p>
            <textarea
              className="ds-input"
              id="cancel-comment"
              name="comment"
              rows={4}
              maxLength={CANCELLATION_COMMENT_MAX}
              value={form.values.comment}
              onChange={form.handleChange}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={`${COMMENT_HINT_ID} ${COMMENT_ERROR_ID}`}
            />
            <div id={COMMENT_ERROR_ID} aria-live="polite">
              {commentError ? <p className="ds-validation-message">{commentError}</p> : null}
            </div>
          </div>
          <Facts facts={confirmFacts} />
          {failure ? (
            <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
              {t(failure)}
            </Notice>
          ) : null}
          <div className="cancel-actions">
            <button type="submit" className="ds-button" disabled={busy !== null}>
              {t('cancellation.confirm.submit')}
            </button>
            <Link className="ds-link" to="/">
              {t('cancellation.cancel.keep')}
            </Link>
          </div>
          <p role="status" className="ds-paragraph">
            {busy === 'cancel' ? t('cancellation.confirm.cancelling') : null}
            {busy === 'offer' ? t('cancellation.offer.accepting') : null}
          </p>
        </form>
      </section>
    </>
  );
}

export default function CancelSubscriptionScreen() {
  const { t } = useTranslation('cancellation');
  const longDate = useLongDate();
  const { subscription } = useAppSelector(selectSubscription);
  const [paused, setPaused] = useState<PauseReceipt | null>(null);
  const block = subscription ? cancelBlock(subscription) : 'other';
  return (
    <Screen headingId="cancel-heading" heading={t('cancellation.cancel.heading')}>
      {paused ? (
        <PausedReceipt receipt={paused} />
      ) : subscription && !block ? (
        <CancelFlow subscription={subscription} onPaused={setPaused} />
      ) : (
        <>
          <Notice>
            {block === 'pending' || block === 'suspended-pending'
              ? t(`cancellation.cancel.blocked.${block}`, {
                  date: subscription?.expiryDate ? longDate(subscription.expiryDate) : '',
                })
              : block === 'paused'
                ? t('cancellation.cancel.blocked.paused', {
                    date: subscription?.pause ? longDate(subscription.pause.until) : '',
                  })
                : t(`cancellation.cancel.blocked.${block}`)}
          </Notice>
          <ul className="screen-links">
            {block === 'pending' ? (
              <li>
                <Link className="ds-button" to="/angre-oppsigelse">
                  {t('cancellation.cancel.undo-link')}
                </Link>
              </li>
            ) : block === 'suspended-pending' ? (
              <li>
                <Link className="ds-button" to="/fakturaoversikt">
                  {t('cancellation.cancel.pay-link')}
                </Link>
              </li>
            ) : (
              <li>
                <Link className="ds-link" to="/kundeservice">
                  {t('cancellation.cancel.customer-service-link')}
                </Link>
              </li>
            )}
            <li>
              <HomeLink />
            </li>
          </ul>
        </>
      )}
    </Screen>
  );
}
