// The shared form pieces: the delivery-address schema and conversions (also used by the order
// screen), the phone rule, and the server's field errors mapped onto a form's fields.
import { describe, expect, it } from '@jest/globals';
import { ValidationError } from 'yup';

import { formatStoredPhoneNumber } from '../../../../src/app/lib/format/phone';
import {
  deliveryAddressSchema,
  deliveryAddressValues,
  emptyDeliveryAddress,
  toDeliveryAddress,
} from '../../../../src/app/ui/form/deliveryAddressSchema';
import { fieldId, flattenErrors, serverFieldErrors } from '../../../../src/app/ui/form/fieldErrors';
import {
  MESSAGES,
  normalisePhoneInput,
  optionalPhoneNumber,
  phoneNumber,
} from '../../../../src/app/ui/form/validation';

async function errorsOf(values: object): Promise<Record<string, string>> {
  try {
    await deliveryAddressSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // As formik shows them: the first message of each field.
    const first: Record<string, string> = {};
    for (const e of error.inner) first[e.path ?? ''] ??= String(e.message);
    return first;
  }
}

const valid = {
  coName: 'Kari Nordmann',
  street: 'Markens gate',
  streetNumber: '12B',
  flatNumber: '',
  floor: '',
  postalCode: '4611',
  place: 'Kristiansand S',
};

describe('deliveryAddressSchema', () => {
  it('names each missing field with its requirements §5 message', async () => {
    expect(await errorsOf(emptyDeliveryAddress)).toEqual({
      coName: MESSAGES.coNameRequired,
      street: MESSAGES.streetRequired,
      streetNumber: MESSAGES.streetNumberRequired,
      postalCode: MESSAGES.required,
      place: MESSAGES.required,
    });
  });

  it('takes a four-digit postal code only, and blanks as missing', async () => {
    expect(await errorsOf(valid)).toEqual({});
    for (const postalCode of ['461', '46110', '46a1', '4611 '.repeat(2)])
      expect(await errorsOf({ ...valid, postalCode })).toEqual({ postalCode: MESSAGES.postalCode });
    expect(await errorsOf({ ...valid, street: '   ' })).toEqual({
      street: MESSAGES.streetRequired,
    });
  });

  it('holds the lengths of the contract', async () => {
    expect(
      await errorsOf({ ...valid, streetNumber: '12345678901', floor: 'x'.repeat(11) }),
    ).toEqual({ streetNumber: MESSAGES.tooLong, floor: MESSAGES.tooLong });
  });
});

describe('delivery address conversions', () => {
  it('trims, and leaves empty optional fields out of the API address', () => {
    expect(
      toDeliveryAddress({ ...valid, coName: ' Kari ', flatNumber: ' ', floor: ' 2 ' }),
    ).toEqual({
      coName: 'Kari',
      street: 'Markens gate',
      streetNumber: '12B',
      floor: '2',
      postalCode: '4611',
      place: 'Kristiansand S',
    });
  });

  it('gives empty form values for no address', () => {
    expect(deliveryAddressValues(null)).toEqual(emptyDeliveryAddress);
    expect(deliveryAddressValues(toDeliveryAddress(valid))).toEqual(valid);
  });
});

describe('phone numbers (the rule of src/shared/profile/phone.ts)', () => {
  it.each(['91234567', '912 34 567', '+47 912 34 567', '0047-91234567', '+46701234567'])(
    'accepts %s',
    async (phone) => expect(await phoneNumber().isValid(phone)).toBe(true),
  );
  it.each([
    '1234',
    '12345678',
    '912345678901234567',
    '+47 9123 456a',
    '',
    '++4791234567',
    '+46 12',
  ])('refuses %s', async (phone) => expect(await phoneNumber().isValid(phone)).toBe(false));
  it('may be left empty where it is optional, but not be wrong', async () => {
    expect(await optionalPhoneNumber().isValid('')).toBe(true);
    expect(await optionalPhoneNumber().isValid('12345678')).toBe(false);
  });
  it('shows a stored number as a reader writes it, without the phone library', () => {
    expect(formatStoredPhoneNumber('+4791234567')).toBe('912 34 567');
    expect(formatStoredPhoneNumber('+4722222222')).toBe('22 22 22 22');
    expect(formatStoredPhoneNumber('+46701234567')).toBe('+46701234567');
    expect(formatStoredPhoneNumber('+47 400 00 003')).toBe('+47 400 00 003');
  });
  it('keeps the digits and the plus', () =>
    expect(normalisePhoneInput('+47 (912) 34-567')).toBe('+4791234567'));
});

describe('field errors', () => {
  const problem = {
    status: 400,
    data: {
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'address.postalCode', message: 'must match pattern' },
        { field: 'address.street', message: 'is too long' },
        { field: 'ariaAccountNo', message: 'is required' },
      ],
    },
  };

  it('puts the server errors on nested form fields with the catalogue messages', () => {
    const errors = serverFieldErrors(
      problem,
      { address: valid },
      { messages: { 'address.postalCode': MESSAGES.postalCode } },
    );
    expect(errors).toEqual({
      address: { postalCode: MESSAGES.postalCode, street: MESSAGES.invalid },
    });
    expect(flattenErrors(errors)).toEqual([
      { name: 'address.postalCode', message: MESSAGES.postalCode },
      { name: 'address.street', message: MESSAGES.invalid },
    ]);
  });

  it('maps request fields to the form fields, and leaves out fields the form lacks', () => {
    const errors = serverFieldErrors(problem, valid, {
      fieldOf: (field) => (field.startsWith('address.') ? field.slice(8) : null),
    });
    expect(errors).toEqual({ postalCode: MESSAGES.invalid, street: MESSAGES.invalid });
    expect(serverFieldErrors({ status: 500, data: { code: 'INTERNAL_ERROR' } }, valid)).toEqual({});
  });

  it('gives every field a stable id', () => {
    expect(fieldId('address.postalCode')).toBe('field-address-postalCode');
  });
});
