// The paper delivery address as a form (requirements §3 Delivery address, §5 messages): the values
// formik edits (all strings), their yup schema, and the conversions from and to the API's
// DeliveryAddress. Shared by /leveringsadresse, the order screen's paper plans and
// /endre-avislevering; the field names and this module's exports are a stable API
// (DeliveryAddressFields renders the fields; usePostalPlace checks the postal code against the
// register and fills the place in).
import { object, string } from 'yup';

import type { DeliveryAddress } from '../../api/account';

import { MESSAGES, optionalText, requiredText } from './validation';

export interface DeliveryAddressValues {
  readonly coName: string;
  readonly street: string;
  readonly streetNumber: string;
  readonly flatNumber: string;
  readonly floor: string;
  readonly postalCode: string;
  readonly place: string;
}

/** The fields in form order. */
export const DELIVERY_ADDRESS_FIELDS = [
  'coName',
  'street',
  'streetNumber',
  'flatNumber',
  'floor',
  'postalCode',
  'place',
] as const satisfies readonly (keyof DeliveryAddressValues)[];

export type DeliveryAddressField = (typeof DELIVERY_ADDRESS_FIELDS)[number];

export const emptyDeliveryAddress: DeliveryAddressValues = {
  coName: '',
  street: '',
  streetNumber: '',
  flatNumber: '',
  floor: '',
  postalCode: '',
  place: '',
};

/** A Norwegian postal code: four digits. */
export const POSTAL_CODE = /^[0-9]{4}$/;

/** Limits of the contract's DeliveryAddress. */
export const deliveryAddressSchema = object({
  coName: requiredText(100, MESSAGES.coNameRequired),
  street: requiredText(100, MESSAGES.streetRequired),
  streetNumber: requiredText(10, MESSAGES.streetNumberRequired),
  flatNumber: optionalText(10),
  floor: optionalText(10),
  postalCode: string()
    .trim()
    .required(MESSAGES.required)
    .matches(POSTAL_CODE, { message: MESSAGES.postalCode }),
  place: requiredText(100),
});

/** Form values of a stored address (empty fields for none). */
export function deliveryAddressValues(
  address: DeliveryAddress | null | undefined,
): DeliveryAddressValues {
  if (!address) return emptyDeliveryAddress;
  return {
    coName: address.coName,
    street: address.street,
    streetNumber: address.streetNumber,
    flatNumber: address.flatNumber ?? '',
    floor: address.floor ?? '',
    postalCode: address.postalCode,
    place: address.place,
  };
}

/** The API's DeliveryAddress of valid form values: trimmed, empty optional fields left out. */
export function toDeliveryAddress(values: DeliveryAddressValues): DeliveryAddress {
  const flatNumber = values.flatNumber.trim();
  const floor = values.floor.trim();
  return {
    coName: values.coName.trim(),
    street: values.street.trim(),
    streetNumber: values.streetNumber.trim(),
    ...(flatNumber ? { flatNumber } : {}),
    ...(floor ? { floor } : {}),
    postalCode: values.postalCode.trim(),
    place: values.place.trim(),
  };
}

/**
 * The message of a server 400 on an address field: the postal code has its own, any other field
 * the server refused (the form checked it already) "{info} er ikke gyldig".
 */
export const deliveryAddressServerMessages: Readonly<Record<DeliveryAddressField, string>> = {
  coName: MESSAGES.invalid,
  street: MESSAGES.invalid,
  streetNumber: MESSAGES.invalid,
  flatNumber: MESSAGES.invalid,
  floor: MESSAGES.invalid,
  postalCode: MESSAGES.postalCode,
  place: MESSAGES.invalid,
};

/**
 * The message of a server refusal of an address by its problem code, over the field's own
 * (serverFieldErrors' `codeMessages`): a postal code the register does not know.
 */
export const deliveryAddressCodeMessages: Readonly<Record<string, string>> = {
  POSTAL_CODE_UNKNOWN: MESSAGES.postalCodeUnknown,
};

/** The message of a server refusal of one address field, with the problem's code. */
export const deliveryAddressServerMessage = (
  field: DeliveryAddressField,
  code: string | null | undefined,
): string => (code && deliveryAddressCodeMessages[code]) || deliveryAddressServerMessages[field];
