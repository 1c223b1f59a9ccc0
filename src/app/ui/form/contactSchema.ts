// The account holder's contact details as a form (requirements §3 User, §5 messages): first and last
// name, phone and contact e-mail. Shared by /kontakt and /endre-profil. A field the identity
// provider owns for the reader (`profile.identity.ownedFields`: the name when the provider has
// it) is not in the form: the screens show it as the provider's, with a link to change it there,
// and PUT account would refuse it. The phone is checked by the server's own rule
// (src/shared/profile/phone.ts, loaded when needed: validation.ts), sent as typed (the server
// stores it in E.164) and a stored one is shown as a reader writes it.
import { object, type ObjectSchema } from 'yup';

import type { AccountProfile, AccountUpdate } from '../../api/account';
import { formatStoredPhoneNumber } from '../../lib/format/phone';

import {
  emailAddress,
  MESSAGES,
  optionalPhoneNumber,
  phoneNumber,
  requiredText,
} from './validation';

export interface ContactValues {
  readonly firstName: string;
  readonly lastName: string;
  readonly phoneNumber: string;
  readonly email: string;
}

export type ContactField = keyof ContactValues;

/** The fields in form order. */
export const CONTACT_FIELDS: readonly ContactField[] = [
  'firstName',
  'lastName',
  'phoneNumber',
  'email',
];

type ContactProfile = Pick<
  AccountProfile,
  'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'identity'
>;

/** The contact fields the reader edits here: those the identity provider does not own. */
export const editableContactFields = (profile: ContactProfile): readonly ContactField[] =>
  CONTACT_FIELDS.filter(
    (field) => !(profile.identity.ownedFields as readonly string[]).includes(field),
  );

/**
 * A phone number once known cannot be removed (PUT account changes only the fields sent), so
 * with one it is required; without one it may stay empty.
 */
export const isPhoneRequired = (profile: ContactProfile): boolean => !!profile.phoneNumber;

/** The form's values of a profile (the phone as a reader writes it). */
export const contactValuesOf = (profile: ContactProfile): ContactValues => ({
  firstName: profile.firstName ?? '',
  lastName: profile.lastName ?? '',
  phoneNumber: profile.phoneNumber ? formatStoredPhoneNumber(profile.phoneNumber) : '',
  email: profile.email ?? '',
});

/** The yup schema of the editable fields. */
export function contactSchema(profile: ContactProfile): ObjectSchema<Partial<ContactValues>> {
  const rules = {
    firstName: requiredText(100),
    lastName: requiredText(100),
    phoneNumber: isPhoneRequired(profile) ? phoneNumber() : optionalPhoneNumber(),
    email: emailAddress(),
  };
  const editable = editableContactFields(profile);
  return object(Object.fromEntries(editable.map((field) => [field, rules[field]]))) as ObjectSchema<
    Partial<ContactValues>
  >;
}

/**
 * The update of valid form values: the editable fields, trimmed; an empty phone (allowed only
 * when none is known) is not sent.
 */
export function contactUpdateOf(
  profile: ContactProfile,
  values: ContactValues,
): Omit<AccountUpdate, 'ariaAccountNo'> {
  const update: Record<string, string> = {};
  for (const field of editableContactFields(profile)) {
    const value = values[field].trim();
    if (field !== 'phoneNumber' || value) update[field] = value;
  }
  return update;
}

/** The form's values after `update` was saved (the fields it did not send as they were). */
export const contactValuesSaved = (
  values: ContactValues,
  update: Omit<AccountUpdate, 'ariaAccountNo'>,
): ContactValues => ({
  firstName: update.firstName ?? values.firstName,
  lastName: update.lastName ?? values.lastName,
  phoneNumber: update.phoneNumber ?? values.phoneNumber,
  email: update.email ?? values.email,
});

/** The server's objections per field, in the words of requirements §5. */
export const contactServerMessages: Readonly<Record<ContactField, string>> = {
  firstName: MESSAGES.invalid,
  lastName: MESSAGES.invalid,
  phoneNumber: MESSAGES.phone,
  email: MESSAGES.email,
};
