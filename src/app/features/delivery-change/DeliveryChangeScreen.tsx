// /endre-avislevering (login and subscription): vacation or delivery changes of the paper (spec
// §3 Delivery change, §5: a vacation change requires an address; a change must be registered
// before the cut-off the day before, after it the next possible delivery day is the first).
// Everything it offers comes from the server (GET subscription/{no}/delivery-changes): the
// title's cut-off and the delivery days that can be chosen, what a stop does to the price, the
// planned changes (edit and withdraw until their cut-off), the ones going on and the history. A
// digital subscriber is told why there is no paper to change, and where to go instead.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import {
  type DeliveryChange,
  type DeliveryChangeOverview,
  useGetDeliveryChangesQuery,
  useWithdrawDeliveryChangeMutation,
} from '../../api/delivery';
import type { Subscription } from '../../api/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';

import { ChangeForm } from './ChangeForm';
import { PlannedChanges, ReadOnlyChanges } from './ChangeList';
import { Deadline } from './Deadline';
import { typeKey, usePeriodText } from './format';

import './delivery-change.css';

const UNAVAILABLE_HEADING_ID = 'delivery-change-unavailable-heading';
const HISTORY = 'history';
const CURRENT = 'current';
const SUCCESS = 'success';
const DANGER = 'danger';

function HomeLink() {
  const { t } = useTranslation('delivery-change');
  return (
    <Link className="ds-link" to="/">
      {t('delivery-change.back')}
    </Link>
  );
}

/** No paper to change: why, and where to go instead. */
function Unavailable({
  overview,
  subscription,
}: {
  readonly overview: DeliveryChangeOverview;
  readonly subscription: Subscription;
}) {
  const { t } = useTranslation('delivery-change');
  const kind = overview.eligibility === 'NOT_PAPER' ? 'not-paper' : 'not-active';
  return (
    <Notice
      region
      aria-labelledby={UNAVAILABLE_HEADING_ID}
      heading={<span id={UNAVAILABLE_HEADING_ID}>{t(`delivery-change.${kind}.heading`)}</span>}
    >
      <p>{t(`delivery-change.${kind}.text`, { plan: subscription.planName })}</p>
      <ul className="screen-links">
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('delivery-change.customer-service')}
          </Link>
        </li>
        <li>
          <HomeLink />
        </li>
      </ul>
    </Notice>
  );
}

/** What a stop means for the price, before the reader chooses anything. */
function PriceNote({ overview }: { readonly overview: DeliveryChangeOverview }) {
  const { t } = useTranslation('delivery-change');
  const perIssue = overview.price.creditPerIssueOre;
  return (
    <p className="ds-paragraph">
      {overview.price.stopCredit === 'PER_ISSUE' && perIssue !== null
        ? t('delivery-change.price.credit', { perIssue: formatKroner(perIssue) })
        : t('delivery-change.price.none')}
    </p>
  );
}

function ChangeFlow({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('delivery-change');
  const periodText = usePeriodText();
  // Always asked again on arrival: the calendar moves with the clock, the changes with other tabs.
  const query = useGetDeliveryChangesQuery(
    { subscriptionNo: subscription.subscriptionNo },
    { refetchOnMountOrArgChange: true },
  );
  const [withdraw, withdrawal] = useWithdrawDeliveryChangeMutation();
  const [editing, setEditing] = useState<{ change: DeliveryChange; endOnly: boolean } | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; color: 'success' | 'danger' } | null>(
    null,
  );
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  const refetch = useCallback(() => void query.refetch(), [query]);

  if (query.isLoading) return <Progress reserve>{t('delivery-change.loading')}</Progress>;
  const overview = query.data;
  if (!overview)
    return (
      <Notice color="danger" role="alert">
        <p>{t('delivery-change.load-failed')}</p>
        <p>
          <button type="button" className="ds-button" onClick={refetch}>
            {t('delivery-change.retry')}
          </button>
        </p>
        <p>
          <HomeLink />
        </p>
      </Notice>
    );
  if (overview.eligibility !== 'PAPER' || !overview.calendar)
    return (
      <>
        <Unavailable overview={overview} subscription={subscription} />
        <ReadOnlyChanges kind={HISTORY} changes={overview.history} />
      </>
    );

  function edit(change: DeliveryChange, endOnly = false) {
    setOutcome(null);
    setEditing({ change, endOnly });
    requestAnimationFrame(() => document.getElementById('delivery-change-form-heading')?.focus());
  }

  async function withdrawChange(change: DeliveryChange) {
    const result = await withdraw({
      subscriptionNo: subscription.subscriptionNo,
      changeId: change.id,
    });
    if ('data' in result && result.data) {
      if (editing?.change.id === change.id) setEditing(null);
      setOutcome({
        color: SUCCESS,
        text: t('delivery-change.outcome.withdrawn', {
          type: t(`delivery-change.types.${typeKey(change.type)}.name`),
          period: periodText(change),
        }),
      });
    } else {
      refetch();
      setOutcome({ color: DANGER, text: t('delivery-change.outcome.withdraw-failed') });
    }
  }

  return (
    <>
      <Deadline calendar={overview.calendar} onPassed={refetch} />
      <PriceNote overview={overview} />
      {outcome ? (
        <Notice color={outcome.color} role="alert" tabIndex={-1} ref={outcomeRef}>
          {outcome.text}
        </Notice>
      ) : null}
      <ChangeForm
        key={editing ? `${editing.change.id}-${String(editing.endOnly)}` : 'new'}
        overview={overview}
        editing={editing?.change ?? null}
        endOnly={editing?.endOnly ?? false}
        onDone={(change, edited) => {
          setEditing(null);
          setOutcome({
            color: SUCCESS,
            text: t(edited ? 'delivery-change.outcome.saved' : 'delivery-change.outcome.created', {
              type: t(`delivery-change.types.${typeKey(change.type)}.name`),
              period: periodText(change),
            }),
          });
        }}
        onCancelEdit={() => setEditing(null)}
        onStale={refetch}
      />
      <PlannedChanges
        changes={overview.planned}
        onEdit={edit}
        onEditEnd={(change) => edit(change, true)}
        onWithdraw={withdrawChange}
        busy={withdrawal.isLoading}
      />
      <ReadOnlyChanges
        kind={CURRENT}
        changes={overview.current}
        onEditEnd={(change) => edit(change, true)}
      />
      <ReadOnlyChanges kind={HISTORY} changes={overview.history} />
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </>
  );
}

export default function DeliveryChangeScreen() {
  const { t } = useTranslation('delivery-change');
  const { subscription } = useAppSelector(selectSubscription);
  return (
    <section aria-labelledby="delivery-change-heading" className="screen">
      <h1 id="delivery-change-heading" className="ds-heading" data-size="lg">
        {t('delivery-change.heading')}
      </h1>
      {subscription?.planProductType === 'COMBO' ? (
        <p className="ds-paragraph">{t('delivery-change.intro')}</p>
      ) : null}
      {subscription ? (
        <ChangeFlow subscription={subscription} />
      ) : (
        <p className="ds-paragraph">
          <HomeLink />
        </p>
      )}
    </section>
  );
}
