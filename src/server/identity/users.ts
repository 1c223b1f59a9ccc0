// Owns `identity_users`: the people the embedded identity provider signs in (registered by the
// operator; the demo data registers its users here). The provider and the login form read them;
// the provider's account page (account-page.ts) lets a person change their name and birth date.
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

/** What the provider knows of a person (its account page shows it). */
export interface IdentityDetails {
  readonly spidId: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly birthDate: string | null;
}

export async function findIdentity(
  db: Queryable,
  spidId: string,
): Promise<IdentityDetails | undefined> {
  const [row] = await db.query<{
    spid_id: string;
    email: string;
    given_name: string;
    family_name: string;
    birth_date: string | null;
  }>(
    `select spid_id, email, given_name, family_name, birth_date::text as birth_date
       from identity_users where spid_id = $1`,
    [spidId],
  );
  return (
    row && {
      spidId: row.spid_id,
      email: row.email,
      givenName: row.given_name,
      familyName: row.family_name,
      birthDate: row.birth_date,
    }
  );
}

/** The person changes their name and birth date on the provider's account page. */
export async function updateIdentityDetails(
  db: Queryable,
  spidId: string,
  details: Pick<IdentityDetails, 'givenName' | 'familyName' | 'birthDate'>,
): Promise<void> {
  await db.query(
    `update identity_users set given_name = $2, family_name = $3, birth_date = $4::date
      where spid_id = $1`,
    [spidId, details.givenName, details.familyName, details.birthDate],
  );
}

/**
 * Erasure (privacy/deletion.ts): the embedded provider forgets the identity, so it cannot sign in
 * again (in production the identity provider's own privacy portal deletes the account).
 */
export async function eraseIdentity(db: Queryable, spidId: string): Promise<void> {
  await db.query('delete from identity_users where spid_id = $1', [spidId]);
}
