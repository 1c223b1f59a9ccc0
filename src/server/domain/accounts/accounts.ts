// Billing accounts: one per identity, created on first login with balance 0 (spec §4), plus the
// profile data Min Side keeps for it.
import { findPublication } from '../../../shared/publications/registry';
import type { Queryable, Row } from '../../db/db';
import { DomainError } from '../errors';

export interface Account {
  readonly ariaAccountNo: string;
  readonly spidId: string;
  readonly accountBalance: number;
  readonly firstTitleCode: string;
  readonly currency: 'NOK';
  readonly createdAt: string;
}

export interface AccountRow extends Row {
  aria_account_no: string;
  spid_id: string;
  account_balance: number;
  first_title_code: string;
  created_at: Date | string;
}

export const toAccount = (row: AccountRow): Account => ({
  ariaAccountNo: row.aria_account_no,
  spidId: row.spid_id,
  accountBalance: Number(row.account_balance),
  firstTitleCode: row.first_title_code,
  currency: 'NOK',
  createdAt: new Date(row.created_at).toISOString(),
});

const columns = 'aria_account_no, spid_id, account_balance, first_title_code, created_at';

export interface NewAccount {
  readonly spidId: string;
  readonly firstTitleCode: string;
  readonly accountBalance: number;
}

export async function createAccount(db: Queryable, input: NewAccount): Promise<Account> {
  if (input.accountBalance !== 0) {
    throw new DomainError(
      'invalid',
      'INVALID_BALANCE',
      'A new account starts with balance 0',
      'accountBalance',
    );
  }
  const publication = findPublication(input.firstTitleCode);
  if (!publication) {
    throw new DomainError(
      'invalid',
      'UNKNOWN_TITLE',
      `Unknown title code ${input.firstTitleCode}`,
      'firstTitleCode',
    );
  }
  const rows = await db.query<AccountRow>(
    `insert into accounts (spid_id, account_balance, first_title_code) values ($1, 0, $2)
     on conflict (spid_id) do nothing returning ${columns}`,
    [input.spidId, publication.titleCode],
  );
  if (!rows[0]) {
    throw new DomainError(
      'conflict',
      'ACCOUNT_EXISTS',
      'An account already exists for this identity',
      'spidId',
    );
  }
  return toAccount(rows[0]);
}

export async function findAccount(
  db: Queryable,
  ariaAccountNo: string,
): Promise<Account | undefined> {
  const rows = await db.query<AccountRow>(
    `select ${columns} from accounts where aria_account_no = $1`,
    [ariaAccountNo],
  );
  return rows[0] && toAccount(rows[0]);
}

export async function findAccountBySpidId(
  db: Queryable,
  spidId: string,
): Promise<Account | undefined> {
  const rows = await db.query<AccountRow>(`select ${columns} from accounts where spid_id = $1`, [
    spidId,
  ]);
  return rows[0] && toAccount(rows[0]);
}

export async function getAccount(db: Queryable, ariaAccountNo: string): Promise<Account> {
  const account = await findAccount(db, ariaAccountNo);
  if (!account)
    throw new DomainError('not-found', 'ACCOUNT_NOT_FOUND', `No account ${ariaAccountNo}`);
  return account;
}

export interface DeliveryAddress {
  readonly coName: string;
  readonly street: string;
  readonly streetNumber: string;
  readonly flatNumber?: string;
  readonly floor?: string;
  readonly postalCode: string;
  readonly place: string;
}

export interface AccountUpdate {
  readonly ariaAccountNo: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly phoneNumber?: string;
  readonly email?: string;
  readonly birthDate?: string;
  readonly address?: DeliveryAddress;
}

/** Changes only the profile fields present; an address replaces the whole address. */
export async function modifyAccount(db: Queryable, update: AccountUpdate): Promise<Account> {
  const account = await getAccount(db, update.ariaAccountNo);
  const a = update.address;
  await db.query(
    `insert into account_profiles (aria_account_no) values ($1) on conflict do nothing`,
    [account.ariaAccountNo],
  );
  await db.query(
    `update account_profiles set
       first_name = coalesce($2, first_name),
       last_name = coalesce($3, last_name),
       phone_number = coalesce($4, phone_number),
       email = coalesce($5, email),
       birth_date = coalesce($6::date, birth_date),
       co_name = case when $7::boolean then $8 else co_name end,
       street = case when $7::boolean then $9 else street end,
       street_number = case when $7::boolean then $10 else street_number end,
       flat_number = case when $7::boolean then $11 else flat_number end,
       floor = case when $7::boolean then $12 else floor end,
       postal_code = case when $7::boolean then $13 else postal_code end,
       place = case when $7::boolean then $14 else place end,
       updated_at = now()
     where aria_account_no = $1`,
    [
      account.ariaAccountNo,
      update.firstName ?? null,
      update.lastName ?? null,
      update.phoneNumber ?? null,
      update.email ?? null,
      update.birthDate ?? null,
      a !== undefined,
      a?.coName ?? null,
      a?.street ?? null,
      a?.streetNumber ?? null,
      a?.flatNumber ?? null,
      a?.floor ?? null,
      a?.postalCode ?? null,
      a?.place ?? null,
    ],
  );
  return account;
}

export interface AccountProfile {
  readonly ariaAccountNo: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly phoneNumber: string | null;
  readonly email: string | null;
  readonly birthDate: string | null;
  readonly address: DeliveryAddress | null;
}

/** What the identity provider says about the account holder (the session's claims). */
export interface IdentityDetails {
  readonly givenName?: string | null;
  readonly familyName?: string | null;
  readonly phoneNumber?: string | null;
  readonly email?: string | null;
  readonly birthDate?: string | null;
}

const given = (value: string | null | undefined) => (value ? value : null);

/**
 * The account holder's contact details and delivery address: what Min Side keeps
 * (account_profiles, changed with PUT account), and for a contact field never given there, the
 * identity provider's value. The address is Min Side's only; fields nobody knows are null.
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
    firstName: given(row?.first_name) ?? given(identity.givenName),
    lastName: given(row?.last_name) ?? given(identity.familyName),
    phoneNumber: given(row?.phone_number) ?? given(identity.phoneNumber),
    email: given(row?.email) ?? given(identity.email),
    birthDate: given(row?.birth_date) ?? given(identity.birthDate),
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
  };
}
