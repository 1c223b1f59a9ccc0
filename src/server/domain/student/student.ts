// Student and pupil verification (/student-verifisering(2), /elev-verifisering; spec
// §7 `student-email/`, `activate-student-subscription/`, `register-student/`,
// `activate-student/`). Owns `student_verifications`.
//
// A signed-in reader registers a student (or pupil) e-mail address on a title; a 6-digit code
// goes to that address; the right code verifies the address for `verificationMonths` (12 by
// default), and a verified reader may order the title's student plan (orders/pricing.ts asks
// `hasStudentVerification`). Outcomes are results in the body, not errors (requirements §7/§8), checked
// in this order:
// - registering: an address that is not a student (pupil) address EMAIL_WRONG; the reader holds
//   a subscription to the title other than the student plan ARIA_ACTIVE (a student subscriber
//   verifies again each year: that is allowed); another reader has verified the address on the
//   title USER_EXIST_ACTIVE; else the code is sent (ok).
// - activating: no open registration of the reader (for that address) USER_NOT_EXIST; the code
//   has expired, was used or replaced by a newer one, or had 5 wrong tries INVALID_CODE (request
//   a new one); a wrong code
//   CODE_WRONG (counted); then ARIA_ACTIVE and USER_EXIST_ACTIVE again (they may have changed
//   since the code went out); else the address is verified (ok).
// - ERROR when the code could not be sent (nothing is kept).
// The server decides everything: the reader is the session's, the institution comes from the
// maintained domain list, the time from the clock. Codes are random, kept as hashes, compared in
// constant time. Limits (429 with Retry-After, like /koble-bruker's SMS codes): a new code a
// minute after the last one at the earliest (`resendAvailableAt` tells when), 3 codes per
// address in 10 minutes, 10 codes and 30 activation tries per reader an hour. Two activations
// at once: the registration row is locked, and one verified reader per address and title is a
// unique index, so the second is USER_EXIST_ACTIVE or INVALID_CODE, never a second verification.
import { randomUUID } from 'node:crypto';

import { institutionOfEmail, type StudentKind } from '../../../shared/student/institutions';
import { STUDENT_PLAN_ID } from '../../../shared/subscription/plans';
import { accessStatusCodes } from '../../../shared/subscription/status';
import { addMonths, osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { StudentConfig } from '../../config';
import { randomCode, sameHash, sha256 } from '../../crypto';
import type { Db, Queryable } from '../../db/db';
import { RateLimitedError } from '../../errors';
import { type MessageSender, outboxSender } from '../../messaging/outbox';
import { accountRowOfIdentity } from '../accounts/accounts';
import { enforceLimit } from '../rate-limits';
import { sameRequest, sendKeyTurn } from '../sendKeys';
import { withdrawStudentConversion } from '../subscriptions/conversions';

import { codeEmail } from './messages';

export const CODE_TTL_MINUTES = 10;
export const MAX_WRONG_CODES = 5;
/** Codes per address in 10 minutes (as /koble-bruker's SMS codes). */
export const CODE_EMAIL_LIMIT = { limit: 3, windowSeconds: 600 } as const;
/** Codes per reader an hour. */
export const CODE_USER_LIMIT = { limit: 10, windowSeconds: 3600 } as const;
/** Activation tries per reader an hour. */
export const ACTIVATE_LIMIT = { limit: 30, windowSeconds: 3600 } as const;

export const DEFAULT_STUDENT_CONFIG: StudentConfig = {
  extraDomains: { student: [], pupil: [] },
  verificationMonths: 12,
  /** The least time between two codes to the same reader and title. */
  resendWaitSeconds: 60,
};

export type StudentResultCode =
  | 'ok'
  | 'ARIA_ACTIVE'
  | 'EMAIL_WRONG'
  | 'USER_EXIST_ACTIVE'
  | 'ERROR'
  | 'CODE_WRONG'
  | 'INVALID_CODE'
  | 'USER_NOT_EXIST'
  | 'MISSING_PARAMETERS';

export interface StudentAnswer {
  readonly result: StudentResultCode;
  readonly message: string | null;
  /** Registering: the institution the address belongs to. */
  readonly institution?: string | null;
  /** Registering: until when the code works. */
  readonly expiresAt?: string | null;
  /** Registering: from when another code may be sent. */
  readonly resendAvailableAt?: string | null;
  /** Activating: the last day the verification lasts (Europe/Oslo). */
  readonly validUntil?: string | null;
}

export interface StudentDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: StudentConfig;
  /** The e-mail port in the caller's transaction (the outbox unless a test gives another). */
  readonly sender?: (tx: Queryable, now: Date) => MessageSender;
}

/** The signed-in reader, as the session knows them. */
export interface StudentReader {
  readonly spidId: string;
}

const MESSAGES: Record<Exclude<StudentResultCode, 'ok'>, string> = {
  ARIA_ACTIVE: 'Du har allerede et aktivt abonnement',
  EMAIL_WRONG: 'Du må bruke e-postadressen du har fra studiestedet',
  USER_EXIST_ACTIVE: 'E-postadressen er allerede bekreftet av en annen bruker',
  ERROR: 'Noe gikk galt. Prøv igjen',
  CODE_WRONG: 'Koden er feil',
  INVALID_CODE: 'Koden har utløpt. Be om en ny kode',
  USER_NOT_EXIST: 'Vi finner ingen registrering. Be om en ny kode',
  MISSING_PARAMETERS: 'Noe mangler i forespørselen',
};

const answer = (result: Exclude<StudentResultCode, 'ok'>): StudentAnswer => ({
  result,
  message: MESSAGES[result],
});

const normalise = (email: string) => email.trim().toLowerCase();
const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

/** The reader holds a subscription with access to the title other than the student plan. */
async function holdsOtherSubscription(
  tx: Queryable,
  accountNo: string,
  titleCode: string,
): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from subscriptions s join plans p on p.id = s.plan_id
      where s.aria_account_no = $1 and s.title_code = $2 and s.status_code = any($3::int[])
        and p.aria_plan_id <> $4`,
    [accountNo, titleCode, accessStatusCodes, STUDENT_PLAN_ID],
  );
  return rows.length > 0;
}

/** Another reader has a verification of the address on the title that still lasts. */
async function verifiedByOther(
  tx: Queryable,
  spidId: string,
  titleCode: string,
  emailNormalised: string,
  today: string,
): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from student_verifications
      where title_code = $1 and email_normalised = $2 and status = 'verified'
        and spid_id <> $3 and valid_until >= $4::date`,
    [titleCode, emailNormalised, spidId, today],
  );
  return rows.length > 0;
}

/** Verifications past their last day stop holding their address (status lapsed). */
async function lapseEnded(
  tx: Queryable,
  titleCode: string,
  emailNormalised: string,
  today: string,
) {
  await tx.query(
    `update student_verifications set status = 'lapsed'
      where title_code = $1 and email_normalised = $2 and status = 'verified'
        and valid_until < $3::date`,
    [titleCode, emailNormalised, today],
  );
}

export interface Registration {
  readonly email: string;
  readonly titleCode: string;
  readonly kind: StudentKind;
  /** The school or university as the reader typed it (pupils); else the list's name. */
  readonly institution?: string | undefined;
  /** The client's Idempotency-Key of this send: a repeat answers the first send, sends nothing. */
  readonly idempotencyKey?: string | undefined;
}

interface SentRow extends Record<string, unknown> {
  institution: string;
  code_sent_at: Date | string;
  code_expires_at: Date | string;
  request_hash: string | null;
}

/** The earlier send with this key of the reader (sendKeys.ts), if any. */
async function sentWithKey(
  db: Queryable,
  spidId: string,
  key: string | undefined,
  requestHash: string,
): Promise<SentRow | undefined> {
  if (key === undefined) return undefined;
  const [row] = await db.query<SentRow>(
    `select institution, code_sent_at, code_expires_at, request_hash from student_verifications
      where spid_id = $1 and idempotency_key = $2`,
    [spidId, key],
  );
  return sameRequest(row, requestHash);
}

/** Registers a student (pupil) address and e-mails a code to it (the rules at the top). */
export async function registerStudent(
  deps: StudentDeps,
  reader: StudentReader,
  input: Registration,
): Promise<StudentAnswer> {
  const now = deps.clock.now();
  const today = osloDateOf(now);
  const email = input.email.trim();
  const emailNormalised = normalise(email);
  const listed = institutionOfEmail(
    emailNormalised,
    input.kind,
    deps.config.extraDomains[input.kind],
  );
  if (!listed) return answer('EMAIL_WRONG');
  const key = input.idempotencyKey;
  const requestHash = sha256(
    `${input.kind}:${input.titleCode}:${emailNormalised}:${input.institution?.trim() ?? ''}`,
  );
  const sent = (row: SentRow): StudentAnswer => ({
    result: 'ok' as const,
    message: null,
    institution: row.institution,
    expiresAt: new Date(row.code_expires_at).toISOString(),
    resendAvailableAt: new Date(
      new Date(row.code_sent_at).getTime() + deps.config.resendWaitSeconds * 1000,
    ).toISOString(),
  });
  // A repeat of a send answers it again: no limit counted, no e-mail.
  const earlier = await sentWithKey(deps.db, reader.spidId, key, requestHash);
  if (earlier) return sent(earlier);
  const institution = input.institution?.trim() || listed.name;
  try {
    return await deps.db.transaction(async (tx) => {
      // A repeat that arrives while the first is still sending waits for it here, then answers it.
      await sendKeyTurn(tx, reader.spidId, key);
      const first = await sentWithKey(tx, reader.spidId, key, requestHash);
      if (first) return sent(first);
      await enforceLimit(tx, `student-code-user:${reader.spidId}`, CODE_USER_LIMIT, now);
      await enforceLimit(tx, `student-code-email:${emailNormalised}`, CODE_EMAIL_LIMIT, now);
      // The reader's account, locked: one registration of the reader at a time.
      const account = await accountRowOfIdentity(tx, reader.spidId, input.titleCode, now);
      await tx.query('select 1 from accounts where aria_account_no = $1 for update', [
        account.aria_account_no,
      ]);
      if (await holdsOtherSubscription(tx, account.aria_account_no, input.titleCode))
        return answer('ARIA_ACTIVE');
      if (await verifiedByOther(tx, reader.spidId, input.titleCode, emailNormalised, today))
        return answer('USER_EXIST_ACTIVE');

      const [open] = await tx.query<{ id: string; code_sent_at: Date | string }>(
        `select id, code_sent_at from student_verifications
          where spid_id = $1 and title_code = $2 and status = 'registered'`,
        [reader.spidId, input.titleCode],
      );
      if (open) {
        const waitMs = new Date(open.code_sent_at).getTime() + deps.config.resendWaitSeconds * 1000;
        if (waitMs > now.getTime())
          throw new RateLimitedError(Math.ceil((waitMs - now.getTime()) / 1000));
        await tx.query(`update student_verifications set status = 'replaced' where id = $1`, [
          open.id,
        ]);
      }

      const id = randomUUID();
      const code = randomCode();
      const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
      await tx.query(
        `insert into student_verifications (id, spid_id, aria_account_no, title_code, kind, email,
           email_normalised, institution, status, code_hash, code_sent_at, code_expires_at,
           created_at, idempotency_key, request_hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'registered', $9, $10, $11, $10, $12, $13)`,
        [
          id,
          reader.spidId,
          account.aria_account_no,
          input.titleCode,
          input.kind,
          email,
          emailNormalised,
          institution,
          codeHash(id, code),
          now.toISOString(),
          expiresAt.toISOString(),
          key ?? null,
          key === undefined ? null : requestHash,
        ],
      );
      const message = codeEmail({
        titleCode: input.titleCode,
        kind: input.kind,
        institution,
        code,
        minutes: CODE_TTL_MINUTES,
      });
      try {
        await (deps.sender ?? outboxSender)(tx, now).sendEmail(
          email,
          message.subject,
          message.body,
        );
      } catch (error) {
        throw new NotSent(error);
      }
      return {
        result: 'ok' as const,
        message: null,
        institution,
        expiresAt: expiresAt.toISOString(),
        resendAvailableAt: new Date(
          now.getTime() + deps.config.resendWaitSeconds * 1000,
        ).toISOString(),
      };
    });
  } catch (error) {
    if (error instanceof NotSent) return answer('ERROR');
    throw error;
  }
}

/** The code could not be sent: the transaction is undone and ERROR answered. */
class NotSent extends Error {
  constructor(cause: unknown) {
    super('student code not sent', { cause });
  }
}

export interface Activation {
  readonly titleCode: string;
  readonly code: string;
  /** The address the code went to (student-email/ flow); absent: the reader's open registration. */
  readonly email?: string | undefined;
}

interface OpenRow extends Record<string, unknown> {
  id: string;
  status: 'registered' | 'verified' | 'replaced' | 'lapsed';
  aria_account_no: string;
  email_normalised: string;
  code_hash: string;
  code_expires_at: Date | string;
  code_wrong_tries: number;
}

/** Checks the code of the reader's open registration and verifies it (the rules at the top). */
export async function activateStudent(
  deps: StudentDeps,
  reader: StudentReader,
  input: Activation,
): Promise<StudentAnswer> {
  const now = deps.clock.now();
  const today = osloDateOf(now);
  await enforceLimit(deps.db, `student-activate:${reader.spidId}`, ACTIVATE_LIMIT, now);
  const wanted = input.email === undefined ? null : normalise(input.email);
  try {
    return await verifyInTx(deps, reader, input, wanted, now, today);
  } catch (error) {
    // Another reader verified the address in the same moment: the unique index decided.
    if ((error as { code?: unknown } | null)?.code === '23505') return answer('USER_EXIST_ACTIVE');
    throw error;
  }
}

function verifyInTx(
  deps: StudentDeps,
  reader: StudentReader,
  input: Activation,
  wanted: string | null,
  now: Date,
  today: string,
): Promise<StudentAnswer> {
  return deps.db.transaction(async (tx) => {
    // The reader's newest registration on the title (for the address, when named), locked.
    const [open] = await tx.query<OpenRow>(
      `select id, status, aria_account_no, email_normalised, code_hash, code_expires_at,
              code_wrong_tries
         from student_verifications
        where spid_id = $1 and title_code = $2 and ($3::text is null or email_normalised = $3)
        order by created_at desc, code_sent_at desc limit 1
        for update`,
      [reader.spidId, input.titleCode, wanted],
    );
    if (!open) return answer('USER_NOT_EXIST');
    // A code used already (replayed) or replaced by a newer one works no more.
    if (open.status !== 'registered') return answer('INVALID_CODE');
    const expired = new Date(open.code_expires_at).getTime() <= now.getTime();
    if (expired || open.code_wrong_tries >= MAX_WRONG_CODES) return answer('INVALID_CODE');
    if (!sameHash(codeHash(open.id, input.code), open.code_hash)) {
      await tx.query(
        'update student_verifications set code_wrong_tries = code_wrong_tries + 1 where id = $1',
        [open.id],
      );
      return answer('CODE_WRONG');
    }
    if (await holdsOtherSubscription(tx, open.aria_account_no, input.titleCode))
      return answer('ARIA_ACTIVE');
    await lapseEnded(tx, input.titleCode, open.email_normalised, today);
    if (await verifiedByOther(tx, reader.spidId, input.titleCode, open.email_normalised, today))
      return answer('USER_EXIST_ACTIVE');
    // The reader's earlier verification on the title (last year's, another address) gives way.
    await tx.query(
      `update student_verifications set status = 'lapsed'
        where spid_id = $1 and title_code = $2 and status = 'verified'`,
      [reader.spidId, input.titleCode],
    );
    const validUntil = addMonths(today, deps.config.verificationMonths);
    await tx.query(
      `update student_verifications
          set status = 'verified', verified_at = $2, valid_until = $3::date
        where id = $1`,
      [open.id, now.toISOString(), validUntil],
    );
    // A student subscription told it would change because the last verification lapses keeps
    // the student plan after all.
    await withdrawStudentConversion(tx, {
      ariaAccountNo: open.aria_account_no,
      titleCode: input.titleCode,
      clock: deps.clock,
    });
    return { result: 'ok' as const, message: null, validUntil };
  });
}

/** The reader's verification on the title that lasts today, if any (the student plan's gate). */
export async function studentVerification(
  db: Queryable,
  ariaAccountNo: string,
  titleCode: string,
  today: string,
): Promise<{ kind: StudentKind; institution: string; validUntil: string } | null> {
  const [row] = await db.query<{ kind: StudentKind; institution: string; valid_until: string }>(
    `select kind, institution, valid_until::text from student_verifications
      where aria_account_no = $1 and title_code = $2 and status = 'verified'
        and valid_until >= $3::date
      order by verified_at desc limit 1`,
    [ariaAccountNo, titleCode, today],
  );
  return row ? { kind: row.kind, institution: row.institution, validUntil: row.valid_until } : null;
}

/**
 * Demo data (seed/student.ts): a registration whose code went out before Min Side's records
 * begin (its code is not known: the reader asks for a new one), or a verification made
 * `verifiedAt`.
 */
export async function importStudentVerification(
  db: Queryable,
  input: {
    readonly spidId: string;
    readonly ariaAccountNo: string;
    readonly titleCode: string;
    readonly kind: StudentKind;
    readonly email: string;
    readonly institution: string;
    readonly sentAt: Date;
    /** Absent: registered, the code not yet used. */
    readonly verified?: { readonly at: Date; readonly validUntil: string };
  },
): Promise<void> {
  const id = randomUUID();
  await db.query(
    `insert into student_verifications (id, spid_id, aria_account_no, title_code, kind, email,
       email_normalised, institution, status, code_hash, code_sent_at, code_expires_at,
       verified_at, valid_until, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::date, $11)`,
    [
      id,
      input.spidId,
      input.ariaAccountNo,
      input.titleCode,
      input.kind,
      input.email,
      normalise(input.email),
      input.institution,
      input.verified ? 'verified' : 'registered',
      codeHash(id, randomUUID()),
      input.sentAt.toISOString(),
      new Date(input.sentAt.getTime() + CODE_TTL_MINUTES * 60_000).toISOString(),
      input.verified?.at.toISOString() ?? null,
      input.verified?.validUntil ?? null,
    ],
  );
}

/** Erasure (privacy/deletion.ts): the reader's student and pupil verifications. */
export async function eraseStudentVerifications(db: Queryable, spidId: string): Promise<void> {
  await db.query('delete from student_verifications where spid_id = $1', [spidId]);
}
