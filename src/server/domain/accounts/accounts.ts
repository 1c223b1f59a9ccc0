// Billing accounts: one per identity, created on first login with balance 0 (requirements §4), plus the
// profile data Min Side keeps for it. This module writes them (owner of `accounts`,
// `account_profiles` and `account_events`); profile.ts reads the profile as the reader sees it, and
// identityFields.ts says what the identity provider owns.
//
// Who owns which profile field: the identity provider owns the login e-mail, and the name and
// the birth date when it has them (they are changed at the provider and PUT account refuses
// them, 403 IDENTITY_OWNED_FIELD). Min Side owns the phone, the contact e-mail (where receipts
// go; the login e-mail until the reader gives another), the delivery address, and a name or
// birth date the provider lacks (the birth date given once). Every change of what Min Side
// keeps is in `account_events` with the names of the fields that changed, never their values:
// the audit trail outlives the profile, and a copy of old phone numbers and addresses in it
// would be personal data kept for no purpose. (The birth date given once is kept with its value:
// it decides the age rules, and the trail shows which date decided them.)
import { normalisePhoneNumber } from '../../../shared/profile/phone';
import { findPublication } from '../../../shared/publications/registry';
import { birthDateProblem } from '../../../shared/subscription/birth-date';
import type { Db, Queryable, Row } from '../../db/db';
import { DomainError } from '../../errors';
import { addressValues, checkDeliveryAddress, type DeliveryAddress } from '../delivery/addresses';

import { identityOwnedFields, type IdentityDetails } from './identityFields';

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

export type { DeliveryAddress };

export interface AccountUpdate {
  readonly ariaAccountNo: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly phoneNumber?: string;
  readonly email?: string;
  readonly address?: DeliveryAddress;
}

/** The profile fields an update can change, as the audit trail names them. */
export type ProfileField = 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'address';

interface StoredProfileRow extends Row {
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  email: string | null;
  co_name: string | null;
  street: string | null;
  street_number: string | null;
  flat_number: string | null;
  floor: string | null;
  postal_code: string | null;
  place: string | null;
}

const storedAddress = (row: StoredProfileRow | undefined) =>
  JSON.stringify([
    row?.co_name ?? null,
    row?.street ?? null,
    row?.street_number ?? null,
    row?.flat_number ?? null,
    row?.floor ?? null,
    row?.postal_code ?? null,
    row?.place ?? null,
  ]);

/** The fields of `update` whose stored value it changes (what the audit event names). */
function changedFields(
  before: StoredProfileRow | undefined,
  update: AccountUpdate,
  phoneNumber: string | undefined,
): ProfileField[] {
  const changed: ProfileField[] = [];
  const differs = (value: string | undefined, stored: string | null | undefined) =>
    value !== undefined && value !== (stored ?? null);
  if (differs(update.firstName, before?.first_name)) changed.push('firstName');
  if (differs(update.lastName, before?.last_name)) changed.push('lastName');
  if (differs(phoneNumber, before?.phone_number)) changed.push('phoneNumber');
  if (differs(update.email, before?.email)) changed.push('email');
  const a = update.address;
  if (
    a &&
    storedAddress(before) !==
      JSON.stringify([
        a.coName,
        a.street,
        a.streetNumber,
        a.flatNumber ?? null,
        a.floor ?? null,
        a.postalCode,
        a.place,
      ])
  )
    changed.push('address');
  return changed;
}

/**
 * Changes only the profile fields present; an address replaces the whole address. (The birth
 * date is not among them: it is given once, with giveBirthDate.) The phone number must be a
 * valid one (src/shared/profile/phone.ts, the SPA's rule) and is stored in E.164. When anything
 * changed, an audit event names the fields (not their values) and `actor`, who changed them
 * ('user:<spid>', 'order:<id>', 'demo-seed'). The profile row is locked while it is compared
 * and written: two changes at once are recorded one after the other, each against what the
 * other wrote. Run it in a transaction for the event and the change to be one. The address is
 * stored as given: the writers check it first (checkDeliveryAddress: modifyOwnAccount, an
 * order when it is placed, a delivery change), so an order placed before that rule still
 * completes with the address it was placed with.
 */
export async function modifyAccount(
  db: Queryable,
  update: AccountUpdate,
  actor: string,
): Promise<Account> {
  const account = await getAccount(db, update.ariaAccountNo);
  let phoneNumber: string | undefined;
  if (update.phoneNumber !== undefined) {
    const normalised = normalisePhoneNumber(update.phoneNumber);
    if (!normalised)
      throw new DomainError(
        'invalid',
        'PHONE_INVALID',
        'Not a valid Norwegian or international phone number',
        'phoneNumber',
      );
    phoneNumber = normalised;
  }
  const a = update.address;
  await db.query(
    `insert into account_profiles (aria_account_no) values ($1) on conflict do nothing`,
    [account.ariaAccountNo],
  );
  const [before] = await db.query<StoredProfileRow>(
    `select first_name, last_name, phone_number, email, co_name, street, street_number,
            flat_number, floor, postal_code, place
       from account_profiles where aria_account_no = $1 for update`,
    [account.ariaAccountNo],
  );
  const changed = changedFields(before, update, phoneNumber);
  if (changed.length === 0) return account;
  await db.query(
    `update account_profiles set
       first_name = coalesce($2, first_name),
       last_name = coalesce($3, last_name),
       phone_number = coalesce($4, phone_number),
       email = coalesce($5, email),
       co_name = case when $6::boolean then $7 else co_name end,
       street = case when $6::boolean then $8 else street end,
       street_number = case when $6::boolean then $9 else street_number end,
       flat_number = case when $6::boolean then $10 else flat_number end,
       floor = case when $6::boolean then $11 else floor end,
       postal_code = case when $6::boolean then $12 else postal_code end,
       place = case when $6::boolean then $13 else place end,
       updated_at = now()
     where aria_account_no = $1`,
    [
      account.ariaAccountNo,
      update.firstName ?? null,
      update.lastName ?? null,
      phoneNumber ?? null,
      update.email ?? null,
      a !== undefined,
      ...addressValues(a),
    ],
  );
  await db.query(
    `insert into account_events (aria_account_no, kind, actor, detail)
     values ($1, 'profile-changed', $2, $3::jsonb)`,
    [account.ariaAccountNo, actor, JSON.stringify({ fields: changed })],
  );
  return account;
}

/**
 * The reader gives their birth date once, when neither the identity provider nor the profile
 * has one: validated, written only if still unknown (two requests at once: one wins, the other
 * is refused), and kept in the account's audit trail.
 */
export async function giveBirthDate(
  db: Queryable,
  input: {
    readonly ariaAccountNo: string;
    readonly birthDate: string;
    readonly identityBirthDate: string | null | undefined;
    readonly today: string;
    readonly actor: string;
  },
): Promise<void> {
  const problem = birthDateProblem(input.birthDate, input.today);
  if (problem)
    throw new DomainError(
      'invalid',
      'BIRTH_DATE_INVALID',
      problem === 'future' ? 'A birth date cannot be in the future' : 'Not a valid birth date',
      'birthDate',
    );
  const locked = () =>
    new DomainError(
      'conflict',
      'BIRTH_DATE_ALREADY_SET',
      'The birth date is known already; customer service can correct it',
      'birthDate',
    );
  if (input.identityBirthDate) throw locked();
  await db.query(
    'insert into account_profiles (aria_account_no) values ($1) on conflict do nothing',
    [input.ariaAccountNo],
  );
  const written = await db.query(
    `update account_profiles set birth_date = $2::date, updated_at = now()
      where aria_account_no = $1 and birth_date is null
      returning aria_account_no`,
    [input.ariaAccountNo, input.birthDate],
  );
  if (written.length === 0) throw locked();
  await db.query(
    `insert into account_events (aria_account_no, kind, actor, detail)
     values ($1, 'birth-date-given', $2, $3::jsonb)`,
    [input.ariaAccountNo, input.actor, JSON.stringify({ birthDate: input.birthDate })],
  );
}

/**
 * The identity's account, made (balance 0, first title `firstTitleCode`) when it has none yet:
 * connecting a subscription needs an account to move it to. In the caller's transaction.
 */
export async function accountRowOfIdentity(
  tx: Queryable,
  spidId: string,
  firstTitleCode: string,
  now: Date,
): Promise<AccountRow> {
  const [existing] = await tx.query<AccountRow>(
    `select aria_account_no, spid_id, account_balance, first_title_code, created_at
       from accounts where spid_id = $1`,
    [spidId],
  );
  if (existing) return existing;
  const [created] = await tx.query<AccountRow>(
    `insert into accounts (spid_id, account_balance, first_title_code, created_at)
     values ($1, 0, $2, $3)
     returning aria_account_no, spid_id, account_balance, first_title_code, created_at`,
    [spidId, firstTitleCode, now.toISOString()],
  );
  return created!;
}

/** requirements §4: on the first login the account is created (balance 0, identity id, first title). */
export async function ensureAccount(
  db: Queryable,
  spidId: string,
  titleCode: string,
): Promise<Account> {
  const existing = await findAccountBySpidId(db, spidId);
  if (existing) return existing;
  try {
    return await createAccount(db, { spidId, firstTitleCode: titleCode, accountBalance: 0 });
  } catch (error) {
    // Two first logins at once: the other one created it.
    if (error instanceof DomainError && error.code === 'ACCOUNT_EXISTS') {
      const account = await findAccountBySpidId(db, spidId);
      if (account) return account;
    }
    throw error;
  }
}

/**
 * The reader's changes to their account (modifyAccount), with a birth date given on the profile
 * when the identity has none. An address is checked by the rule of every delivery address
 * (delivery/addresses.ts) and stored with the register's place. A field the identity provider owns for the reader is refused
 * (403 IDENTITY_OWNED_FIELD; a birth date it knows stays 409 BIRTH_DATE_ALREADY_SET, as when it
 * was given before). One transaction: a refused field leaves the others unchanged too.
 */
export function modifyOwnAccount(
  db: Db,
  update: AccountUpdate & { readonly birthDate?: string | undefined },
  reader: { readonly spidId: string; readonly identity: IdentityDetails },
  today: string,
): Promise<Account> {
  const { birthDate, ...fields } = update;
  const owned = identityOwnedFields(reader.identity).filter((field) => field !== 'birthDate');
  const refused = owned.find((field) => fields[field] !== undefined);
  if (refused)
    throw new DomainError(
      'forbidden',
      'IDENTITY_OWNED_FIELD',
      `${refused} comes from the identity provider and is changed there`,
      refused,
    );
  // The reader's address by the rule of every delivery address written (delivery/addresses.ts):
  // an unknown postal code is 400 POSTAL_CODE_UNKNOWN on address.postalCode; the place stored is
  // the register's.
  const checked = fields.address
    ? { ...fields, address: checkDeliveryAddress(fields.address, 'address') }
    : fields;
  const actor = `user:${reader.spidId}`;
  return db.transaction(async (tx) => {
    const account = await modifyAccount(tx, checked, actor);
    if (birthDate !== undefined)
      await giveBirthDate(tx, {
        ariaAccountNo: fields.ariaAccountNo,
        birthDate,
        identityBirthDate: reader.identity.birthDate,
        today,
        actor,
      });
    return account;
  });
}

/**
 * Erasure (privacy/deletion.ts): the profile and the account's events go; the account row stays
 * for the bookkeeping kept by law, no longer linked to the identity.
 */
export async function eraseAccount(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query('delete from account_profiles where aria_account_no = $1', [ariaAccountNo]);
  await db.query('delete from account_events where aria_account_no = $1', [ariaAccountNo]);
  await db.query(
    `update accounts set spid_id = 'erased:' || aria_account_no where aria_account_no = $1`,
    [ariaAccountNo],
  );
}
