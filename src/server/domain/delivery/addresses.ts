// The one rule for a delivery address someone writes: the account's address (PUT account), an
// order's delivery address (createOrder) and the address of a delivery change (changeRules.ts).
// The requirements §5 messages on the trimmed fields, a postal code of four digits that Posten/Bring's
// register knows (400 POSTAL_CODE_UNKNOWN otherwise, on the writer's own dotted field), and the
// place as the register names it.
//
// The place the reader sent is replaced by the register's, not checked against it: the postal
// code decides where the paper goes (Posten sorts by it) and the register names its one place, so
// a place written otherwise ("Kristiansand" or "kr.sand" for 4611 "Kristiansand S", or the old
// place left behind after changing the code) is either the same place or a slip the reader cannot
// act on. Refusing it would only ask the reader to type what the register already says; the
// screens fill the place in from the same register (GET /api/postal-codes/{postalCode}) and show
// it before anything is saved.
//
// Addresses stored before this rule (an account's address, an order placed earlier and completed
// now) are left as they are: only what is written through these requests is checked.
import { DomainError } from '../../errors';

import { postalPlace } from './postalCodes';

/** A delivery address as it is stored (requirements §3; accounts.ts re-exports it). */
export interface DeliveryAddress {
  readonly coName: string;
  readonly street: string;
  readonly streetNumber: string;
  readonly flatNumber?: string;
  readonly floor?: string;
  readonly postalCode: string;
  readonly place: string;
}

/**
 * An address's seven stored parts in the order every table keeps them (c/o name, street, street
 * number, flat, floor, postal code, place), each null when missing; all null for no address.
 */
export function addressValues(a: DeliveryAddress | null | undefined): (string | null)[] {
  return [
    a?.coName ?? null,
    a?.street ?? null,
    a?.streetNumber ?? null,
    a?.flatNumber ?? null,
    a?.floor ?? null,
    a?.postalCode ?? null,
    a?.place ?? null,
  ];
}

/** A delivery address as a request carries it; the place, if sent, is replaced. */
export interface DeliveryAddressInput {
  readonly coName: string;
  readonly street: string;
  readonly streetNumber: string;
  readonly flatNumber?: string | undefined;
  readonly floor?: string | undefined;
  readonly postalCode: string;
  readonly place?: string | undefined;
}

/** Trimmed text, or undefined when empty. */
const text = (value: string | undefined) => {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? undefined : trimmed;
};

const invalid = (code: string, message: string, field: string) =>
  new DomainError('invalid', code, message, field);

/**
 * The address to store for `input`: trimmed, empty optional fields left out, the register's
 * place. `field` is where the address sits in the request ('address', 'deliveryAddress'): a
 * refusal names the dotted field ('deliveryAddress.postalCode').
 */
export function checkDeliveryAddress(input: DeliveryAddressInput, field: string): DeliveryAddress {
  const coName = text(input.coName);
  if (!coName)
    throw invalid('VALIDATION_FAILED', 'Navn er påkrevd på leveringsadresse', `${field}.coName`);
  const street = text(input.street);
  if (!street) throw invalid('VALIDATION_FAILED', 'Adresse er påkrevd', `${field}.street`);
  const streetNumber = text(input.streetNumber);
  if (!streetNumber)
    throw invalid('VALIDATION_FAILED', 'Gatenummer er påkrevd', `${field}.streetNumber`);
  const postalCode = text(input.postalCode) ?? '';
  if (!/^[0-9]{4}$/.test(postalCode))
    throw invalid('VALIDATION_FAILED', 'Postnummeret må være fire siffer', `${field}.postalCode`);
  const place = postalPlace(postalCode);
  if (!place)
    throw invalid(
      'POSTAL_CODE_UNKNOWN',
      `Postnummeret ${postalCode} finnes ikke`,
      `${field}.postalCode`,
    );
  const flatNumber = text(input.flatNumber);
  const floor = text(input.floor);
  return {
    coName,
    street,
    streetNumber,
    ...(flatNumber ? { flatNumber } : {}),
    ...(floor ? { floor } : {}),
    postalCode,
    place,
  };
}
