// Deleting a reader's data at their request (/schibstedDeleteGateway; GDPR art. 17).
// Owns `deletion_requests`; every other table is erased by its own owner module (README).
//
// The reader asks (after the warning): the subscriptions that would renew are cancelled so
// nothing more is charged (they run to the end of what is paid), every session of the identity
// ends at once, and the reader is e-mailed the day the data goes. Until that day the reader may
// sign in again and call it off: the subscriptions the request stopped renew again. On the day
// (ERASE_AFTER_DAYS later) the background job erases: whatever still runs ends, the profile,
// history, complaints, delivery changes, family and business shares, student verifications,
// consents, copies, messages, sessions and the embedded identity go; the bookkeeping (orders,
// invoices, payments, refunds, reminders) stays, linked to no one, until 31 December five years
// after (Bokføringsloven § 13), when the second job deletes it; what is left (the account number
// and its subscriptions' plans and dates) names no one. One request waits per reader; two at
// once make one.
import { randomUUID } from 'node:crypto';

import { getPublication, minsideHost } from '../../../shared/publications/registry';
import { SubscriptionStatus as S } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { eraseProviderModels } from '../../identity/provider-adapter';
import { endSessionsOf, eraseSecurityEvents } from '../../identity/sessions';
import { eraseIdentity } from '../../identity/users';
import { eraseMessagesTo, type MessageSender, outboxSender } from '../../messaging/outbox';
import { type Email, languageOf, longDate } from '../../messaging/wording';
import { eraseAccount } from '../accounts/accounts';
import { accountContact } from '../accounts/profile';
import { eraseBusinessData } from '../business/agreements';
import { eraseComplaints } from '../complaints/complaints';
import { purgeMissedPaperCredits } from '../complaints/missedPaperCredits';
import { eraseVerifications } from '../connect/connect';
import { eraseDeliveryChanges } from '../delivery/changeStore';
import { eraseDunningContacts, purgeDunning } from '../dunning/dunning';
import { eraseFamily } from '../family/members';
import { eraseBillingDetails, purgeBilling } from '../invoices/settlement';
import { eraseOrders, purgeOrders, unlinkOrdersFromBilling } from '../orders/orderStore';
import { erasePaymentMethodChanges } from '../payment-methods/paymentMethods';
import { enforceLimit } from '../rate-limits';
import { eraseDismissals } from '../segments/segments';
import { eraseStudentVerifications } from '../student/student';
import { eraseConversions } from '../subscriptions/conversions';
import {
  applyCommandInTx,
  closeAndEraseSubscriptions,
  purgeSubscriptionEvents,
} from '../subscriptions/lifecycle';
import { eraseWithdrawalContacts, purgeWithdrawals } from '../subscriptions/withdrawalStore';
import { titleOfBody } from '../titles';

import { eraseConsents } from './consents';
import { eraseExports } from './export';

/** Days between the request and the erasure: time to change one's mind (and the promise made). */
export const ERASE_AFTER_DAYS = 30;
/** Years the bookkeeping is kept after the end of the year it was erased in. */
export const BOOKKEEPING_YEARS = 5;
/** Requests (and calls-off) a day per reader: each one stops renewals and sends an e-mail. */
export const DELETION_LIMIT = { limit: 5, windowSeconds: 86_400 } as const;

export interface DeletionDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly sender?: (tx: Queryable, now: Date) => MessageSender;
}

/** The reader as the session knows them. */
export interface DeletionReader {
  readonly spidId: string;
  readonly email: string;
}

export interface DeletionRequest {
  readonly id: string;
  readonly requestedAt: string;
  /** When the job erases the data (the reader can call it off until then). */
  readonly eraseAt: string;
  /** The subscriptions the request stopped from renewing. */
  readonly stoppedSubscriptions: readonly string[];
}

interface RequestRow extends Record<string, unknown> {
  id: string;
  spid_id: string | null;
  title_code: string;
  aria_account_no: string | null;
  requested_at: Date | string;
  erase_at: Date | string;
  stopped_subscriptions: string[] | string;
}

const columns = `id, spid_id, title_code, aria_account_no, requested_at, erase_at,
  stopped_subscriptions`;

/** PGlite and PostgreSQL both answer text[] as an array; a literal '{a,b}' is read too. */
const textArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

const toRequest = (row: RequestRow): DeletionRequest => ({
  id: row.id,
  requestedAt: new Date(row.requested_at).toISOString(),
  eraseAt: new Date(row.erase_at).toISOString(),
  stoppedSubscriptions: textArray(row.stopped_subscriptions),
});

const waiting = 'cancelled_at is null and erased_at is null';

/** The reader's request that waits (null: none). */
export async function waitingDeletion(
  db: Queryable,
  spidId: string,
): Promise<DeletionRequest | null> {
  const [row] = await db.query<RequestRow>(
    `select ${columns} from deletion_requests where spid_id = $1 and ${waiting}`,
    [spidId],
  );
  return row ? toRequest(row) : null;
}

async function contactOf(tx: Queryable, accountNo: string | null, reader: DeletionReader) {
  const contact = accountNo ? await accountContact(tx, accountNo) : null;
  return contact?.email ?? (reader.email || null);
}

/** Asks for the reader's data to be deleted: see the top. 409 when one already waits. */
export async function requestDeletion(
  deps: DeletionDeps,
  reader: DeletionReader,
  titleCode: string,
): Promise<DeletionRequest> {
  titleOfBody(titleCode);
  const now = deps.clock.now();
  await enforceLimit(deps.db, `deletion:${reader.spidId}`, DELETION_LIMIT, now);
  return deps.db.transaction(async (tx) => {
    const [account] = await tx.query<{ aria_account_no: string }>(
      'select aria_account_no from accounts where spid_id = $1',
      [reader.spidId],
    );
    const accountNo = account?.aria_account_no ?? null;
    const eraseAt = new Date(now.getTime() + ERASE_AFTER_DAYS * 86_400_000);
    const [row] = await tx.query<RequestRow>(
      `insert into deletion_requests (id, spid_id, title_code, aria_account_no, requested_at,
         erase_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (spid_id) where ${waiting} do nothing
       returning ${columns}`,
      [randomUUID(), reader.spidId, titleCode, accountNo, now.toISOString(), eraseAt.toISOString()],
    );
    if (!row)
      throw new DomainError(
        'conflict',
        'DELETION_ALREADY_REQUESTED',
        'The deletion of this reader’s data is already requested',
      );
    // Nothing more is charged: what would renew is cancelled (it runs to the end of what is paid).
    const renewing = accountNo
      ? await tx.query<{ subscription_no: string }>(
          `select subscription_no from subscriptions
            where aria_account_no = $1 and share_kind is null and status_code = any($2::int[])
            order by subscription_no`,
          [accountNo, [S.ACTIVE, S.TRIAL]],
        )
      : [];
    const stopped: string[] = [];
    for (const { subscription_no } of renewing) {
      await applyCommandInTx(
        tx,
        subscription_no,
        { kind: 'cancel', reason: 'other', comment: null },
        {
          clock: deps.clock,
          actor: 'user',
          context: { deletionRequest: row.id },
          receipt: false,
        },
      );
      stopped.push(subscription_no);
    }
    await tx.query('update deletion_requests set stopped_subscriptions = $2 where id = $1', [
      row.id,
      stopped,
    ]);
    // Signed out everywhere: Min Side's sessions, and the embedded provider's.
    await endSessionsOf(tx, reader.spidId);
    await eraseProviderModels(tx, reader.spidId);
    const email = await contactOf(tx, accountNo, reader);
    if (email) {
      const message = requestedEmail(titleCode, eraseAt);
      await (deps.sender ?? outboxSender)(tx, now).sendEmail(email, message.subject, message.body);
    }
    return toRequest({ ...row, stopped_subscriptions: stopped });
  });
}

/**
 * The reader changes their mind before the day: nothing will be erased, and each subscription
 * the request stopped renews again if it still runs. 404 when none waits.
 */
export async function cancelDeletion(
  deps: DeletionDeps,
  reader: DeletionReader,
): Promise<{ readonly renewedAgain: readonly string[] }> {
  const now = deps.clock.now();
  await enforceLimit(deps.db, `deletion:${reader.spidId}`, DELETION_LIMIT, now);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.query<RequestRow>(
      `update deletion_requests set cancelled_at = $2
        where spid_id = $1 and ${waiting}
        returning ${columns}`,
      [reader.spidId, now.toISOString()],
    );
    if (!row) throw new DomainError('not-found', 'DELETION_NOT_FOUND', 'No deletion request waits');
    const stillStopped = await tx.query<{ subscription_no: string }>(
      `select subscription_no from subscriptions
        where subscription_no = any($1::text[]) and aria_account_no = $2
          and status_code = $3 and expiry_date >= $4::date and cancellation_reason = 'other'
        order by subscription_no`,
      [
        textArray(row.stopped_subscriptions),
        row.aria_account_no,
        S.PENDING_CANCELLATION,
        osloDateOf(now),
      ],
    );
    const renewedAgain: string[] = [];
    for (const { subscription_no } of stillStopped) {
      await applyCommandInTx(
        tx,
        subscription_no,
        { kind: 'undoCancellation' },
        {
          clock: deps.clock,
          actor: 'user',
          context: { deletionRequest: row.id },
          receipt: false,
        },
      );
      renewedAgain.push(subscription_no);
    }
    const email = await contactOf(tx, row.aria_account_no, reader);
    if (email) {
      const message = cancelledEmail(row.title_code);
      await (deps.sender ?? outboxSender)(tx, now).sendEmail(email, message.subject, message.body);
    }
    return { renewedAgain };
  });
}

/** 31 December, BOOKKEEPING_YEARS after the year `now` is in (Europe/Oslo). */
export const keepBookkeepingUntil = (now: Date): string =>
  `${Number(osloDateOf(now).slice(0, 4)) + BOOKKEEPING_YEARS}-12-31`;

/** Erases one reader's data in the caller's transaction (see the top). */
async function erase(tx: Queryable, clock: Clock, row: RequestRow): Promise<void> {
  const spidId = row.spid_id!;
  const accountNo = row.aria_account_no;
  const addresses = new Set<string>();
  const [identity] = await tx.query<{ email: string; phone_number: string }>(
    'select email, phone_number from identity_users where spid_id = $1',
    [spidId],
  );
  if (identity?.email) addresses.add(identity.email);
  if (identity?.phone_number) addresses.add(identity.phone_number);
  if (accountNo) {
    const contact = await accountContact(tx, accountNo);
    if (contact.email) addresses.add(contact.email);
    const [profile] = await tx.query<{ phone_number: string | null }>(
      'select phone_number from account_profiles where aria_account_no = $1',
      [accountNo],
    );
    if (profile?.phone_number) addresses.add(profile.phone_number);
    await eraseFamily(tx, clock, accountNo, spidId);
    await eraseBusinessData(tx, spidId, accountNo);
    await closeAndEraseSubscriptions(tx, clock, accountNo);
    await eraseConversions(tx, accountNo);
    await eraseComplaints(tx, accountNo);
    await eraseDeliveryChanges(tx, accountNo);
    await erasePaymentMethodChanges(tx, accountNo);
    await eraseOrders(tx, accountNo);
    await eraseBillingDetails(tx, accountNo);
    await eraseWithdrawalContacts(tx, accountNo);
    await eraseDunningContacts(tx, accountNo);
  } else {
    await eraseBusinessData(tx, spidId, null);
  }
  await eraseVerifications(tx, spidId, accountNo);
  await eraseStudentVerifications(tx, spidId);
  await eraseConsents(tx, spidId);
  await eraseExports(tx, spidId);
  await eraseDismissals(tx, spidId);
  await eraseMessagesTo(tx, [...addresses]);
  await endSessionsOf(tx, spidId);
  await eraseSecurityEvents(tx, spidId);
  await eraseProviderModels(tx, spidId);
  await eraseIdentity(tx, spidId);
  if (accountNo) await eraseAccount(tx, accountNo);
}

/** The background job: erases each reader whose day has come; safe to run twice or at once. */
export async function eraseDueReaders(deps: Pick<DeletionDeps, 'db' | 'clock'>): Promise<number> {
  let erased = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx.query<RequestRow>(
        `select ${columns} from deletion_requests
          where ${waiting} and erase_at <= $1
          order by erase_at limit 1 for update skip locked`,
        [now.toISOString()],
      );
      if (!row) return false;
      await erase(tx, deps.clock, row);
      await tx.query(
        `update deletion_requests
            set erased_at = $2, spid_id = null, keep_bookkeeping_until = $3
          where id = $1`,
        [row.id, now.toISOString(), keepBookkeepingUntil(now)],
      );
      return true;
    });
    if (!done) return erased;
    erased++;
  }
}

/**
 * The second job: the bookkeeping of erased readers whose keeping time is out (orders, invoices,
 * payments, refunds, reminders) is deleted; what is left of the account and its subscriptions
 * names no one. Safe to run twice or at once.
 */
export async function purgeExpiredBookkeeping(db: Db, now: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string; aria_account_no: string | null }>(
        `select id, aria_account_no from deletion_requests
          where erased_at is not null and bookkeeping_purged_at is null
            and keep_bookkeeping_until < $1::date
          order by keep_bookkeeping_until limit 1 for update skip locked`,
        [osloDateOf(now)],
      );
      if (!row) return false;
      const accountNo = row.aria_account_no;
      if (accountNo) {
        await purgeWithdrawals(tx, accountNo);
        await unlinkOrdersFromBilling(tx, accountNo);
        await purgeDunning(tx, accountNo);
        await purgeMissedPaperCredits(tx, accountNo);
        await purgeBilling(tx, accountNo);
        await purgeOrders(tx, accountNo);
        await purgeSubscriptionEvents(tx, accountNo);
      }
      await tx.query('update deletion_requests set bookkeeping_purged_at = $2 where id = $1', [
        row.id,
        now.toISOString(),
      ]);
      return true;
    });
    if (!done) return purged;
    purged++;
  }
}

// ---------------------------------------------------------------- messages

const words = {
  nb: {
    requestedSubject: (title: string) => `Vi sletter opplysningene dine hos ${title}`,
    requested: (date: string) =>
      `Du har bedt oss slette opplysningene vi har om deg. Vi sletter dem ${date}.`,
    meanwhile:
      'Abonnementene dine fornyes ikke lenger, og du er logget ut på alle enheter. Opplysninger om betalinger tar vi vare på i fem år fordi bokføringsloven krever det.',
    regret: (url: string) =>
      `Har du ombestemt deg? Logg inn og avbryt slettingen før den dagen: ${url}`,
    notYou: 'Har du ikke bedt om dette selv, bør du logge inn og avbryte og bytte passord.',
    cancelledSubject: (title: string) => `Slettingen hos ${title} er avbrutt`,
    cancelled:
      'Du har avbrutt slettingen av opplysningene dine. Vi sletter ingenting, og abonnementene som slettingen stoppet, fornyes som før.',
    bye: 'Hilsen',
  },
  nn: {
    requestedSubject: (title: string) => `Vi slettar opplysningane dine hos ${title}`,
    requested: (date: string) =>
      `Du har bede oss slette opplysningane vi har om deg. Vi slettar dei ${date}.`,
    meanwhile:
      'Abonnementa dine blir ikkje fornya lenger, og du er logga ut på alle einingar. Opplysningar om betalingar tek vi vare på i fem år fordi bokføringslova krev det.',
    regret: (url: string) =>
      `Har du ombestemt deg? Logg inn og avbryt slettinga før den dagen: ${url}`,
    notYou: 'Har du ikkje bede om dette sjølv, bør du logge inn og avbryte og byte passord.',
    cancelledSubject: (title: string) => `Slettinga hos ${title} er avbroten`,
    cancelled:
      'Du har avbrote slettinga av opplysningane dine. Vi slettar ingenting, og abonnementa som slettinga stoppa, blir fornya som før.',
    bye: 'Helsing',
  },
} as const;

function requestedEmail(titleCode: string, eraseAt: Date): Email {
  const title = getPublication(titleCode);
  const language = languageOf(title);
  const w = words[language];
  const url = `https://${minsideHost(title)}/schibstedDeleteGateway`;
  return {
    subject: w.requestedSubject(title.displayName),
    body: [
      'Hei,',
      '',
      w.requested(longDate(osloDateOf(eraseAt), language)),
      w.meanwhile,
      '',
      w.regret(url),
      w.notYou,
      '',
      w.bye,
      title.displayName,
    ].join('\n'),
  };
}

function cancelledEmail(titleCode: string): Email {
  const title = getPublication(titleCode);
  const w = words[languageOf(title)];
  return {
    subject: w.cancelledSubject(title.displayName),
    body: ['Hei,', '', w.cancelled, '', w.bye, title.displayName].join('\n'),
  };
}
