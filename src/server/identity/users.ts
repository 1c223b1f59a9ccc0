// Owns `identity_users`: the people the embedded identity provider signs in (registered by the
// operator; the demo data registers its users here). The provider and the login form read them.
import type { Queryable } from '../db/db';

import { hashPassword } from './password';

export interface NewIdentity {
  readonly spidId: string;
  readonly email: string;
  readonly password: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly phoneNumber: string;
  /** Unknown for some readers: they give it once on their profile (domain/accounts). */
  readonly birthDate: string | null;
  readonly userKind: string;
}

/** Registers one identity (its password stored as a salted scrypt hash only). */
export async function registerIdentity(db: Queryable, identity: NewIdentity): Promise<void> {
  await db.query(
    `insert into identity_users (spid_id, email, password_hash, given_name, family_name,
       phone_number, birth_date, user_kind) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      identity.spidId,
      identity.email,
      await hashPassword(identity.password),
      identity.givenName,
      identity.familyName,
      identity.phoneNumber,
      identity.birthDate,
      identity.userKind,
    ],
  );
}

/** Whether any identity is registered (the demo data goes only into an empty provider). */
export async function hasIdentities(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from identity_users');
  return !!row && row.n > 0;
}
