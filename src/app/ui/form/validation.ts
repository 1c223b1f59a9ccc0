// Shared yup rules and the validation messages of requirements §5. A message is a catalogue key in
// `common` (form.validation.*), not text: the field that shows it translates it with its own
// label as {{info}} ("Fornavn er påkrevd"), so one schema serves nb and nn and every screen.
// A feature's own message may be given as "<namespace>:<key>".
import { string } from 'yup';

export const MESSAGES = {
  /** "{info} er påkrevd" — {info} is the field's label. */
  required: 'form.validation.required',
  /** "Vennligst skriv en gyldig e-postadresse". */
  email: 'form.validation.email',
  /** "Telefonnummeret er ugyldig". */
  phone: 'form.validation.phone',
  /** "{info} har for mange tegn". */
  tooLong: 'form.validation.too-long',
  /** "{info} er ikke gyldig": a value the server refused for a reason the SPA did not check. */
  invalid: 'form.validation.invalid',
  coNameRequired: 'form.validation.co-name-required',
  streetRequired: 'form.validation.street-required',
  streetNumberRequired: 'form.validation.street-number-required',
  postalCode: 'form.validation.postal-code',
  /** "Postnummeret finnes ikke": four digits the postal-code register does not know. */
  postalCodeUnknown: 'form.validation.postal-code-unknown',
} as const;

/** What people type around a phone number (spaces, dashes, dots, brackets) removed. */
export const normalisePhoneInput = (value: string): string => value.replace(/[\s\-().]/g, '');

/** A trimmed text that must be given. */
export const requiredText = (max: number, requiredMessage: string = MESSAGES.required) =>
  string().trim().required(requiredMessage).max(max, MESSAGES.tooLong);

/** A trimmed text that may be left empty. */
export const optionalText = (max: number) => string().trim().max(max, MESSAGES.tooLong);

/** A required e-mail address (the contract's Email: at most 254 characters). */
export const emailAddress = () =>
  string().trim().required(MESSAGES.required).email(MESSAGES.email).max(254, MESSAGES.email);

/**
 * The phone rule the server applies too (src/shared/profile/phone.ts, libphonenumber-js with its
 * `min` metadata, ~24 KB compressed): a chunk of its own, loaded the first time a phone field
 * takes the focus or a phone is checked, so a form screen does not carry it up front.
 */
const phoneRule = () =>
  import(/* webpackChunkName: "phone-rule" */ '../../../shared/profile/phone');

/** Starts loading the phone rule (a phone field got the focus), so checking it waits for nothing. */
export const prefetchPhoneRule = (): void => void phoneRule().catch(() => undefined);

const validPhone = async (value: string | undefined) =>
  !value || (await phoneRule()).isValidPhoneNumber(value);

/**
 * A phone number, Norwegian or international, by the rule the server applies too; spaces,
 * dashes and brackets are allowed while typing (the server stores it in E.164).
 */
export const phoneNumber = () =>
  string().trim().required(MESSAGES.required).test('phone', MESSAGES.phone, validPhone);

/** A phone number that may be left empty. */
export const optionalPhoneNumber = () => string().trim().test('phone', MESSAGES.phone, validPhone);
