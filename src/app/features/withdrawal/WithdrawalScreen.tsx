// /angrerett (login only): the right of withdrawal (angrerett) for a subscription bought online in
// the last 14 days, and its receipt afterwards. The guard asks for a login, not an active
// subscription: after withdrawing the subscription has ended, and the session keeps the newest
// ended one, so the receipt can be opened again. Everything it says comes from the server (GET
// subscription/{no}/withdrawal): whether the right applies, the last day, what was paid, what
// comes back today (each payment since the purchase, pro rata) and where it goes. Step 1 says
// plainly what happens (the subscription ends today, today's refund — it gets smaller each day —,
// the last day) with «Bruk angreretten»; step 2 asks for confirmation («Ja, avslutt og
// refunder», or keep it) and sends the amount the reader saw: when a new day has begun meanwhile
// the server refuses (WITHDRAWAL_AMOUNT_CHANGED), the new amount is fetched and shown, and the
// reader confirms again. Then the receipt (what ended, the amounts, when the money comes or that
// the customer centre will be in touch, the e-mailed receipt) and the subscription is reloaded.
// Where the right does not apply (the period is over, not bought online, no subscription at
// all) it says so, with a link home. Each new step's heading takes the focus.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { SubscriptionStatus } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import { callFailure, type FailureKind, failureKind } from '../../api/problem';
import {
  type Subscription,
  useGetWithdrawalQuery,
  useWithdrawSubscriptionMutation,
  type WithdrawalReceipt as Receipt,
  type WithdrawalRight,
} from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';
import { StepHeading } from '../../ui/StepHeading';

import { destinationOf, destinationOfAll } from './refundWords';
import { WithdrawalReceipt } from './WithdrawalReceipt';

const NOT_AVAILABLE_HEADING_ID = 'withdrawal-not-available-heading';
type Refund = NonNullable<WithdrawalRight['refund']>;

/** Where today's refund goes: each payment's method, or the purchase's when nothing was paid. */
const destinationFor = (right: WithdrawalRight) =>
  right.refund && right.refund.parts.length > 0
    ? destinationOfAll(right.refund.parts)
    : destinationOf(right.refundTo ?? 'SWEDBANK-PPG');

/** The right does not apply: why, truthfully, and where to go instead. */
function NotAvailable({
  right,
  subscription,
}: {
  readonly right: WithdrawalRight;
  readonly subscription: Subscription;
}) {
  const { t } = useTranslation('withdrawal');
  const longDate = useLongDate();
  const periodOver = right.status === 'PERIOD_OVER' && right.lastDay;
  const canCancel =
    subscription.instStatusCode === SubscriptionStatus.ACTIVE ||
    subscription.instStatusCode === SubscriptionStatus.TRIAL;
  return (
    <Notice
      region
      aria-labelledby={NOT_AVAILABLE_HEADING_ID}
      heading={
        <span id={NOT_AVAILABLE_HEADING_ID}>
          {t(
            periodOver
              ? 'withdrawal.not-available.period-over-heading'
              : 'withdrawal.not-available.heading',
          )}
        </span>
      }
    >
      <p>
        {periodOver
          ? t('withdrawal.not-available.period-over', { date: longDate(right.lastDay!) })
          : right.status === 'NO_ONLINE_PURCHASE'
            ? t('withdrawal.not-available.no-online-purchase')
            : t('withdrawal.not-available.not-active')}
      </p>
      {canCancel && right.status !== 'NOT_ACTIVE' ? (
        <p>{t('withdrawal.not-available.cancel-instead')}</p>
      ) : null}
      <ul className="screen-links">
        {canCancel && right.status !== 'NOT_ACTIVE' ? (
          <li>
            <Link className="ds-link" to="/avslutt-abonnement">
              {t('withdrawal.cancel-link')}
            </Link>
          </li>
        ) : null}
        {right.status === 'NO_ONLINE_PURCHASE' ? (
          <li>
            <Link className="ds-link" to="/kundeservice">
              {t('withdrawal.customer-service-link')}
            </Link>
          </li>
        ) : null}
        <li>
          <HomeLink />
        </li>
      </ul>
    </Notice>
  );
}

/** The reader has no subscription to this title at all: nothing was bought here to withdraw. */
function NoSubscription() {
  const { t } = useTranslation('withdrawal');
  return (
    <Notice
      region
      aria-labelledby={NOT_AVAILABLE_HEADING_ID}
      heading={<span id={NOT_AVAILABLE_HEADING_ID}>{t('withdrawal.not-available.heading')}</span>}
    >
      <p>{t('withdrawal.not-available.no-subscription')}</p>
      <ul className="screen-links">
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('withdrawal.customer-service-link')}
          </Link>
        </li>
        <li>
          <HomeLink />
        </li>
      </ul>
    </Notice>
  );
}

/** How today's refund is made up: one payment in a sentence, several as a list. */
function RefundBasis({ refund }: { readonly refund: Refund }) {
  const { t } = useTranslation('withdrawal');
  const longDate = useLongDate();
  const [only] = refund.parts;
  if (refund.parts.length > 1)
    return (
      <>
        <p className="ds-paragraph">
          {t('withdrawal.explain.basis-parts', {
            paid: formatKroner(refund.amountPaid),
            count: refund.parts.length,
          })}
        </p>
        <ul>
          {refund.parts.map((part) => (
            <li key={part.orderReference}>
              {t('withdrawal.explain.part', {
                kind: t(`withdrawal.kind.${part.kind}`),
                date: longDate(part.paidAt),
                paid: formatKroner(part.amountPaid),
                periodDays: part.periodDays,
                days: part.daysUsed,
                used: formatKroner(part.valueUsed),
                amount: formatKroner(part.amount),
                to: t(`withdrawal.refund-to-inline.${destinationOf(part.refundTo)}`),
              })}
            </li>
          ))}
        </ul>
      </>
    );
  if (!only) return null;
  const paid = formatKroner(only.amountPaid);
  return (
    <p className="ds-paragraph">
      {only.daysUsed === 0
        ? t('withdrawal.explain.basis-none', { paid })
        : t(
            only.daysUsed === 1
              ? 'withdrawal.explain.basis-one-day'
              : 'withdrawal.explain.basis-days',
            {
              days: only.daysUsed,
              paid,
              periodDays: only.periodDays,
              used: formatKroner(only.valueUsed),
            },
          )}
    </p>
  );
}

/** Step 1: what happens, in plain words and numbers from the server, as of today. */
function Explain({
  right,
  subscription,
  onUse,
}: {
  readonly right: WithdrawalRight;
  readonly subscription: Subscription;
  readonly onUse: () => void;
}) {
  const { t } = useTranslation('withdrawal');
  const longDate = useLongDate();
  const refund = right.refund!;
  const facts: Fact[] = [
    { key: 'plan', label: t('withdrawal.explain.plan'), value: subscription.planName },
    {
      key: 'ends',
      label: t('withdrawal.explain.ends'),
      value: t('withdrawal.explain.ends-value', { date: longDate(osloDateOf(new Date())) }),
    },
    { key: 'paid', label: t('withdrawal.explain.paid'), value: formatKroner(refund.amountPaid) },
    {
      key: 'refund',
      label: t('withdrawal.explain.refund'),
      value: <strong>{formatKroner(refund.amount)}</strong>,
    },
    {
      key: 'to',
      label: t('withdrawal.explain.refund-to'),
      value: right.refundTo ? t(`withdrawal.refund-to.${destinationFor(right)}`) : null,
    },
    {
      key: 'last-day',
      label: t('withdrawal.explain.last-day'),
      value: right.lastDay ? longDate(right.lastDay) : null,
    },
  ];
  return (
    <section aria-labelledby="withdrawal-explain-heading">
      <StepHeading id="withdrawal-explain-heading">{t('withdrawal.explain.heading')}</StepHeading>
      <Facts facts={facts} />
      <p className="ds-paragraph">{t('withdrawal.explain.today-only')}</p>
      <RefundBasis refund={refund} />
      <div className="form-actions">
        <button type="button" className="ds-button" onClick={onUse}>
          {t('withdrawal.explain.use')}
        </button>
        <HomeLink />
      </div>
    </section>
  );
}

/** Step 2: confirm the amount shown (it goes with the request), or keep the subscription. */
function Confirm({
  right,
  subscription,
  refreshing,
  onWithdrawn,
  onFailed,
}: {
  readonly right: WithdrawalRight;
  readonly subscription: Subscription;
  /** The right is being fetched again: the amount shown may be about to change. */
  readonly refreshing: boolean;
  readonly onWithdrawn: (receipt: Receipt) => void;
  readonly onFailed: (error: unknown) => void;
}) {
  const { t } = useTranslation('withdrawal');
  const [withdraw] = useWithdrawSubscriptionMutation();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const refund = right.refund!;

  async function confirm() {
    // One request however often the button is pressed (the server refunds once regardless).
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      onWithdrawn(
        await withdraw({
          subscriptionNo: subscription.subscriptionNo,
          withdrawalRequest: { expectedRefund: refund.amount },
        }).unwrap(),
      );
    } catch (error) {
      onFailed(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="withdrawal-confirm-heading">
      <StepHeading id="withdrawal-confirm-heading" focusOnMount>
        {t('withdrawal.confirm.heading')}
      </StepHeading>
      <p className="ds-paragraph">
        {t('withdrawal.confirm.text', {
          plan: subscription.planName,
          amount: formatKroner(refund.amount),
          to: t(`withdrawal.refund-to-inline.${destinationFor(right)}`),
        })}
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="ds-button"
          disabled={busy || refreshing}
          onClick={() => void confirm()}
        >
          {t('withdrawal.confirm.submit')}
        </button>
        <Link className="ds-link" to="/">
          {t('withdrawal.confirm.keep')}
        </Link>
      </div>
      <Progress>
        {busy
          ? t('withdrawal.confirm.busy')
          : refreshing
            ? t('withdrawal.confirm.refreshing')
            : null}
      </Progress>
    </section>
  );
}

function WithdrawalFlow({
  subscription,
  onWithdrawn,
}: {
  readonly subscription: Subscription;
  readonly onWithdrawn: (receipt: Receipt) => void;
}) {
  const { t } = useTranslation('withdrawal');
  const reload = useReloadSubscription();
  // Always asked again on arrival: the right changes with the day and with other tabs.
  const query = useGetWithdrawalQuery(
    { subscriptionNo: subscription.subscriptionNo },
    { refetchOnMountOrArgChange: true },
  );
  // Step 1 explains, step 2 confirms.
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<FailureKind | null>(null);
  // The server refunds another amount than the one confirmed (a new day has begun).
  const [amountChanged, setAmountChanged] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const changedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  const showChanged = amountChanged && !query.isFetching && query.data?.status === 'AVAILABLE';
  useEffect(() => {
    if (showChanged) changedRef.current?.focus();
  }, [showChanged]);

  function failed(error: unknown) {
    const problem = callFailure(error);
    // Asked again in every case: the new amount, or how it stands now (another tab, the deadline
    // passed, no answer at all); a withdrawal that did go through shows its receipt.
    void query.refetch();
    if (problem.code === 'WITHDRAWAL_AMOUNT_CHANGED') {
      // Nothing happened: the same step shows the new amount to confirm again.
      setFailure(null);
      setAmountChanged(true);
      return;
    }
    setAmountChanged(false);
    setFailure(failureKind(problem));
    setConfirming(false);
    void reload();
  }

  const failureNotice = failure ? (
    <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
      {t(`withdrawal.errors.${failure}`)}
    </Notice>
  ) : null;

  if (query.isLoading) return <Progress reserve>{t('withdrawal.loading')}</Progress>;
  const right = query.data;
  if (!right)
    return (
      <Notice color="danger" role="alert">
        <p>{t('withdrawal.load-failed')}</p>
        <p>
          <button type="button" className="ds-button" onClick={() => void query.refetch()}>
            {t('withdrawal.retry')}
          </button>
        </p>
        <p>
          <HomeLink />
        </p>
      </Notice>
    );

  return (
    <>
      {failureNotice}
      {showChanged && right.refund ? (
        <Notice color="warning" role="alert" tabIndex={-1} ref={changedRef}>
          {t('withdrawal.confirm.amount-changed', { amount: formatKroner(right.refund.amount) })}
        </Notice>
      ) : null}
      {right.status === 'WITHDRAWN' && right.receipt ? (
        <WithdrawalReceipt receipt={right.receipt} justNow={false} />
      ) : right.status !== 'AVAILABLE' || !right.refund ? (
        <NotAvailable right={right} subscription={subscription} />
      ) : !confirming ? (
        <Explain
          right={right}
          subscription={subscription}
          onUse={() => {
            setFailure(null);
            setAmountChanged(false);
            setConfirming(true);
          }}
        />
      ) : (
        <Confirm
          right={right}
          subscription={subscription}
          refreshing={query.isFetching}
          onWithdrawn={onWithdrawn}
          onFailed={failed}
        />
      )}
    </>
  );
}

export default function WithdrawalScreen() {
  const { t } = useTranslation('withdrawal');
  // The active subscription, or the newest ended one (a withdrawn subscription has ended).
  const { subscription } = useAppSelector(selectSubscription);
  const reload = useReloadSubscription();
  // Kept here, above the flow: the receipt stays whatever the reloaded subscription looks like.
  const [receipt, setReceipt] = useState<Receipt | null>(null);

  function withdrawn(done: Receipt) {
    setReceipt(done);
    // The subscription has ended: every screen reads it from the store.
    void reload();
  }

  return (
    <Screen headingId="withdrawal-heading" heading={t('withdrawal.heading')}>
      {receipt ? null : <p className="ds-paragraph">{t('withdrawal.intro')}</p>}
      {receipt ? (
        <WithdrawalReceipt receipt={receipt} justNow />
      ) : subscription ? (
        <WithdrawalFlow subscription={subscription} onWithdrawn={withdrawn} />
      ) : (
        <NoSubscription />
      )}
    </Screen>
  );
}
