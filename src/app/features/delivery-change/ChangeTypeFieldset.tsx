// The first question of /endre-avislevering's form: what kind of change (a stop, a temporary
// address, a move), as radio buttons that each say what the kind means.
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';

import { errorId, fieldId } from '../../ui/form/fieldErrors';

import { CHANGE_TYPES, type ChangeValues } from './changeValues';
import { typeKey } from './format';
import '../../ui/designsystemet-forms.css';

const TYPE_FIELD_ID = fieldId('type');

/** The kinds of change, bound to the form, with the field's error linked and announced. */
export function ChangeTypeFieldset({
  legend,
  error,
}: {
  readonly legend: string;
  readonly error: string | null;
}) {
  const { t } = useTranslation('delivery-change');
  const { values, setFieldValue } = useFormikContext<ChangeValues>();
  return (
    <fieldset className="ds-fieldset delivery-change-types" aria-describedby={errorId('type')}>
      <legend className="ds-label">{legend}</legend>
      {CHANGE_TYPES.map((type, index) => {
        const id = index === 0 ? TYPE_FIELD_ID : `delivery-change-type-${type}`;
        return (
          <div className="ds-field" data-variant="outline" key={type}>
            <input
              className="ds-input"
              type="radio"
              id={id}
              name="type"
              value={type}
              checked={values.type === type}
              onChange={() => void setFieldValue('type', type)}
              aria-describedby={`${id}-description`}
            />
            <label className="ds-label" htmlFor={id}>
              {t(`delivery-change.types.${typeKey(type)}.title`)}
            </label>
            <p className="ds-paragraph" data-field="description" id={`${id}-description`}>
              {t(`delivery-change.types.${typeKey(type)}.description`)}
            </p>
          </div>
        );
      })}
      <div id={errorId('type')} aria-live="polite" data-field="validation">
        {error ? <p className="ds-validation-message">{error}</p> : null}
      </div>
    </fieldset>
  );
}
