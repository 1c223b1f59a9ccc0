// Connecting an existing subscription to the logged-in identity (/koble-bruker): search by
// e-mail or phone, verify the 6-digit SMS code, assign with the one-time connect token.
//
// Rules: the answer to a search never reveals whether anything matched (a verification is
// always created; a non-match can never verify and answers exactly like a wrong code). Codes
// are random, valid 10 minutes, single use, compared as hashes in constant time, and a
// verification is locked after 5 wrong tries: the 6th try is refused with 404
// VERIFICATION_NOT_FOUND even with the right code (the verification is dead; the user asks for
// a new code, which the search and SMS limits bound).
// Rate limits: 5 searches per user per hour (`search:<spid>`) and 3 sends per searched phone or
// e-mail per 10 minutes (`sms:<identifier>`). The send limit is counted for the searched
// identifier whether or not it matched, so a 429 does not reveal a match either. A send is done
// once per Idempotency-Key: a repeat (a browser sends a POST again by itself when a kept-alive
// connection closes before the answer) answers the first send, counts nothing, sends nothing.
// Owns `verifications`.
import { randomUUID } from 'node:crypto';

import { accessStatusCodes } from '../../../shared/subscription/status';
import type { Clock } from '../../clock';
import { randomCode, randomToken, sameHash, sha256 } from '../../crypto';
import type { Db, Queryable } from '../../db/db';
import { DomainError, RateLimitedError } from '../../errors';
import { type MessageSender, outboxSender } from '../../messaging/outbox';
import { accountRowOfIdentity, type Account, toAccount } from '../accounts/accounts';
import { consume } from '../rate-limits';
import { sameRequest } from '../sendKeys';
import { moveSubscriptions } from '../subscriptions/lifecycle';

export const CODE_TTL_MINUTES = 10;
export const TOKEN_TTL_MINUTES = 10;
export const MAX_WRONG_ATTEMPTS = 5;
export const SEARCH_LIMIT = { limit: 5, windowSeconds: 3600 } as const;
export const SMS_LIMIT = { limit: 3, windowSeconds: 600 } as const;

export interface SearchInput {
  readonly sessionSpidId: string;
  readonly email?: string | undefined;
  readonly phone?: string | undefined;
  readonly titleCode: string;
  /** The client's Idempotency-Key of this send: a repeat answers the first send, sends nothing. */
  readonly idempotencyKey?: string | undefined;
}

export interface SearchAccepted {
  readonly verificationId: string;
  readonly maskedPhone: string | null;
  readonly expiresAt: string;
}

/** Digits only, without the Norwegian country code: '+47 400 00 002' → '40000002'. */
export function normalisePhone(phone: string): string {
  let digits = phone.replace(/\D/g, '');
  if (digits.startsWith('0047')) digits = digits.slice(4);
  else if (digits.length === 10 && digits.startsWith('47')) digits = digits.slice(2);
  return digits;
}

/** The phone the user typed, masked: '+4791234567' → '+47 *** ** 567'. */
export function maskPhone(phone: string): string {
  const digits = normalisePhone(phone);
  const last = digits.slice(-3);
  return digits.length === 8 ? `+47 *** ** ${last}` : `*** ** ${last}`;
}

const codeHash = (verificationId: string, code: string) => sha256(`${verificationId}:${code}`);

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

const notFound = () =>
  new DomainError('not-found', 'VERIFICATION_NOT_FOUND', 'No such verification, or it expired');
const wrongCode = () =>
  new DomainError('invalid', 'VERIFICATION_CODE_WRONG', 'The code is wrong', 'code');

interface Match {
  aria_account_no: string;
  phone_number: string;
}

/** Another identity's account with a subscription to the title, by e-mail or phone. */
async function findMatch(db: Queryable, input: SearchInput, titleCode: string) {
  const byEmail = input.email !== undefined;
  const rows = await db.query<Match & Record<string, unknown>>(
    `with users as (
       select spid_id, email, phone_number,
              regexp_replace(phone_number, '[^0-9]', '', 'g') as digits
         from identity_users)
     select a.aria_account_no, u.phone_number
       from users u join accounts a on a.spid_id = u.spid_id
      where a.spid_id <> $1
        and exists (select 1 from subscriptions s
                     where s.aria_account_no = a.aria_account_no and s.title_code = $2)
        and ${
          byEmail
            ? 'lower(u.email) = lower($3)'
            : `(case when u.digits like '0047%' then substr(u.digits, 5)
                     when length(u.digits) = 10 and u.digits like '47%' then substr(u.digits, 3)
                     else u.digits end) = $3`
        }
      order by a.aria_account_no
      limit 1`,
    [input.sessionSpidId, titleCode, byEmail ? input.email : normalisePhone(input.phone ?? '')],
  );
  return rows[0];
}

/** What a send's key was made for: the same key with another search is refused. */
const searchHash = (titleCode: string, identifier: string, byEmail: boolean) =>
  sha256(`${titleCode}:${byEmail ? 'email' : 'phone'}:${identifier}`);

/** The verification an earlier send with this key started, if any (sendKeys.ts). */
async function sendByKey(
  db: Queryable,
  spidId: string,
  key: string,
  hash: string,
): Promise<{ id: string; expires_at: Date | string } | undefined> {
  const [row] = await db.query<{
    id: string;
    expires_at: Date | string;
    request_hash: string | null;
  }>(
    `select id, expires_at, request_hash from verifications
      where spid_id = $1 and idempotency_key = $2`,
    [spidId, key],
  );
  return sameRequest(row, hash);
}

export async function searchAccount(
  db: Db,
  clock: Clock,
  input: SearchInput,
  sender?: MessageSender,
): Promise<SearchAccepted> {
  if (input.email === undefined && input.phone === undefined) {
    throw new DomainError('invalid', 'VALIDATION_FAILED', 'Give an e-mail or a phone', 'email');
  }
  const now = clock.now();
  const titleCode = input.titleCode;
  const byEmail = input.email !== undefined;
  const identifier =
    input.email !== undefined ? input.email.toLowerCase() : normalisePhone(input.phone ?? '');
  const key = input.idempotencyKey;
  const hash = searchHash(titleCode, identifier, byEmail);
  const maskedPhone =
    input.phone !== undefined && input.email === undefined ? maskPhone(input.phone) : null;
  const accepted = (row: { id: string; expires_at: Date | string }): SearchAccepted => ({
    verificationId: row.id,
    maskedPhone,
    expiresAt: new Date(row.expires_at).toISOString(),
  });

  // A repeat of a send answers it again: no limit counted, no SMS.
  const earlier =
    key === undefined ? undefined : await sendByKey(db, input.sessionSpidId, key, hash);
  if (earlier) return accepted(earlier);

  const match = await findMatch(db, input, titleCode);
  const id = randomUUID();
  const code = randomCode();
  // A non-match stores the hash of a random token: no 6-digit code can ever equal it.
  const codeHashed = match ? codeHash(id, code) : codeHash(id, randomToken());
  const expiresAt = minutesAfter(now, CODE_TTL_MINUTES);

  // The send takes its key first: a repeat that arrives while the first is still running waits
  // for that row here (the unique key) and then answers the first send's verification. Only the
  // send that holds the key counts towards the limits and sends the SMS; a refused one is undone
  // whole (key, counts, verification).
  const created = await db.transaction(async (tx) => {
    const [inserted] = await tx.query<{ id: string }>(
      `insert into verifications (id, spid_id, title_code, target_account_no, phone, code_hash,
         expires_at, created_at, idempotency_key, request_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (spid_id, idempotency_key) where idempotency_key is not null do nothing
       returning id`,
      [
        id,
        input.sessionSpidId,
        titleCode,
        match?.aria_account_no ?? null,
        match?.phone_number ?? null,
        codeHashed,
        expiresAt.toISOString(),
        now.toISOString(),
        key ?? null,
        key === undefined ? null : hash,
      ],
    );
    if (!inserted) return false;
    const searchWait = await consume(
      tx,
      `search:${input.sessionSpidId}`,
      SEARCH_LIMIT.limit,
      SEARCH_LIMIT.windowSeconds,
      now,
    );
    if (searchWait > 0) throw new RateLimitedError(searchWait);
    const smsWait = await consume(
      tx,
      `sms:${identifier}`,
      SMS_LIMIT.limit,
      SMS_LIMIT.windowSeconds,
      now,
    );
    if (smsWait > 0) throw new RateLimitedError(smsWait);
    if (match && match.phone_number) {
      await (sender ?? outboxSender(tx, now)).sendSms(
        match.phone_number,
        `Koden din for Min Side er ${code}. Den gjelder i ${CODE_TTL_MINUTES} minutter.`,
      );
    }
    return true;
  });
  if (!created && key !== undefined) {
    const first = await sendByKey(db, input.sessionSpidId, key, hash);
    if (!first) throw new Error('A send with this key was neither stored nor found');
    return accepted(first);
  }
  return accepted({ id, expires_at: expiresAt });
}

export interface VerifyInput {
  readonly sessionSpidId: string;
  readonly verificationId: string;
  readonly code: string;
}

export async function verifyCode(
  db: Db,
  clock: Clock,
  input: VerifyInput,
): Promise<
  { result: 'ok'; connectToken: string } | { result: 'USER_HAS_ACTIVE_SUB'; connectToken: null }
> {
  const now = clock.now();
  // Counting the try first, atomically: concurrent guesses cannot exceed the limit.
  const [row] = await db.query<{
    code_hash: string;
    target_account_no: string | null;
    title_code: string;
  }>(
    `update verifications set attempts = attempts + 1
      where id = $1 and spid_id = $2 and used_at is null and expires_at > $3 and attempts < $4
      returning code_hash, target_account_no, title_code`,
    [input.verificationId, input.sessionSpidId, now.toISOString(), MAX_WRONG_ATTEMPTS],
  );
  if (!row) throw notFound();
  const right =
    sameHash(codeHash(input.verificationId, input.code), row.code_hash) &&
    row.target_account_no !== null;
  if (!right) throw wrongCode();

  // Someone who already has access to the title would end up with two subscriptions to it.
  const active = await db.query(
    `select 1 from subscriptions s join accounts a on a.aria_account_no = s.aria_account_no
      where a.spid_id = $1 and s.title_code = $2 and s.status_code = any($3::int[])`,
    [input.sessionSpidId, row.title_code, accessStatusCodes],
  );
  if (active.length > 0) {
    await db.query('update verifications set used_at = $2 where id = $1', [
      input.verificationId,
      now.toISOString(),
    ]);
    return { result: 'USER_HAS_ACTIVE_SUB', connectToken: null };
  }

  const connectToken = `ct_${randomToken()}`;
  const used = await db.query(
    `update verifications set used_at = $2, connect_token_hash = $3, connect_token_expires_at = $4
      where id = $1 and used_at is null returning id`,
    [
      input.verificationId,
      now.toISOString(),
      sha256(connectToken),
      minutesAfter(now, TOKEN_TTL_MINUTES).toISOString(),
    ],
  );
  if (used.length === 0) throw notFound(); // a concurrent try with the right code won
  return { result: 'ok', connectToken };
}

export interface AssignInput {
  readonly sessionSpidId: string;
  readonly connectToken: string;
}

/**
 * Connects the found subscription: accounts.spid_id is one per identity, so the found account's
 * subscriptions to the title move onto the session user's account (created if missing), with
 * one `assign` event per moved subscription, all in one transaction.
 */
export async function assignAccount(db: Db, clock: Clock, input: AssignInput): Promise<Account> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [verification] = await tx.query<{
      id: string;
      target_account_no: string | null;
      title_code: string;
    }>(
      `update verifications set connected_at = $3
        where connect_token_hash = $1 and spid_id = $2 and connected_at is null
          and connect_token_expires_at > $3
        returning id, target_account_no, title_code`,
      [sha256(input.connectToken), input.sessionSpidId, now.toISOString()],
    );
    if (!verification?.target_account_no) {
      throw new DomainError(
        'not-found',
        'CONNECT_TOKEN_INVALID',
        'The connect token is unknown, used or expired',
      );
    }
    const from = verification.target_account_no;
    const titleCode = verification.title_code;

    const account = await accountRowOfIdentity(tx, input.sessionSpidId, titleCode, now);
    if (account.aria_account_no === from) {
      throw new DomainError(
        'conflict',
        'ACCOUNT_ALREADY_ASSIGNED',
        'The subscription is already connected to this user',
      );
    }

    const moved = await moveSubscriptions(tx, {
      fromAccountNo: from,
      toAccountNo: account.aria_account_no,
      titleCode,
      now,
      detail: {
        fromAccountNo: from,
        toAccountNo: account.aria_account_no,
        verificationId: verification.id,
      },
    });
    if (moved === 0) {
      throw new DomainError(
        'conflict',
        'ACCOUNT_ALREADY_ASSIGNED',
        'The subscription has already been connected to another user',
      );
    }
    return toAccount(account);
  });
}

/** Erasure (privacy/deletion.ts): the identity's connection codes, and those aimed at the account. */
export async function eraseVerifications(
  db: Queryable,
  spidId: string,
  ariaAccountNo: string | null,
): Promise<void> {
  await db.query('delete from verifications where spid_id = $1 or target_account_no = $2', [
    spidId,
    ariaAccountNo,
  ]);
}
