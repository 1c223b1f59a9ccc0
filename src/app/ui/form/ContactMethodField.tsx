// An e-mail address or a phone number, the reader's choice (two radios), then the one field for
// it, in a formik form whose values hold `method`, `email` and `phone`. The field is checked by
// the rules the server applies too (validation.ts: the e-mail rule, and the phone rule of
// src/shared/profile/phone.ts); choosing the other way starts afresh, with no messages about the
// field just left. The words are the screen's: it says what the contact is for.
import { useFormikContext } from 'formik';
import { mixed, object, string } from 'yup';

import { TextField, type TextFieldProps } from './TextField';
import {
  emailAddress,
  MESSAGES,
  normalisePhoneInput,
  phoneNumber,
  prefetchPhoneRule,
} from './validation';

import '../designsystemet-forms.css';

export type ContactMethod = 'email' | 'phone';

export const CONTACT_METHODS: readonly ContactMethod[] = ['email', 'phone'];

export interface ContactMethodValues {
  readonly method: ContactMethod;
  readonly email: string;
  readonly phone: string;
}

/** Only the chosen field is checked. */
export const contactMethodSchema = object({
  method: mixed<ContactMethod>().oneOf(['email', 'phone']).required(),
  email: string().when('method', { is: 'email', then: () => emailAddress() }),
  phone: string().when('method', { is: 'phone', then: () => phoneNumber() }),
});

/** The contact as sent: trimmed, and a phone without what people type around the digits. */
export const contactValueOf = (method: ContactMethod, raw: string) =>
  method === 'phone' ? normalisePhoneInput(raw.trim()) : raw.trim();

/** The field's message when the server refuses the contact by the same rules (a 400). */
export const contactRefusal = (method: ContactMethod) =>
  method === 'email' ? MESSAGES.email : MESSAGES.phone;

type PerMethod = Readonly<Record<ContactMethod, string>>;

export interface ContactMethodFieldProps {
  /** The radios' ids are `<idPrefix>-email` and `<idPrefix>-phone`. */
  readonly idPrefix: string;
  readonly legend: string;
  /** The radios' labels. */
  readonly methodLabels: PerMethod;
  /** The field's label by method; also the {{info}} of its messages. */
  readonly labels: PerMethod;
  readonly descriptions: PerMethod;
  /**
   * Whose contact it is: the reader's own is offered by the browser's autofill; someone else's
   * (an invitation) is not, and an address is not spell-checked.
   */
  readonly whose?: 'own' | 'other';
  /** An extra class on each radio's field. */
  readonly optionClassName?: string;
}

const INPUT_PROPS: Record<'own' | 'other', Record<ContactMethod, Partial<TextFieldProps>>> = {
  own: {
    email: { type: 'email', autoComplete: 'email' },
    phone: { type: 'tel', autoComplete: 'tel', onFocus: prefetchPhoneRule },
  },
  other: {
    email: { type: 'email', autoComplete: 'off', spellCheck: false },
    phone: { type: 'tel', autoComplete: 'off', onFocus: prefetchPhoneRule },
  },
};

export function ContactMethodField({
  idPrefix,
  legend,
  methodLabels,
  labels,
  descriptions,
  whose = 'own',
  optionClassName,
}: ContactMethodFieldProps) {
  const { values, resetForm } = useFormikContext<ContactMethodValues>();
  const method = values.method;
  return (
    <>
      <fieldset className="ds-fieldset">
        <legend className="ds-label">{legend}</legend>
        {CONTACT_METHODS.map((option) => (
          <div className={['ds-field', optionClassName].filter(Boolean).join(' ')} key={option}>
            <input
              type="radio"
              className="ds-input"
              id={`${idPrefix}-${option}`}
              name="method"
              value={option}
              checked={method === option}
              onChange={() => resetForm({ values: { ...values, method: option } })}
            />
            <label className="ds-label" htmlFor={`${idPrefix}-${option}`}>
              {methodLabels[option]}
            </label>
          </div>
        ))}
      </fieldset>
      <TextField
        key={method}
        {...INPUT_PROPS[whose][method]}
        name={method}
        label={labels[method]}
        description={descriptions[method]}
      />
    </>
  );
}
