// The business admin's view of the agreement and changes to its seats (/administrer-bedrift):
// many addresses at once, each an ADD (invite), UPDATE (send again) or REMOVE, each with its own
// result (requirements §4 invite and removal results), in the order sent.
//
// Rules (requirements §5 and the contract, `changeBusinessUsers`):
// - An address is trimmed and compared in lower case; it must be a valid address
//   (`invalidEmail`), and only its first occurrence in a request counts (`duplicate`).
// - ADD: the domain must be exactly one of the agreement's (`wrongEmailDomain`; subdomains are
//   not the company's unless listed: src/shared/business/emails.ts); an address already invited
//   or active is `userExist`; a seat must be free (`maxUsersReached`): active employees and
//   invitations not yet accepted hold the seats, and the maximum is never exceeded, also by two
//   requests at once (the agreement row is locked while a request is applied, so the second one
//   counts the first one's seats).
// - Changes apply in the order sent, so a REMOVE earlier in the list frees a seat for a later ADD.
// - Each change is applied on its own (a savepoint): one whose invitation cannot be stored or
//   whose e-mail cannot be sent is `errorSaved` (a REMOVE: `failed`) and leaves nothing behind,
//   the others go through. Every applied change is audited (business_seat_events), refusals too.
// - REMOVE of an active employee ends the seat's subscription today through the subscription
//   engine (`endShare`), and the employee is told by e-mail; of an invitation, its link stops
//   working.
// - A dry run answers the same table without storing, sending or auditing anything.
// - Rate limits per admin: CHANGE_LIMIT applied requests and DRY_RUN_LIMIT dry runs an hour.
import { belongsToDomains, isValidEmail, normaliseEmail } from '../../../shared/business/emails';
import { hasAccess } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import { randomToken, sha256 } from '../../crypto';
import type { Db, Queryable } from '../../db/db';
import { type MessageSender, outboxSender } from '../../messaging/outbox';
import { enforceLimit } from '../rate-limits';
import { applyCommandInTx, readState } from '../subscriptions/lifecycle';

import {
  type Agreement,
  dateAdded,
  insertInvitation,
  liveSeat,
  listSeats,
  lockAgreement,
  markSeatRemoved,
  recordSeatEvent,
  renewInvitationLink,
  type Seat,
  usedSeats,
} from './agreements';
import { invitationEmail, invitationLink, seatEndedEmail } from './messages';

/** Changes one request may carry (the contract's maxItems). */
export const MAX_CHANGES_PER_REQUEST = 200;
/** Applied change requests per admin an hour. */
export const CHANGE_LIMIT = { limit: 30, windowSeconds: 3600 } as const;
/** Dry runs per admin an hour (the screen checks a list before sending it). */
export const DRY_RUN_LIMIT = { limit: 120, windowSeconds: 3600 } as const;
/** How long the link of an invitation e-mail works. */
export const LINK_TTL_DAYS = 30;

export type ChangeKind = 'ADD' | 'UPDATE' | 'REMOVE';
export type ChangeResult =
  | 'emailSent'
  | 'errorSaved'
  | 'wrongEmailDomain'
  | 'userExist'
  | 'maxUsersReached'
  | 'invalidEmail'
  | 'duplicate'
  | 'resent'
  | 'notExist'
  | 'deleted'
  | 'failed';

export interface Change {
  readonly kind: ChangeKind;
  readonly email: string;
}

export interface Seats {
  readonly used: number;
  readonly max: number;
  readonly remaining: number;
}

const seatsOf = (used: number, max: number): Seats => ({
  used,
  max,
  remaining: Math.max(0, max - used),
});

export interface BusinessDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** The e-mail port in the caller's transaction (the outbox unless a test gives another). */
  readonly sender?: (tx: Queryable, now: Date) => MessageSender;
}

/** The admin acting: who, and the agreement their subscription administers. */
export interface Admin {
  readonly spidId: string;
  readonly agreement: Agreement;
}

export interface AgreementView {
  readonly titleCode: string;
  readonly companyName: string;
  readonly emailDomains: string[];
  readonly seats: Seats;
  readonly maxChangesPerRequest: number;
  readonly users: {
    readonly email: string;
    readonly dateAdded: string;
    readonly status: 'emailSent' | 'active';
    readonly name: string | null;
    readonly lastSentAt: string | null;
    readonly linkExpiresAt: string | null;
  }[];
}

/** What /administrer-bedrift shows: the company, its seats and its users, newest first. */
export async function agreementView(db: Queryable, agreement: Agreement): Promise<AgreementView> {
  const seats = await listSeats(db, agreement.id);
  return {
    titleCode: agreement.titleCode,
    companyName: agreement.companyName,
    emailDomains: [...agreement.domains],
    seats: seatsOf(seats.length, agreement.maxSeats),
    maxChangesPerRequest: MAX_CHANGES_PER_REQUEST,
    users: seats.map((seat) => ({
      email: seat.email,
      dateAdded: dateAdded(seat),
      status: seat.status,
      name: seat.status === 'active' ? seat.name : null,
      lastSentAt: seat.status === 'active' ? null : seat.lastSentAt,
      linkExpiresAt: seat.status === 'active' ? null : seat.linkExpiresAt,
    })),
  };
}

export interface ChangeOutcome {
  readonly kind: ChangeKind;
  readonly email: string;
  readonly result: ChangeResult;
}

export interface ChangesAnswer {
  readonly dryRun: boolean;
  readonly results: ChangeOutcome[];
  readonly seats: Seats;
}

/** Thrown inside a change's savepoint: the change is undone and answered with `result`. */
class ChangeFailed extends Error {
  constructor(
    readonly result: ChangeResult,
    readonly reason: unknown,
  ) {
    super(`business change failed: ${String(reason)}`);
  }
}

/**
 * Runs `work` in a savepoint of the transaction: when it throws, what it wrote is undone and
 * the change is answered `failure`; the request's other changes go on.
 */
async function inSavepoint(
  tx: Queryable,
  failure: ChangeResult,
  work: () => Promise<void>,
): Promise<void> {
  await tx.query('savepoint business_change');
  try {
    await work();
  } catch (error) {
    await tx.query('rollback to savepoint business_change');
    throw new ChangeFailed(failure, error);
  }
  await tx.query('release savepoint business_change');
}

const linkExpiry = (now: Date) => new Date(now.getTime() + LINK_TTL_DAYS * 24 * 3600 * 1000);

/**
 * Applies (or, with `dryRun`, only answers) the admin's changes to the agreement's seats. `origin`
 * is Min Side of the agreement's title, where the links in the e-mails go.
 */
export async function changeUsers(
  deps: BusinessDeps,
  admin: Admin,
  input: { readonly changes: readonly Change[]; readonly dryRun: boolean; readonly origin: string },
): Promise<ChangesAnswer> {
  const now = deps.clock.now();
  const limit = input.dryRun ? DRY_RUN_LIMIT : CHANGE_LIMIT;
  await enforceLimit(
    deps.db,
    `business-${input.dryRun ? 'dry-run' : 'changes'}:${admin.spidId}`,
    limit,
    now,
  );

  const work = async (tx: Queryable): Promise<ChangesAnswer> => {
    // Applying: the agreement is locked until the transaction ends (seats never exceeded).
    const agreement = input.dryRun ? admin.agreement : await lockAgreement(tx, admin.agreement.id);
    const context = {
      agreement,
      now,
      send: (deps.sender ?? outboxSender)(tx, now),
      origin: input.origin,
      admin,
      clock: deps.clock,
    };
    let used = await usedSeats(tx, agreement.id);
    const seen = new Set<string>();
    const results: ChangeOutcome[] = [];
    for (const change of input.changes) {
      const typed = change.email.trim();
      const email = normaliseEmail(typed);
      let seatId: number | null = null;
      let result: ChangeResult;
      let detail: Readonly<Record<string, unknown>> = {};
      if (!isValidEmail(email)) result = 'invalidEmail';
      else if (seen.has(email)) result = 'duplicate';
      else {
        seen.add(email);
        const seat = await liveSeat(tx, agreement.id, email);
        seatId = seat?.id ?? null;
        result = decide(change.kind, agreement, email, seat, used);
        if (
          !input.dryRun &&
          (result === 'emailSent' || result === 'resent' || result === 'deleted')
        )
          try {
            const applied = await apply(tx, { ...context, kind: change.kind, email, seat });
            seatId = applied.seatId;
            detail = applied.detail;
          } catch (error) {
            if (!(error instanceof ChangeFailed)) throw error;
            result = error.result;
            detail = { error: error.reason instanceof Error ? error.reason.message : 'unknown' };
          }
        if (result === 'emailSent') used += 1;
        if (result === 'deleted') used -= 1;
      }
      results.push({ kind: change.kind, email: typed, result });
      if (!input.dryRun)
        await recordSeatEvent(tx, {
          agreementId: agreement.id,
          seatId,
          email: email || typed,
          kind: change.kind,
          result,
          actorSpidId: admin.spidId,
          detail,
          now,
        });
    }
    return { dryRun: input.dryRun, results, seats: seatsOf(used, agreement.maxSeats) };
  };
  return input.dryRun ? work(deps.db) : deps.db.transaction(work);
}

/** What a valid, first-seen address's change comes to, before anything is written. */
function decide(
  kind: ChangeKind,
  agreement: Agreement,
  email: string,
  seat: Seat | undefined,
  used: number,
): ChangeResult {
  switch (kind) {
    case 'ADD':
      if (!belongsToDomains(email, agreement.domains)) return 'wrongEmailDomain';
      if (seat) return 'userExist';
      if (used >= agreement.maxSeats) return 'maxUsersReached';
      return 'emailSent';
    case 'UPDATE':
      if (!seat) return 'notExist';
      if (seat.status === 'active') return 'userExist';
      return 'resent';
    case 'REMOVE':
      return seat ? 'deleted' : 'notExist';
  }
}

interface ApplyInput {
  readonly kind: ChangeKind;
  readonly agreement: Agreement;
  readonly email: string;
  readonly seat: Seat | undefined;
  readonly now: Date;
  readonly send: MessageSender;
  readonly origin: string;
  readonly admin: Admin;
  readonly clock: Clock;
}

/** Writes one change and sends its e-mail, in a savepoint; answers its seat and what the audit keeps. */
async function apply(
  tx: Queryable,
  input: ApplyInput,
): Promise<{ readonly seatId: number; readonly detail: Readonly<Record<string, unknown>> }> {
  const { agreement, email, now } = input;
  if (input.kind === 'REMOVE') {
    const seat = input.seat!;
    const today = osloDateOf(now);
    let ended = false;
    await inSavepoint(tx, 'failed', async () => {
      await markSeatRemoved(tx, seat.id, now);
      if (seat.status !== 'active' || !seat.subscriptionNo) return;
      const state = await readState(tx, seat.subscriptionNo);
      // A seat whose subscription has ended already (by other means) is only taken off the list.
      if (!state || !hasAccess(state.status)) return;
      await applyCommandInTx(
        tx,
        seat.subscriptionNo,
        { kind: 'endShare', on: today },
        {
          clock: input.clock,
          actor: 'user',
          context: { businessAgreementId: agreement.id, removedBy: input.admin.spidId },
        },
      );
      const notice = seatEndedEmail({
        titleCode: agreement.titleCode,
        companyName: agreement.companyName,
        name: seat.name,
        lastDay: today,
        origin: input.origin,
      });
      await input.send.sendEmail(seat.email, notice.subject, notice.body);
      ended = true;
    });
    return {
      seatId: seat.id,
      detail: {
        was: seat.status,
        ...(ended ? { subscriptionNo: seat.subscriptionNo, endedOn: today } : {}),
      },
    };
  }
  const token = randomToken();
  const linkExpiresAt = linkExpiry(now);
  let seatId = input.seat?.id ?? 0;
  await inSavepoint(tx, 'errorSaved', async () => {
    if (input.kind === 'ADD')
      seatId = await insertInvitation(tx, {
        agreementId: agreement.id,
        email,
        tokenHash: sha256(token),
        linkExpiresAt,
        now,
      });
    else await renewInvitationLink(tx, seatId, { tokenHash: sha256(token), linkExpiresAt, now });
    const message = invitationEmail({
      titleCode: agreement.titleCode,
      companyName: agreement.companyName,
      email,
      link: invitationLink(input.origin, token),
      linkExpiresAt,
    });
    await input.send.sendEmail(email, message.subject, message.body);
  });
  return { seatId, detail: { linkExpiresAt: linkExpiresAt.toISOString() } };
}
