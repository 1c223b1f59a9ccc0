// The account holder's profile as read: what Min Side keeps merged with what the identity
// provider says (accounts.ts writes it), the birth date the age rules use, and where a message to
// the reader goes.
import type { Queryable } from '../../db/db';
import type { AccountRead } from '../../db/reads';
import type { DeliveryAddress } from '../delivery/addresses';

import { getAccount } from './accounts';
import {
  birthDateFrom,
  given,
  identityOwnedFields,
  identityPhone,
  type IdentityDetails,
  type IdentityOwnedField,
} from './identityFields';

export interface AccountProfile {
  readonly ariaAccountNo: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly phoneNumber: string | null;
  readonly email: string | null;
  readonly birthDate: string | null;
  readonly address: DeliveryAddress | null;
  /** What the identity provider owns of it (changed there) and the e-mail the reader signs in with. */
  readonly identity: {
    readonly ownedFields: readonly IdentityOwnedField[];
    readonly loginEmail: string | null;
  };
}

/**
 * The account holder's profile: a field the identity provider owns is the provider's value;
 * the others are what Min Side keeps (account_profiles, changed with PUT account), and for the
 * phone and the contact e-mail, when never given there, the provider's value. The address is
 * Min Side's only; fields nobody knows are null.
 */
export async function getProfile(
  db: Queryable,
  ariaAccountNo: string,
  identity: IdentityDetails = {},
): Promise<AccountProfile> {
  const account = await getAccount(db, ariaAccountNo);
  const [row] = await db.query<Record<string, string | null>>(
    `select first_name, last_name, phone_number, email, birth_date::text as birth_date, co_name,
            street, street_number, flat_number, floor, postal_code, place
       from account_profiles where aria_account_no = $1`,
    [account.ariaAccountNo],
  );
  return {
    ariaAccountNo: account.ariaAccountNo,
    firstName: given(identity.givenName) ?? given(row?.first_name),
    lastName: given(identity.familyName) ?? given(row?.last_name),
    phoneNumber: given(row?.phone_number) ?? identityPhone(identity.phoneNumber),
    email: given(row?.email) ?? given(identity.email),
    birthDate: birthDateFrom(given(identity.birthDate), given(row?.birth_date) ?? null),
    address: row?.street
      ? {
          coName: row.co_name ?? '',
          street: row.street,
          streetNumber: row.street_number ?? '',
          ...(row.flat_number ? { flatNumber: row.flat_number } : {}),
          ...(row.floor ? { floor: row.floor } : {}),
          postalCode: row.postal_code ?? '',
          place: row.place ?? '',
        }
      : null,
    identity: {
      // A birth date given once here decides over the provider's (birthDateFrom): it is Min Side's.
      ownedFields: identityOwnedFields(identity).filter(
        (field) => field !== 'birthDate' || !given(row?.birth_date),
      ),
      loginEmail: given(identity.email),
    },
  };
}

const profileBirthDate = (account: string) =>
  `select birth_date::text as birth_date from account_profiles where aria_account_no = ${account}`;

/**
 * The birth date that decides age rules (18+ to buy, youth plan under 34): the one given once
 * on the profile, else the identity provider's (birthDateFrom); null when nobody knows it.
 * Never a value from the request.
 */
export async function knownBirthDate(
  db: Queryable,
  ariaAccountNo: string | null,
  identityBirthDate: string | null | undefined,
): Promise<string | null> {
  if (!ariaAccountNo) return birthDateFrom(identityBirthDate, null);
  const [row] = await db.query<{ birth_date: string | null }>(profileBirthDate('$1'), [
    ariaAccountNo,
  ]);
  return birthDateFrom(identityBirthDate, row?.birth_date ?? null);
}

/**
 * The birth date given on the profile, as a read composed into another statement (the session
 * bootstrap, which applies birthDateFrom to it).
 */
export const profileBirthDateRead: AccountRead<string | null> = {
  sql: (account) => `select to_json(pb.birth_date) from (${profileBirthDate(account)}) pb`,
  read: (json) => (typeof json === 'string' ? json : null),
};

/** Where a message to the reader goes, whom it greets, and the birth date the age rules use. */
export interface AccountContact {
  readonly email: string | null;
  readonly firstName: string | null;
  readonly birthDate: string | null;
}

/**
 * The reader as the server's own records know them, for messages and jobs that run without a
 * session: the e-mail, name and birth date Min Side keeps for the account (account_profiles),
 * else the identity provider's (the embedded provider's identities, or with an external provider
 * the claims of the reader's latest sign-in). The birth date follows birthDateFrom (the
 * profile's decides when both are known).
 */
export async function accountContact(
  db: Queryable,
  ariaAccountNo: string,
): Promise<AccountContact> {
  const [row] = await db.query<{
    email: string | null;
    first_name: string | null;
    profile_birth_date: string | null;
    identity_birth_date: string | null;
  }>(
    `select coalesce(nullif(p.email, ''), nullif(u.email, ''),
                     nullif(l.user_claims ->> 'email', '')) as email,
            coalesce(nullif(p.first_name, ''), nullif(u.given_name, ''),
                     nullif(l.user_claims ->> 'givenName', '')) as first_name,
            p.birth_date::text as profile_birth_date,
            coalesce(u.birth_date::text, nullif(l.user_claims ->> 'birthDate', ''))
              as identity_birth_date
       from accounts a
       left join account_profiles p on p.aria_account_no = a.aria_account_no
       left join identity_users u on u.spid_id = a.spid_id
       left join lateral (select user_claims from sessions
                           where spid_id = a.spid_id order by created_at desc limit 1) l on true
      where a.aria_account_no = $1`,
    [ariaAccountNo],
  );
  return {
    email: row?.email ?? null,
    firstName: row?.first_name ?? null,
    birthDate: birthDateFrom(row?.identity_birth_date, row?.profile_birth_date ?? null),
  };
}
