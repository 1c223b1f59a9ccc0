// The contact-details fields of a form (contactSchema.ts): name, phone and contact e-mail, each
// with the input type and autocomplete a phone or a password manager fills in. Only the fields
// given are shown (the screens leave out what the identity provider owns).
import type { ContactField } from './contactSchema';
import { TextField, type TextFieldProps } from './TextField';
import { prefetchPhoneRule } from './validation';

const INPUT_PROPS: Readonly<Record<ContactField, Partial<TextFieldProps>>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  // The phone rule loads while the reader types the number (validation.ts).
  phoneNumber: { type: 'tel', autoComplete: 'tel', maxLength: 32, onFocus: prefetchPhoneRule },
  email: { type: 'email', autoComplete: 'email' },
};

export interface ContactFieldsProps {
  readonly fields: readonly ContactField[];
  readonly labels: Readonly<Record<ContactField, string>>;
  /** Help texts under the labels. */
  readonly descriptions?: Readonly<Partial<Record<ContactField, string>>>;
  /** The phone may stay empty (the label says "(valgfritt)"). */
  readonly phoneOptional?: boolean;
}

export function ContactFields({
  fields,
  labels,
  descriptions = {},
  phoneOptional = false,
}: ContactFieldsProps) {
  return (
    <>
      {fields.map((field) => (
        <TextField
          key={field}
          {...INPUT_PROPS[field]}
          name={field}
          label={labels[field]}
          optional={field === 'phoneNumber' && phoneOptional}
          description={descriptions[field]}
        />
      ))}
    </>
  );
}
