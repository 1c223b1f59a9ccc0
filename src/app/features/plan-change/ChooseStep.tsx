// Step 1 of /endre-abonnement: the title's catalogue as the plans and periods the reader may
// switch to (planChoices). A downgrade or period change goes on to its confirmation; an upgrade
// asks the server for its quote first (POST orders/quote) and goes on to show it.
import { Form, Formik } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';

import { osloDateOf } from '../../../shared/time/oslo';
import { useGetCatalogueQuery, useQuoteOrderMutation } from '../../api/order';
import { callFailure, type FailureKind, failureKind } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { ErrorSummary } from '../../ui/form/ErrorSummary';
import { MESSAGES } from '../../ui/form/validation';
import { Notice } from '../../ui/Notice';
import { StepHeading } from '../../ui/StepHeading';

import { ChoiceFieldset } from './ChoiceFieldset';
import { planChoices } from './planChoices';
import { FailureAlert, type Step } from './StepParts';

interface ChoiceValues {
  readonly choice: string;
}

const choiceSchema = object({ choice: string().required(MESSAGES.required) });

/** The choices, checked, and where the one chosen leads (onChosen). */
export function ChooseStep({
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
