// The choices of /endre-abonnement's first step as radio buttons: each plan and period with its
// price, when it takes effect and what it adds to the current plan.
import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useLongDate } from '../../hooks/useLongDate';
import { errorId, fieldId } from '../../ui/form/fieldErrors';
import { useFieldErrorText } from '../../ui/form/TextField';
import { usePeriodWords } from '../../ui/usePeriodWords';

import type { PlanChoice } from './planChoices';
import { AddedFeatures } from './StepParts';
import '../../ui/designsystemet-forms.css';

/** The radio group of choices, bound to formik, with its error linked and announced. */
export function ChoiceFieldset({
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
