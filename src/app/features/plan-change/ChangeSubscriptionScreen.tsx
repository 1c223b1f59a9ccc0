// /endre-abonnement (login and subscription): change plan or period. The current plan and the
// title's other plans (catalogue) are shown; each choice is classified by the shared rule:
// - an upgrade (a dearer plan over the same period) takes effect now and costs the prorated
//   difference: the server's quote is shown before the reader goes on to pay it (/betaling,
//   built by the purchase screens, which send the reader to /receipt2?ordre=… afterwards);
// - a downgrade or period change waits for the next renewal date: a confirmation step, then
//   PUT planChange, the subscription is reloaded and the receipt (/receipt2) shows it.
// Each choice says what it includes that the current plan does not (the catalogue's features of
// that plan and period), so a dearer choice under the same name says plainly what the money buys,
// or that it buys no more content.
// A change already waiting is shown with a button to withdraw it. Student, business and
// family-shared subscriptions are not changed here (see changeBlock): they need a verification,
// the company or the owner, so the reader is sent to customer service. A paper subscription may
// change its billing period here; another product changes the delivery and is arranged with
// customer service, which the screen says.
import { Form, Formik, useField } from 'formik';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { object, string } from 'yup';

import { formatKroner } from '../../../shared/money/money';
import type { Feature } from '../../../shared/subscription/features';
import { isPaperPlan } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import { type OrderQuote, useGetCatalogueQuery, useQuoteOrderMutation } from '../../api/order';
import { callFailure, type FailureKind, failureKind } from '../../api/problem';
import {
  type Subscription,
  useSchedulePlanChangeMutation,
  useWithdrawPlanChangeMutation,
} from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { ContactDetails } from '../../ui/ContactDetails';
import { type Fact, Facts } from '../../ui/Facts';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { errorId, fieldId } from '../../ui/form/fieldErrors';
import { useFieldErrorText } from '../../ui/form/TextField';
import { MESSAGES } from '../../ui/form/validation';
import { Notice } from '../../ui/Notice';
import { StepHeading } from '../../ui/StepHeading';

import { usePeriodWords } from './periodWords';
import { changeBlock, type ChangeBlock, type PlanChoice, planChoices } from './planChoices';

import '../../ui/designsystemet-forms.css';

type Step =
  | { readonly name: 'choose'; readonly returned: boolean; readonly choice: string }
  | { readonly name: 'confirm'; readonly choice: PlanChoice }
  | { readonly name: 'upgrade'; readonly choice: PlanChoice; readonly quote: OrderQuote };

/** What a choice adds to the current plan, as a list; or, for an upgrade, that it adds nothing. */
function AddedFeatures({
  features,
  upgrade,
}: {
  readonly features: readonly Feature[];
  readonly upgrade: boolean;
}) {
  const { t } = useTranslation('plan-change');
  if (features.length === 0)
    return upgrade ? <p className="ds-paragraph">{t('plan-change.added.nothing')}</p> : null;
  return (
    <>
      <p className="ds-paragraph">{t('plan-change.added.intro')}</p>
      <ul className="ds-list">
        {features.map((feature) => (
          <li key={feature}>{t(`plan-change.features.${feature}`)}</li>
        ))}
      </ul>
    </>
  );
}

/** The catalogue message of a failed call. */
const failureKey = (kind: FailureKind) => `plan-change.errors.${kind}`;

function FailureAlert({ kind }: { readonly kind: FailureKind }) {
  const { t } = useTranslation('plan-change');
  return (
    <Notice color="danger" role="alert">
      {t(failureKey(kind))}
    </Notice>
  );
}

function CurrentPlan({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const facts: Fact[] = [
    { key: 'plan', label: t('plan-change.facts.plan'), value: subscription.planName },
    { key: 'period', label: t('plan-change.facts.period'), value: period(subscription.period) },
    {
      key: 'price',
      label: t('plan-change.facts.price'),
      value: pricePer(subscription.price, subscription.period),
    },
  ];
  if (subscription.renewalDate)
    facts.push({
      key: 'renewal',
      label: t('plan-change.facts.renewal'),
      value: longDate(subscription.renewalDate),
    });
  return (
    <section aria-labelledby="plan-change-current-heading">
      <h2 id="plan-change-current-heading" className="ds-heading" data-size="sm">
        {t('plan-change.current.heading')}
      </h2>
      <Facts facts={facts} />
    </section>
  );
}

const PENDING_HEADING_ID = 'plan-change-pending-heading';

/** The change waiting for the renewal date, and withdrawing it. */
function PendingChange({
  subscription,
  onWithdrawn,
}: {
  readonly subscription: Subscription;
  readonly onWithdrawn: () => void;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const [withdraw] = useWithdrawPlanChangeMutation();
  const reload = useReloadSubscription();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureKind | null>(null);
  const change = subscription.pendingChange;
  if (!change) return null;

  async function withdrawChange() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await withdraw({ subscriptionRef: { subscriptionNo: subscription.subscriptionNo } }).unwrap();
    } catch (error) {
      setFailure(failureKind(callFailure(error)));
      setBusy(false);
      running.current = false;
      return;
    }
    // The withdrawal is done; the reloaded subscription takes this section away.
    await reload();
    onWithdrawn();
  }

  return (
    <Notice region aria-labelledby={PENDING_HEADING_ID}>
      <h2 id={PENDING_HEADING_ID} className="ds-heading" data-size="xs">
        {t('plan-change.pending.heading')}
      </h2>
      <p>
        {t('plan-change.pending.text', {
          date: longDate(change.effectiveDate),
          plan: change.planName,
          period: period(change.period),
          price: pricePer(change.price, change.period),
        })}
      </p>
      <p>{t('plan-change.pending.replace-note')}</p>
      {failure ? <FailureAlert kind={failure} /> : null}
      <div className="form-actions">
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={busy}
          onClick={() => void withdrawChange()}
        >
          {t('plan-change.pending.withdraw')}
        </button>
        {busy ? <span role="status">{t('plan-change.pending.withdrawing')}</span> : null}
      </div>
    </Notice>
  );
}

function Blocked({
  block,
  subscription,
}: {
  readonly block: ChangeBlock;
  readonly subscription: Subscription;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const title = useAppSelector(selectTitle);
  return (
    <section aria-labelledby="plan-change-blocked-heading">
      <h2 id="plan-change-blocked-heading" className="ds-heading" data-size="sm">
        {t('plan-change.blocked.heading')}
      </h2>
      <p className="ds-paragraph">
        {t(`plan-change.blocked.${block}`, {
          date: subscription.pendingChange
            ? longDate(subscription.pendingChange.effectiveDate)
            : '',
        })}
      </p>
      {block === 'conversion' ? (
        <p className="ds-paragraph">
          <Link className="ds-button" data-variant="primary" to="/">
            {t('plan-change.blocked.conversion-link')}
          </Link>
        </p>
      ) : block === 'cancelled' ? (
        <p className="ds-paragraph">
          <Link className="ds-link" to="/angre-oppsigelse">
            {t('plan-change.blocked.undo-link')}
          </Link>
        </p>
      ) : (
        <>
          {title ? <ContactDetails title={title} /> : null}
          <p className="ds-paragraph">
            <Link className="ds-link" to="/kundeservice">
              {t('plan-change.customer-service-link')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

interface ChoiceValues {
  readonly choice: string;
}

const choiceSchema = object({ choice: string().required(MESSAGES.required) });

/** The radio group of choices, bound to formik, with its error linked and announced. */
function ChoiceFieldset({
  choices,
  legend,
  renewalDate,
}: {
  readonly choices: readonly PlanChoice[];
  readonly legend: string;
  readonly renewalDate: string;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const errorText = useFieldErrorText();
  const [, meta] = useField<string>('choice');
  const error = meta.touched && meta.error ? errorText(meta.error, legend) : null;
  return (
    <fieldset className="ds-fieldset form-stack" aria-describedby={errorId('choice')}>
      <legend className="ds-label">{legend}</legend>
      {choices.map((choice, index) => (
        <ChoiceRadio
          key={choice.key}
          choice={choice}
          id={index === 0 ? fieldId('choice') : `${fieldId('choice')}-${index}`}
          label={t('plan-change.choose.option', {
            plan: choice.planName,
            period: period(choice.period),
            price: pricePer(choice.price, choice.period),
          })}
          description={
            <>
              <p className="ds-paragraph">
                {choice.kind === 'upgrade'
                  ? t('plan-change.choose.upgrade')
                  : t('plan-change.choose.scheduled', { date: longDate(renewalDate) })}
              </p>
              <AddedFeatures features={choice.addedFeatures} upgrade={choice.kind === 'upgrade'} />
            </>
          }
        />
      ))}
      <div id={errorId('choice')} aria-live="polite" data-field="validation">
        {error ? <p className="ds-validation-message">{error}</p> : null}
      </div>
    </fieldset>
  );
}

function ChoiceRadio({
  choice,
  id,
  label,
  description,
}: {
  readonly choice: PlanChoice;
  readonly id: string;
  readonly label: string;
  readonly description: ReactNode;
}) {
  const [field] = useField<string>({ name: 'choice', type: 'radio', value: choice.key });
  return (
    <div className="ds-field">
      <input
        {...field}
        type="radio"
        className="ds-input"
        id={id}
        aria-describedby={`${id}-description`}
      />
      <label className="ds-label" htmlFor={id}>
        {label}
      </label>
      <div data-field="description" id={`${id}-description`}>
        {description}
      </div>
    </div>
  );
}

function ChooseStep({
  subscription,
  titleCode,
  step,
  onChosen,
}: {
  readonly subscription: Subscription;
  readonly titleCode: string;
  readonly step: Extract<Step, { name: 'choose' }>;
  readonly onChosen: (next: Step) => void;
}) {
  const { t } = useTranslation('plan-change');
  const user = useAppSelector(selectUser);
  const catalogue = useGetCatalogueQuery({ titleCode });
  const [quote] = useQuoteOrderMutation();
  const [failure, setFailure] = useState<FailureKind | null>(null);
  const running = useRef(false);
  const legend = t('plan-change.choose.legend');

  if (catalogue.isLoading || (catalogue.isFetching && !catalogue.data))
    return (
      <p className="ds-paragraph" role="status">
        {t('plan-change.catalogue.loading')}
      </p>
    );
  if (!catalogue.data)
    return (
      <Notice color="danger" role="alert">
        <p>{t('plan-change.catalogue.failed')}</p>
        <button type="button" className="ds-button" onClick={() => void catalogue.refetch()}>
          {t('plan-change.catalogue.retry')}
        </button>
      </Notice>
    );

  const choices = planChoices(catalogue.data, subscription, user.birthDate, osloDateOf(new Date()));
  const renewalDate = subscription.renewalDate ?? '';

  async function submit({ choice: key }: ChoiceValues) {
    const choice = choices.find((c) => c.key === key);
    if (!choice || running.current) return;
    setFailure(null);
    if (choice.kind !== 'upgrade') {
      onChosen({ name: 'confirm', choice });
      return;
    }
    running.current = true;
    try {
      const answer = await quote({
        orderQuoteRequest: {
          kind: 'upgrade',
          titleCode,
          ariaPlanID: choice.ariaPlanID,
          period: choice.period,
          subscriptionNo: subscription.subscriptionNo,
        },
      }).unwrap();
      onChosen({ name: 'upgrade', choice, quote: answer });
    } catch (error) {
      setFailure(failureKind(callFailure(error)));
    } finally {
      running.current = false;
    }
  }

  return (
    <section aria-labelledby="plan-change-choose-heading">
      <StepHeading id="plan-change-choose-heading" focusOnMount={step.returned}>
        {t('plan-change.choose.heading')}
      </StepHeading>
      {choices.length === 0 ? (
        <p className="ds-paragraph">{t('plan-change.choose.none')}</p>
      ) : (
        <Formik<ChoiceValues>
          initialValues={{ choice: step.choice }}
          validationSchema={choiceSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate className="form-stack">
              <ErrorSummary labels={{ choice: legend }} />
              <ChoiceFieldset choices={choices} legend={legend} renewalDate={renewalDate} />
              {failure ? <FailureAlert kind={failure} /> : null}
              <div className="form-actions">
                <button type="submit" className="ds-button" disabled={isSubmitting}>
                  {t('plan-change.choose.submit')}
                </button>
                {isSubmitting ? <span role="status">{t('plan-change.choose.quoting')}</span> : null}
              </div>
            </Form>
          )}
        </Formik>
      )}
    </section>
  );
}

/** A downgrade or period change: confirm, schedule, reload, receipt. */
function ConfirmStep({
  subscription,
  choice,
  onBack,
}: {
  readonly subscription: Subscription;
  readonly choice: PlanChoice;
  readonly onBack: () => void;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const navigate = useNavigate();
  const reload = useReloadSubscription();
  const [schedule] = useSchedulePlanChangeMutation();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureKind | null>(null);
  const date = longDate(subscription.renewalDate ?? '');
  const facts: Fact[] = [
    {
      key: 'from',
      label: t('plan-change.confirm.from'),
      value: t('plan-change.plan-and-period', {
        plan: subscription.planName,
        period: period(subscription.period),
      }),
    },
    {
      key: 'to',
      label: t('plan-change.confirm.to'),
      value: t('plan-change.plan-and-period', {
        plan: choice.planName,
        period: period(choice.period),
      }),
    },
    { key: 'date', label: t('plan-change.confirm.date'), value: date },
    {
      key: 'price',
      label: t('plan-change.confirm.new-price'),
      value: pricePer(choice.price, choice.period),
    },
  ];

  async function confirm() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await schedule({
        planChangeRequest: {
          subscriptionNo: subscription.subscriptionNo,
          ariaPlanID: choice.ariaPlanID,
          period: choice.period,
        },
      }).unwrap();
    } catch (error) {
      setFailure(failureKind(callFailure(error)));
      setBusy(false);
      running.current = false;
      return;
    }
    await reload();
    navigate('/receipt2');
  }

  return (
    <section aria-labelledby="plan-change-confirm-heading">
      <StepHeading id="plan-change-confirm-heading" focusOnMount>
        {t('plan-change.confirm.heading')}
      </StepHeading>
      <Facts facts={facts} />
      <p className="ds-paragraph">{t('plan-change.confirm.note', { date })}</p>
      {failure ? <FailureAlert kind={failure} /> : null}
      <div className="form-actions">
        <button type="button" className="ds-button" disabled={busy} onClick={() => void confirm()}>
          {t('plan-change.confirm.submit')}
        </button>
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={busy}
          onClick={onBack}
        >
          {t('plan-change.back')}
        </button>
        {busy ? <span role="status">{t('plan-change.confirm.saving')}</span> : null}
      </div>
    </section>
  );
}

/** An upgrade: the server's quote, then on to payment. */
function UpgradeStep({
  subscription,
  choice,
  quote,
  onBack,
}: {
  readonly subscription: Subscription;
  readonly choice: PlanChoice;
  readonly quote: OrderQuote;
  readonly onBack: () => void;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const navigate = useNavigate();
  const proration = quote.proration;
  const payment = new URLSearchParams({
    type: 'oppgradering',
    plan: choice.ariaPlanID,
    periode: choice.period,
  });
  const facts: Fact[] = [
    {
      key: 'from',
      label: t('plan-change.confirm.from'),
      value: t('plan-change.plan-and-period', {
        plan: subscription.planName,
        period: period(subscription.period),
      }),
    },
    {
      key: 'to',
      label: t('plan-change.confirm.to'),
      value: t('plan-change.plan-and-period', {
        plan: quote.planName,
        period: period(quote.period),
      }),
    },
    {
      key: 'added',
      label: t('plan-change.upgrade.added'),
      value: <AddedFeatures features={quote.addedFeatures} upgrade />,
    },
    { key: 'date', label: t('plan-change.confirm.date'), value: t('plan-change.upgrade.now') },
    {
      key: 'amount',
      label: t('plan-change.upgrade.amount'),
      value: <strong>{formatKroner(quote.amount)}</strong>,
    },
    {
      key: 'renewal',
      label: t('plan-change.upgrade.renewal'),
      value: t('plan-change.upgrade.renewal-value', {
        date: longDate(quote.renewalDate),
        price: pricePer(quote.renewalPrice, quote.period),
      }),
    },
  ];

  return (
    <section aria-labelledby="plan-change-upgrade-heading">
      <StepHeading id="plan-change-upgrade-heading" focusOnMount>
        {t('plan-change.upgrade.heading')}
      </StepHeading>
      <Facts facts={facts} />
      {proration ? (
        <p className="ds-paragraph">
          {/* More days left than one period has: several periods are paid (an offer's). */}
          {t(
            proration.remainingDays > proration.periodDays
              ? 'plan-change.upgrade.proration-paid'
              : 'plan-change.upgrade.proration',
            {
              fromPrice: formatKroner(proration.fromPrice),
              toPrice: formatKroner(proration.toPrice),
              remainingDays: proration.remainingDays,
              periodDays: proration.periodDays,
              until: longDate(quote.renewalDate),
            },
          )}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="ds-button"
          onClick={() => navigate(`/betaling?${payment.toString()}`)}
        >
          {t('plan-change.upgrade.pay')}
        </button>
        <button type="button" className="ds-button" data-variant="secondary" onClick={onBack}>
          {t('plan-change.back')}
        </button>
      </div>
    </section>
  );
}

function ChangeFlow({
  subscription,
  titleCode,
}: {
  readonly subscription: Subscription;
  readonly titleCode: string;
}) {
  const [step, setStep] = useState<Step>({ name: 'choose', returned: false, choice: '' });
  const back = (choice: PlanChoice) => () =>
    setStep({ name: 'choose', returned: true, choice: choice.key });
  switch (step.name) {
    case 'choose':
      return (
        <ChooseStep
          subscription={subscription}
          titleCode={titleCode}
          step={step}
          onChosen={setStep}
        />
      );
    case 'confirm':
      return (
        <ConfirmStep subscription={subscription} choice={step.choice} onBack={back(step.choice)} />
      );
    case 'upgrade':
      return (
        <UpgradeStep
          subscription={subscription}
          choice={step.choice}
          quote={step.quote}
          onBack={back(step.choice)}
        />
      );
  }
}

export default function ChangeSubscriptionScreen() {
  const { t } = useTranslation('plan-change');
  const { subscription } = useAppSelector(selectSubscription);
  const title = useAppSelector(selectTitle);
  const [withdrawn, setWithdrawn] = useState(false);
  const block = subscription ? changeBlock(subscription) : null;
  return (
    <section aria-labelledby="plan-change-heading" className="screen">
      <h1 id="plan-change-heading" className="ds-heading" data-size="lg">
        {t('plan-change.heading')}
      </h1>
      {subscription ? (
        <>
          <p className="ds-paragraph">{t('plan-change.intro')}</p>
          <CurrentPlan subscription={subscription} />
          <div role="status">
            {withdrawn && !subscription.pendingChange ? (
              <Notice color="success">{t('plan-change.pending.withdrawn')}</Notice>
            ) : null}
          </div>
          {!block ? (
            <PendingChange subscription={subscription} onWithdrawn={() => setWithdrawn(true)} />
          ) : null}
          {!block && isPaperPlan(subscription) ? (
            <p className="ds-paragraph">
              {t('plan-change.paper-note')}{' '}
              <Link className="ds-link" to="/kundeservice">
                {t('plan-change.customer-service-link')}
              </Link>
            </p>
          ) : null}
          {block ? (
            <Blocked block={block} subscription={subscription} />
          ) : (
            <ChangeFlow
              subscription={subscription}
              titleCode={title?.titleCode ?? subscription.titleCode}
            />
          )}
        </>
      ) : (
        <p className="ds-paragraph">{t('plan-change.missing')}</p>
      )}
      <p className="ds-paragraph">
        <Link className="ds-link" to="/">
          {t('plan-change.home-link')}
        </Link>
      </p>
    </section>
  );
}
