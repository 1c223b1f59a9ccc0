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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { isPaperPlan } from '../../../shared/subscription/status';
import type { Subscription } from '../../api/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';

import { Blocked } from './Blocked';
import { ChooseStep } from './ChooseStep';
import { ConfirmStep } from './ConfirmStep';
import { CurrentPlan } from './CurrentPlan';
import { PendingChange } from './PendingChange';
import { changeBlock, type PlanChoice } from './planChoices';
import type { Step } from './StepParts';
import { UpgradeStep } from './UpgradeStep';

import '../../ui/designsystemet-forms.css';

/** The step the flow is at: choose, then confirm a scheduled change or see an upgrade's quote. */
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

/** The screen: the current plan, a change waiting, then the flow or why there is none. */
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
        <HomeLink />
      </p>
    </section>
  );
}
