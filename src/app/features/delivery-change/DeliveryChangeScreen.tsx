// /endre-avislevering (login and subscription): vacation or delivery changes of the paper (spec
// §3 Delivery change, §5: a vacation change requires an address; a change must be registered
// before the cut-off the day before, after it the next possible delivery day is the first).
// Everything it offers comes from the server (GET subscription/{no}/delivery-changes): the
// title's cut-off and the delivery days that can be chosen, what a stop does to the price, the
// planned changes (edit and withdraw until their cut-off), the ones going on and the history. A
// digital subscriber is told why there is no paper to change, and where to go instead.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  type DeliveryChange,
  type DeliveryChangeOverview,
  useGetDeliveryChangesQuery,
  useWithdrawDeliveryChangeMutation,
} from '../../api/delivery';
import type { Subscription } from '../../api/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { PaperOnlyNotice } from '../../ui/PaperOnlyNotice';
import { PaperScreen } from '../../ui/PaperScreen';
import { Progress } from '../../ui/Progress';

import { ChangeForm, StopCreditText } from './ChangeForm';
import { editButtonId, PlannedChanges, ReadOnlyChanges } from './ChangeList';
import { Deadline } from './Deadline';
import { typeKey, usePeriodText } from './format';

import './delivery-change.css';

const UNAVAILABLE_HEADING_ID = 'delivery-change-unavailable-heading';
const HISTORY = 'history';
const CURRENT = 'current';
const SUCCESS = 'success';
const DANGER = 'danger';

/** What a stop means for the price, before the reader chooses anything. */
function PriceNote({ overview }: { readonly overview: DeliveryChangeOverview }) {
  const { t } = useTranslation('delivery-change');
  return (
    <p className="ds-paragraph">
      {overview.price.stopCredit === 'PER_ISSUE' ? (
        <StopCreditText price={overview.price} />
      ) : (
        t('delivery-change.price.none')
      )}
    </p>
  );
}

/** How old the overview may be when the screen opens before it is asked for again. */
const ASKED_AGAIN_AFTER_SECONDS = 10;

function ChangeFlow({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('delivery-change');
  const periodText = usePeriodText();
  // Asked again on arrival (the calendar moves with the clock, the changes with other tabs) unless
  // what the cache holds was read moments ago: on a first visit, the page's own answer.
  const query = useGetDeliveryChangesQuery(
    { subscriptionNo: subscription.subscriptionNo },
    { refetchOnMountOrArgChange: ASKED_AGAIN_AFTER_SECONDS },
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
  // An edit cancelled: the focus goes back to the button that started it (the form it was in
  // is gone), once the list is drawn again.
  const [returnFocus, setReturnFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!returnFocus) return;
    document.getElementById(returnFocus)?.focus();
    setReturnFocus(null);
  }, [returnFocus]);
  // An edit started: the focus goes to the form's heading once the form shows the change (in the
  // commit that draws it, so a cancel right after always wins; a timer could land after it).
  const [focusForm, setFocusForm] = useState(0);
  useEffect(() => {
    if (focusForm) document.getElementById('delivery-change-form-heading')?.focus();
  }, [focusForm]);
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
        {/* No paper to change: why, and where to go instead. */}
        <PaperOnlyNotice
          id={UNAVAILABLE_HEADING_ID}
          eligibility={overview.eligibility}
          texts={(kind) => ({
            heading: t(`delivery-change.${kind}.heading`),
            text: t(`delivery-change.${kind}.text`, { plan: subscription.planName }),
          })}
        />
        <ReadOnlyChanges kind={HISTORY} changes={overview.history} />
      </>
    );

  function edit(change: DeliveryChange, endOnly = false) {
    setOutcome(null);
    setEditing({ change, endOnly });
    setFocusForm((n) => n + 1);
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
        onCancelEdit={() => {
          if (editing) setReturnFocus(editButtonId(editing.change, editing.endOnly));
          setEditing(null);
        }}
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

const HEADING_ID = 'delivery-change-heading';

export default function DeliveryChangeScreen() {
  const { t } = useTranslation('delivery-change');
  const { subscription } = useAppSelector(selectSubscription);
  return (
    <PaperScreen
      headingId={HEADING_ID}
      subscription={subscription}
      heading={t('delivery-change.heading')}
      intro={t('delivery-change.intro')}
    >
      {(subscription) => <ChangeFlow subscription={subscription} />}
    </PaperScreen>
  );
}
