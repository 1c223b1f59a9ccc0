// What the identity provider says about the account holder, and which profile fields it owns
// for them (see the ownership rule at the top of accounts.ts). No database here.
import { normalisePhoneNumber } from '../../../shared/profile/phone';

/** What the identity provider says about the account holder (the session's claims). */
export interface IdentityDetails {
  readonly givenName?: string | null;
  readonly familyName?: string | null;
  readonly phoneNumber?: string | null;
  readonly email?: string | null;
  readonly birthDate?: string | null;
}

export const given = (value: string | null | undefined) => (value?.trim() ? value : null);

/** The provider's phone number in E.164 like Min Side's own, or as it is when not a valid one. */
export function identityPhone(phone: string | null | undefined): string | null {
  const known = given(phone);
  return known && (normalisePhoneNumber(known) ?? known);
}

/** The profile fields the identity provider can own, when it has a value for them. */
export type IdentityOwnedField = 'firstName' | 'lastName' | 'birthDate';

/** The profile fields the identity provider owns for this reader: those it has a value for. */
export function identityOwnedFields(identity: IdentityDetails): IdentityOwnedField[] {
  const owned: IdentityOwnedField[] = [];
  if (given(identity.givenName)) owned.push('firstName');
  if (given(identity.familyName)) owned.push('lastName');
  if (given(identity.birthDate)) owned.push('birthDate');
  return owned;
}

/**
 * The birth date that decides age rules: the one given once on the profile, else the identity
 * provider's. The profile's is only ever given while the provider knows none, so when both are
 * known the profile's came first and has already decided: a date added at the provider later
 * cannot make a reader younger than the one they gave Min Side.
 */
export const birthDateFrom = (
  identityBirthDate: string | null | undefined,
  profileBirthDate: string | null,
): string | null => profileBirthDate || identityBirthDate || null;
