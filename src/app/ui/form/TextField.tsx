// The one wrapper of formik's text fields (bulletproof-react: wrap the form library once): a
// labelled Designsystemet input bound to a formik field, with an optional help text and its
// validation message linked by aria-describedby. The message is a catalogue key (see
// validation.ts) translated with the field's label as {{info}}, shown from the first submit on
// (then kept current as the reader types). Not on leaving a field: a message appearing on blur
// moves the submit button under the pointer between mousedown and mouseup, and the click is lost.
// Native input props (type, autoComplete, inputMode, ...) pass through.
import { type FieldValidator, useField, useFormikContext } from 'formik';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import { descriptionId, errorId, fieldId } from './fieldErrors';
import './forms.css';
import '../designsystemet-forms.css';

export type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'id' | 'children'
> & {
  /** The formik field, dotted for nested values ('address.street'). */
  readonly name: string;
  /** The visible label; also the {{info}} of "{info} er påkrevd". */
  readonly label: string;
  /** Help text under the label. */
  readonly description?: string;
  /** Marks the label "(valgfritt)". */
  readonly optional?: boolean;
  /**
   * A check of this field besides the form's schema (formik's field-level validation; a stable
   * function): a message key for a value it refuses, undefined otherwise.
   */
  readonly validate?: FieldValidator;
};

/** The translated message of a field error key, with the field's label as {{info}}. */
export function useFieldErrorText() {
  const { t } = useTranslation('common');
  return (message: string, label: string) => t(message, { ns: 'common', info: label });
}

export function TextField({
  name,
  label,
  description,
  optional = false,
  validate,
  onBlur,
  onChange,
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation('common');
  const errorText = useFieldErrorText();
  const [field, meta] = useField<string>({ name, validate });
  const { submitCount } = useFormikContext();
  const error = submitCount > 0 && meta.error ? errorText(meta.error, label) : null;
  const describedBy = [description ? descriptionId(name) : null, errorId(name)]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="ds-field">
      <label className="ds-label" htmlFor={fieldId(name)}>
        {label}
        {optional ? <span className="form-optional"> {t('form.optional')}</span> : null}
      </label>
      {description ? (
        <p className="ds-paragraph" data-field="description" id={descriptionId(name)}>
          {description}
        </p>
      ) : null}
      <input
        type="text"
        {...inputProps}
        className={['ds-input', inputProps.className].filter(Boolean).join(' ')}
        id={fieldId(name)}
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => {
          field.onChange(event);
          onChange?.(event);
        }}
        onBlur={(event) => {
          field.onBlur(event);
          onBlur?.(event);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {/* Always present and polite: a message that changes while the reader types is read out. */}
      <div id={errorId(name)} aria-live="polite" data-field="validation">
        {error ? <p className="ds-validation-message">{error}</p> : null}
      </div>
    </div>
  );
}
