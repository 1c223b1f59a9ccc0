// The phone number rule of the profile (requirements §5 "Telefonnummeret er ugyldig"), one module for the
// SPA's forms and the server's PUT account, so the server refuses exactly what the form refuses.
// Norwegian numbers may be written without a country code (8 digits, or 0047/+47 …); any other
// country needs its code (+46 …). Valid numbers are stored in E.164 (+4791234567).
//
// libphonenumber-js with its `min` metadata: the smallest build that knows every country's
// calling code, number lengths and leading digits (about 16 KB brotli). It does not hold the
// per-type patterns of `max` (+65 KB), so for some countries it checks the length only; for
// Norway the leading digits are checked too (no number starts with 1, and 0 only for special
// services), which is what a reader's typing errors need.
import {
  type CountryCode,
  parsePhoneNumberFromString,
  type PhoneNumber,
} from 'libphonenumber-js/min';

/** Numbers without a country code are Norwegian. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'NO';

/** The longest phone input taken (a formatted international number with room for spaces). */
export const PHONE_INPUT_MAX_LENGTH = 32;

/**
 * What may be typed: digits with an optional leading '+', and the spaces, dashes, dots and
 * brackets people write between them. Letters (vanity numbers), extensions and anything else are
 * refused before the library sees the input: it would otherwise read "1-800-FLOWERS" as digits.
 */
const TYPED = /^\+?[0-9][0-9 ().-]*$/;

function parse(input: string): PhoneNumber | null {
  // "(+47) 912 34 567": the country code in brackets, as some write it.
  const typed = input.trim().replace(/^\(\+([0-9]{1,3})\)/, '+$1');
  if (typed.length === 0 || typed.length > PHONE_INPUT_MAX_LENGTH || !TYPED.test(typed))
    return null;
  const parsed = parsePhoneNumberFromString(typed, {
    defaultCountry: DEFAULT_PHONE_COUNTRY,
    extract: false,
  });
  return parsed && parsed.isValid() && !parsed.ext ? parsed : null;
}

/** Whether `input` is a valid Norwegian or international phone number. */
export const isValidPhoneNumber = (input: string): boolean => parse(input) !== null;

/** The number in E.164 ('912 34 567' → '+4791234567'), or null when it is not valid. */
export const normalisePhoneNumber = (input: string): string | null => parse(input)?.number ?? null;
