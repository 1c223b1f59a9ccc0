// An invited employee takes the company's seat (/bedrift): signed in, with the token of the
// invitation link, either because the signed-in e-mail address is the invited one or with a
// 6-digit code e-mailed to the invited address.
//
// Rules:
// - The signed-in user's address is the identity provider's (the embedded provider's record of
//   the user, else what the provider said at sign-in), never anything in the request.
// - Outcomes are results, not errors (requirements §4 verification result codes), checked in this order:
//   no token REQUEST_MISSING_VALUES; no live invitation for it (unknown, removed, replaced by a
//   resend) EMAIL_DOES_NOT_EXIST; used already USER_IS_ACTIVE (also the second of two at once:
//   the seat row is locked); the link is past its 30 days LINK_EXPIRED; the provider does not
//   know the user NO_SPID_FOUND; the user has a subscription with access to the title already
//   USER_HAS_ACTIVE_SUB (the user's account is locked, so two invitations verified at once give
//   one seat); then the address or the code: CODE_REQUIRED, CODE_WRONG, CODE_EXPIRED; then the
//   seat is made: the billing account (created on a first visit, else ERROR_IN_CREATING_ACCOUNT)
//   and the seat's subscription, through the subscription lifecycle (a business seat of the
//   title's business plan; none: AMPS_RETURNED_NULL). The seat was held since the invitation, so
//   verifying never exceeds the agreement's seats.
// - Codes (like /koble-bruker's SMS codes): random, 10 minutes, for the user who asked only,
//   single use, compared as hashes in constant time, dead after 5 wrong tries (the 6th try is
//   CODE_EXPIRED even with the right code); asking again ends the earlier code. Rate limits: 3
//   codes per invitation in 10 minutes and 10 per user an hour; 30 verifications per user an
//   hour.
import { randomUUID } from 'node:crypto';

import { maskEmail, normaliseEmail } from '../../../shared/business/emails';
import { BUSINESS_PLAN_ID } from '../../../shared/subscription/plans';
import { accessStatusCodes } from '../../../shared/subscription/status';
import { randomCode, sameHash, sha256 } from '../../crypto';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { findIdentity, hasIdentities } from '../../identity/users';
import { outboxSender } from '../../messaging/outbox';
import { accountRowOfIdentity } from '../accounts/accounts';
import { enforceLimit } from '../rate-limits';
import { sameRequest, sendKeyTurn } from '../sendKeys';
import { findPlan, insertSharedSubscription } from '../subscriptions/lifecycle';

import {
  activateSeat,
  codeSentWithKey,
  countCodeTry,
  type InvitedSeat,
  insertCode,
  recordSeatEvent,
  seatByTokenHash,
  useCode,
} from './agreements';
import type { BusinessDeps } from './changes';
import { codeEmail } from './messages';

export const CODE_TTL_MINUTES = 10;
export const MAX_WRONG_CODES = 5;
/** Codes per invitation (its link's token) in 10 minutes. */
export const CODE_LIMIT = { limit: 3, windowSeconds: 600 } as const;
/** Codes per signed-in user an hour. */
export const CODE_USER_LIMIT = { limit: 10, windowSeconds: 3600 } as const;
/** Verifications per signed-in user an hour. */
export const VERIFY_LIMIT = { limit: 30, windowSeconds: 3600 } as const;

export type VerificationResult =
  | 'ok'
  | 'ERROR_IN_CREATING_ACCOUNT'
  | 'AMPS_RETURNED_NULL'
  | 'REQUEST_MISSING_VALUES'
  | 'EMAIL_DOES_NOT_EXIST'
  | 'NO_SPID_FOUND'
  | 'USER_HAS_ACTIVE_SUB'
  | 'USER_IS_ACTIVE'
  | 'LINK_EXPIRED'
  | 'CODE_REQUIRED'
  | 'CODE_WRONG'
  | 'CODE_EXPIRED';

export interface VerificationAnswer {
  readonly result: VerificationResult;
  readonly companyName: string | null;
  readonly maskedEmail: string | null;
}

/** The signed-in user, as the session knows them. */
export interface SignedInUser {
  readonly spidId: string;
  /** The e-mail address the identity provider gave at sign-in. */
  readonly email: string;
  /** Whether the provider said that address is verified (email_verified). */
  readonly emailVerified: boolean;
  readonly name: string | null;
}

const codeHash = (codeId: string, code: string) => sha256(`${codeId}:${code}`);

/**
 * E-mails a new code to the invited address of the token's invitation, for the signed-in user
 * (the rule at the top). Answers where it went (masked) and until when it works.
 */
export async function sendVerificationCode(
  deps: BusinessDeps,
  user: Pick<SignedInUser, 'spidId'>,
  token: string,
  idempotencyKey?: string,
): Promise<{ readonly sentTo: string; readonly expiresAt: string }> {
  const now = deps.clock.now();
  const tokenHash = sha256(token);
  const sentBefore = async (db: Queryable) => {
    if (idempotencyKey === undefined) return undefined;
    const row = sameRequest(await codeSentWithKey(db, user.spidId, idempotencyKey), tokenHash);
    return (
      row && { sentTo: maskEmail(row.email), expiresAt: new Date(row.expires_at).toISOString() }
    );
  };
  // A repeat of a send answers it again: no limit counted, no e-mail.
  const earlier = await sentBefore(deps.db);
  if (earlier) return earlier;
  // A refusal is answered after the transaction is kept: the limits count every try, also one
  // for a link that names no invitation (so a 429 tells nothing either).
  const outcome = await deps.db.transaction(
    async (tx): Promise<{ readonly sentTo: string; readonly expiresAt: string } | DomainError> => {
      // A repeat that arrives while the first is still sending waits for it here, then answers it.
      await sendKeyTurn(tx, user.spidId, idempotencyKey);
      const first = await sentBefore(tx);
      if (first) return first;
      await enforceLimit(tx, `business-code-user:${user.spidId}`, CODE_USER_LIMIT, now);
      await enforceLimit(tx, `business-code:${tokenHash}`, CODE_LIMIT, now);
      const invited = await seatByTokenHash(tx, tokenHash);
      if (!invited)
        return new DomainError(
          'not-found',
          'BUSINESS_INVITATION_NOT_FOUND',
          'No invitation for this link: it is unknown, removed, or replaced by a newer e-mail',
        );
      const { seat, agreement } = invited;
      if (seat.status === 'active')
        return new DomainError('conflict', 'BUSINESS_INVITATION_USED', 'The invitation is used');
      if (linkExpired(invited, now))
        return new DomainError(
          'conflict',
          'BUSINESS_INVITATION_EXPIRED',
          'The invitation link has expired; the company sends a new one',
        );
      const id = randomUUID();
      const code = randomCode();
      const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
      await insertCode(tx, {
        id,
        seatId: seat.id,
        spidId: user.spidId,
        codeHash: codeHash(id, code),
        expiresAt,
        now,
        idempotencyKey,
        requestHash: tokenHash,
      });
      const message = codeEmail({
        titleCode: agreement.titleCode,
        companyName: agreement.companyName,
        code,
        minutes: CODE_TTL_MINUTES,
      });
      await (deps.sender ?? outboxSender)(tx, now).sendEmail(
        seat.email,
        message.subject,
        message.body,
      );
      return { sentTo: maskEmail(seat.email), expiresAt: expiresAt.toISOString() };
    },
  );
  if (outcome instanceof DomainError) throw outcome;
  return outcome;
}

const linkExpired = ({ seat }: InvitedSeat, now: Date) =>
  seat.linkExpiresAt !== null && new Date(seat.linkExpiresAt).getTime() <= now.getTime();

/** A step of making the seat failed: the transaction is undone and the result answered. */
class SeatNotMade extends Error {
  constructor(
    readonly result: 'ERROR_IN_CREATING_ACCOUNT' | 'AMPS_RETURNED_NULL',
    readonly answer: VerificationAnswer,
    cause: unknown,
  ) {
    super(`business seat not made: ${result}`, { cause });
  }
}

/** The address the identity provider has for the user (see the rule at the top); null: unknown. */
async function providerEmail(db: Queryable, user: SignedInUser): Promise<string | null> {
  const identity = await findIdentity(db, user.spidId);
  if (identity) return identity.email;
  // The embedded provider keeps its users here; with an outside provider there are none here,
  // and the address it gave at sign-in is its record, if it says the address is verified: an
  // unverified one matches no invitation (the e-mailed code proves the address instead).
  if (await hasIdentities(db)) return null;
  return user.emailVerified ? user.email : '';
}

/** Verifies the token's invitation for the signed-in user (the rule at the top). */
export async function verifyInvitation(
  deps: BusinessDeps,
  user: SignedInUser,
  input: { readonly token?: string | undefined; readonly code?: string | undefined },
): Promise<VerificationAnswer> {
  const none = { companyName: null, maskedEmail: null };
  if (!input.token) return { result: 'REQUEST_MISSING_VALUES', ...none };
  const now = deps.clock.now();
  await enforceLimit(deps.db, `business-verify:${user.spidId}`, VERIFY_LIMIT, now);
  const token = input.token;
  try {
    return await deps.db.transaction(async (tx) => {
      const invited = await seatByTokenHash(tx, sha256(token));
      if (!invited) return { result: 'EMAIL_DOES_NOT_EXIST', ...none };
      const { seat, agreement } = invited;
      const answer = (result: VerificationResult): VerificationAnswer => ({
        result,
        companyName: agreement.companyName,
        maskedEmail: maskEmail(seat.email),
      });
      if (seat.status === 'active') return answer('USER_IS_ACTIVE');
      if (linkExpired(invited, now)) return answer('LINK_EXPIRED');
      const email = await providerEmail(tx, user);
      if (email === null) return answer('NO_SPID_FOUND');

      // The user's account, locked: two invitations verified at once give one seat.
      const [account] = await tx.query<{ aria_account_no: string }>(
        'select aria_account_no from accounts where spid_id = $1 for update',
        [user.spidId],
      );
      if (account) {
        const active = await tx.query(
          `select 1 from subscriptions
            where aria_account_no = $1 and title_code = $2 and status_code = any($3::int[])`,
          [account.aria_account_no, agreement.titleCode, accessStatusCodes],
        );
        if (active.length > 0) return answer('USER_HAS_ACTIVE_SUB');
      }

      let usedCode: string | null = null;
      if (input.code === undefined) {
        if (normaliseEmail(email) !== seat.email) return answer('CODE_REQUIRED');
      } else {
        const live = await countCodeTry(tx, {
          seatId: seat.id,
          spidId: user.spidId,
          now,
          maxAttempts: MAX_WRONG_CODES,
        });
        if (!live) return answer('CODE_EXPIRED');
        if (!sameHash(codeHash(live.id, input.code), live.codeHash)) return answer('CODE_WRONG');
        await useCode(tx, live.id, now);
        usedCode = live.id;
      }

      let accountNo: string;
      try {
        accountNo = (await accountRowOfIdentity(tx, user.spidId, agreement.titleCode, now))
          .aria_account_no;
      } catch (error) {
        throw new SeatNotMade(
          'ERROR_IN_CREATING_ACCOUNT',
          answer('ERROR_IN_CREATING_ACCOUNT'),
          error,
        );
      }
      let subscriptionNo: string;
      try {
        const plan = await findPlan(tx, agreement.titleCode, {
          ariaPlanID: BUSINESS_PLAN_ID,
          period: 'Årlig',
        });
        subscriptionNo = await insertSharedSubscription(tx, {
          kind: 'business-seat',
          ariaAccountNo: accountNo,
          titleCode: agreement.titleCode,
          planId: plan.id,
          businessAgreementId: String(agreement.id),
          now,
          detail: { seatId: seat.id },
        });
      } catch (error) {
        throw new SeatNotMade('AMPS_RETURNED_NULL', answer('AMPS_RETURNED_NULL'), error);
      }
      await activateSeat(tx, seat.id, {
        spidId: user.spidId,
        name: user.name,
        subscriptionNo,
        now,
      });
      await recordSeatEvent(tx, {
        agreementId: agreement.id,
        seatId: seat.id,
        email: seat.email,
        kind: 'VERIFY',
        result: 'ok',
        actorSpidId: user.spidId,
        detail: { subscriptionNo, by: usedCode === null ? 'email' : 'code' },
        now,
      });
      return answer('ok');
    });
  } catch (error) {
    if (error instanceof SeatNotMade) return error.answer;
    throw error;
  }
}
