// The days of /endre-avislevering's form: the first day (the day of a move), the last one for a
// stop or a temporary address, and for a stop whether it has no end yet. The hint says which
// weekdays the paper is out and the first and last day that can be chosen.
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';

import type { DeliveryCalendar } from '../../api/delivery';
import { descriptionId, errorId, fieldId } from '../../ui/form/fieldErrors';

import { type ChangeValues, FROM_DATE, TO_DATE } from './changeValues';
import { useDayName, useWeekdaysText } from './format';
import '../../ui/designsystemet-forms.css';

/** The hint of both date fields: the days the paper comes out, the first and the last day. */
const DATES_HINT_ID = descriptionId('dates');

/** The date fields of the chosen kind of change, bound to the form. */
export function DatesFieldset({
  weekdays,
  hintDays,
  fromLabel,
  fromDays,
  fromDisabled,
  fromError,
  toLabel,
  toDays,
  toError,
}: {
  readonly weekdays: DeliveryCalendar['weekdays'];
  /** The days the hint names the first and last of. */
  readonly hintDays: readonly string[];
  readonly fromLabel: string;
  readonly fromDays: readonly string[];
  /** Only the end can move (the change has started). */
  readonly fromDisabled: boolean;
  readonly fromError: string | null;
  readonly toLabel: string;
  readonly toDays: readonly string[];
  readonly toError: string | null;
}) {
  const { t } = useTranslation('delivery-change');
  const dayName = useDayName();
  const weekdaysText = useWeekdaysText();
  const { values, setFieldValue } = useFormikContext<ChangeValues>();
  const showEnd = values.type === 'STOP' || values.type === 'TRANSFER';
  return (
    <fieldset className="ds-fieldset form-stack">
      <legend className="ds-label">{t('delivery-change.form.dates-legend')}</legend>
      <p className="ds-paragraph" data-field="description" id={DATES_HINT_ID}>
        {t('delivery-change.form.dates-hint', {
          weekdays: weekdaysText(weekdays),
          first: hintDays[0] ? dayName(hintDays[0]) : '',
          last: hintDays.at(-1) ? dayName(hintDays.at(-1)!) : '',
        })}
      </p>
      <div className="form-row">
        <DayInput
          name={FROM_DATE}
          label={fromLabel}
          days={fromDays}
          disabled={fromDisabled}
          error={fromError}
        />
        {showEnd && !(values.type === 'STOP' && values.openEnd) ? (
          <DayInput name={TO_DATE} label={toLabel} days={toDays} error={toError} />
        ) : null}
      </div>
      {values.type === 'STOP' ? (
        <div className="ds-field">
          <input
            className="ds-input"
            type="checkbox"
            id="delivery-change-open-end"
            checked={values.openEnd}
            onChange={(event) => void setFieldValue('openEnd', event.target.checked)}
          />
          <label className="ds-label" htmlFor="delivery-change-open-end">
            {t('delivery-change.form.open-end')}
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * A date field for a delivery day: the browser's own date picker (a text box where there is
 * none), from the first to the last day on offer. Which days in between the paper is out is
 * said in the hint and checked before sending (days.ts), as the server checks it again.
 */
function DayInput({
  name,
  label,
  days,
  error,
  disabled = false,
}: {
  readonly name: 'fromDate' | 'toDate';
  readonly label: string;
  /** The days on offer, ascending. */
  readonly days: readonly string[];
  readonly disabled?: boolean;
  readonly error: string | null;
}) {
  const { values, setFieldValue } = useFormikContext<ChangeValues>();
  return (
    <div className="ds-field">
      <label className="ds-label" htmlFor={fieldId(name)}>
        {label}
      </label>
      <input
        className="ds-input"
        type="date"
        id={fieldId(name)}
        name={name}
        value={values[name]}
        min={days[0]}
        max={days.at(-1)}
        disabled={disabled}
        onChange={(event) => void setFieldValue(name, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${DATES_HINT_ID} ${errorId(name)}`}
      />
      <div id={errorId(name)} aria-live="polite" data-field="validation">
        {error ? <p className="ds-validation-message">{error}</p> : null}
      </div>
    </div>
  );
}
