// Delivery complaints of paper subscribers (/tilbakemelding, requirements §5: only paper subscribers can
// file one). The rule, from the server's own records only (never from the request):
// - The subscription is the reader's own (another account's is not found), a paper one
//   (planProductType COMBO; a digital one is refused with PAPER_SUBSCRIPTION_REQUIRED) that gives
//   access (an ended or suspended one is SUBSCRIPTION_STATE_CONFLICT): the rule delivery changes
//   share, domain/delivery/paper.ts.
// - Each day is a delivery day of the title (its publishing weekdays less Norwegian public
//   holidays: domain/delivery/calendar.ts) from today back `windowDays` calendar days (today
//   included: this morning's missing paper is the usual complaint), and a day of a subscription
//   is complained about once (COMPLAINT_ALREADY_FILED; the primary key of complaint_dates holds
//   it also when two requests arrive at once, and the subscription row is locked while filing so
//   the second one finds the first and is refused cleanly).
// - A paper was due that day: not before the subscription's first day
//   (COMPLAINT_DATE_BEFORE_START) and not on a day a delivery change stopped the paper
//   (COMPLAINT_DATE_DELIVERY_STOPPED). The page does not offer the days before the start, and
//   shows a stopped day as one that cannot be chosen.
// - The code is one of complaint_codes.
// A complaint keeps the delivery address the paper went to (a delivery change's temporary address
// on a day it transferred the paper, else the account's; addressesOf says which one when the days
// went to different addresses), and how many complaints of the title that address has had in the
// last COMPLAINT_REPEAT_DAYS days (this one included): customer service sees "3. klage på denne
// adressen siste 30 dager" in its e-mail, and from
// COMPLAINT_REPEAT_THRESHOLD on it is a repeated complaint that goes on to the distributor.
// Filing sends the case to the title's customer centre and a confirmation to the reader through
// the outbox, in the same transaction; the receipt carries the link to today's e-paper.
// A paper that did not come (UTEBLITT) on a day the reader paid for is credited on the next
// invoice in the same transaction, once per day (missedPaperCredits.ts has the rule); the
// receipt and the e-mails name the amount only when a credit was made.
// Owns `complaints` and `complaint_dates`.
import {
  COMPLAINT_REPEAT_DAYS,
  COMPLAINT_REPEAT_THRESHOLD,
  COMPLAINT_WINDOW_DAYS,
  COMPLAINT_WINDOW_MAX_DAYS,
  COMPLAINT_COMMENT_MAX,
} from '../../../shared/complaints/complaints';
import { getPublication } from '../../../shared/publications/registry';
import { addDays, isIsoDate, osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import { outboxSender } from '../../messaging/outbox';
import { type DeliveryAddress } from '../accounts/accounts';
import { type IdentityDetails } from '../accounts/identityFields';
import { getProfile } from '../accounts/profile';
import { addressValues } from '../delivery/addresses';
import { isDeliveryDay, pastDeliveryDays } from '../delivery/calendar';
import { deliveryChangesOn, type DeliveryOnDay } from '../delivery/changeStore';
import {
  eligibilityOf,
  lockPaperSubscription,
  ownSubscription,
  type PaperEligibility,
  subscriptionStartDate,
} from '../delivery/paper';
import { orderReference } from '../orders/reference';
import { enforceLimit } from '../rate-limits';

import { customerServiceEmail, readerConfirmationEmail } from './messages';
import { creditMissedPapers, type MissedPaperCredit } from './missedPaperCredits';

/**
 * What the reader quotes to customer service: the complaint's number made into the same kind of
 * code as an order's reference (8 characters with a check character), so it neither tells how
 * many complaints there are nor reads as another reader's when one digit is wrong.
 */
export const complaintReference = (id: number | string) => `KLAGE-${orderReference(id)}`;

export interface ComplaintCode {
  readonly code: string;
  readonly description: string;
  readonly category: string;
}

/** Delivery complaint codes, in the order the complaint form lists them. */
export function listComplaintCodes(db: Queryable): Promise<ComplaintCode[]> {
  return db.query<ComplaintCode & Record<string, unknown>>(
    'select code, description, category from complaint_codes order by sort_order, code',
  );
}

/** Complaints one account may file in an hour (the rest are 429: each one e-mails the centre). */
export const COMPLAINT_RATE_LIMIT = 10;
const COMPLAINT_RATE_WINDOW_SECONDS = 3600;

/**
 * Today's e-paper of a title. The publication registry has no e-paper address of its own; every
 * title serves its e-paper (today's edition first) at `/eavis` under its base URL (the registry's
 * `baseUrl`, default https://www.{domain}), so the link is built from that.
 */
export function epaperUrlOf(titleCode: string): string {
  return `${getPublication(titleCode).baseUrl}/eavis`;
}

/** How many days back a complaint may reach: the configured value, within 1–31. */
export function complaintWindowDays(configured: number | undefined): number {
  if (configured === undefined) return COMPLAINT_WINDOW_DAYS;
  if (!Number.isInteger(configured) || configured < 1 || configured > COMPLAINT_WINDOW_MAX_DAYS)
    throw new RangeError(
      `The complaint window must be 1–${COMPLAINT_WINDOW_MAX_DAYS} days, got ${configured}`,
    );
  return configured;
}

export interface ComplaintRecord {
  readonly reference: string;
  readonly filedAt: string;
  /** Most recent first. */
  readonly dates: readonly string[];
  readonly code: string;
  readonly description: string;
  readonly comment: string | null;
}

export interface ComplaintOverview {
  readonly subscriptionNo: string;
  readonly titleCode: string;
  readonly eligibility: PaperEligibility;
  /** The subscription's first day: no earlier day is offered. */
  readonly startDate: string;
  readonly windowDays: number;
  readonly commentMaxLength: number;
  readonly epaperUrl: string;
  readonly deliveryDays: readonly {
    readonly date: string;
    readonly alreadyFiled: boolean;
    /** A delivery change stopped the paper that day: nothing to complain about. */
    readonly deliveryStopped: boolean;
  }[];
  readonly complaints: readonly ComplaintRecord[];
}

export interface ComplaintDeps {
  readonly db: Db;
  readonly clock: Clock;
  /** How many calendar days back (today included) a delivery day may be complained about. */
  readonly windowDays: number;
}

export interface Complainant {
  readonly ariaAccountNo: string;
  /** The session's claims: contact details the profile does not keep. */
  readonly identity: IdentityDetails;
}

interface ComplaintRow {
  reference: string;
  filed_at: Date | string;
  dates: string[];
  code: string;
  description: string;
  comment: string | null;
  [column: string]: unknown;
}

const toRecord = (row: ComplaintRow): ComplaintRecord => ({
  reference: row.reference,
  filedAt: new Date(row.filed_at).toISOString(),
  dates: [...row.dates].sort().reverse(),
  code: row.code,
  description: row.description,
  comment: row.comment,
});

/** The complaints filed for a subscription, newest first. */
export async function complaintsOf(
  db: Queryable,
  subscriptionNo: string,
): Promise<ComplaintRecord[]> {
  const rows = await db.query<ComplaintRow>(
    `select c.reference, c.filed_at, c.code, cc.description, c.comment,
            array(select d.delivery_date::text from complaint_dates d
                   where d.complaint_id = c.id order by d.delivery_date desc) as dates
       from complaints c join complaint_codes cc on cc.code = c.code
      where c.subscription_no = $1
      order by c.filed_at desc, c.id desc`,
    [subscriptionNo],
  );
  return rows.map(toRecord);
}

/** Of `dates`, those a complaint of the subscription covers already. */
async function filedDates(
  db: Queryable,
  subscriptionNo: string,
  dates: readonly string[],
): Promise<Set<string>> {
  const rows = await db.query<{ delivery_date: string }>(
    `select delivery_date::text as delivery_date from complaint_dates
      where subscription_no = $1 and delivery_date = any($2::date[])`,
    [subscriptionNo, dates],
  );
  return new Set(rows.map((r) => r.delivery_date));
}

/** What /tilbakemelding shows for the reader's subscription. */
export async function complaintOverview(
  deps: ComplaintDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<ComplaintOverview> {
  const subscription = await ownSubscription(deps.db, ariaAccountNo, subscriptionNo);
  const eligibility = eligibilityOf(subscription);
  const startDate = await subscriptionStartDate(deps.db, subscriptionNo);
  const days =
    eligibility === 'PAPER'
      ? pastDeliveryDays(subscription.titleCode, deps.clock.now(), deps.windowDays).filter(
          (date) => date >= startDate,
        )
      : [];
  const filed = days.length > 0 ? await filedDates(deps.db, subscriptionNo, days) : new Set();
  const changed = await deliveryChangesOn(deps.db, subscriptionNo, days);
  return {
    subscriptionNo,
    titleCode: subscription.titleCode,
    eligibility,
    startDate,
    windowDays: deps.windowDays,
    commentMaxLength: COMPLAINT_COMMENT_MAX,
    epaperUrl: epaperUrlOf(subscription.titleCode),
    deliveryDays: days.map((date) => ({
      date,
      alreadyFiled: filed.has(date),
      deliveryStopped: changed.get(date)?.type === 'STOP',
    })),
    complaints: await complaintsOf(deps.db, subscriptionNo),
  };
}

export interface ComplaintInput {
  readonly dates: readonly string[];
  readonly code: string;
  readonly comment?: string | undefined;
}

const invalidDate = (code: string, message: string, index: number) =>
  new DomainError('invalid', code, message, `dates.${index}`);

/**
 * Checks each day against the title's calendar at `now` (the first day that fails is named):
 * not after today, not more than `windowDays` back, a delivery day of the title.
 */
export function checkComplaintDates(
  titleCode: string,
  dates: readonly string[],
  now: Date,
  windowDays: number,
): void {
  const today = osloDateOf(now);
  const earliest = addDays(today, -(windowDays - 1));
  dates.forEach((date, index) => {
    if (!isIsoDate(date))
      throw invalidDate('VALIDATION_FAILED', `${date} is not a calendar date`, index);
    if (date > today)
      throw invalidDate(
        'COMPLAINT_DATE_IN_FUTURE',
        `${date} is after today (${today}): only a day that has come can be complained about`,
        index,
      );
    if (date < earliest)
      throw invalidDate(
        'COMPLAINT_DATE_TOO_OLD',
        `${date} is more than ${windowDays} days ago: the earliest day is ${earliest}`,
        index,
      );
    if (!isDeliveryDay(titleCode, date))
      throw invalidDate(
        'COMPLAINT_DATE_NOT_DELIVERY_DAY',
        `No paper of ${titleCode} is delivered on ${date}`,
        index,
      );
  });
}

/**
 * Checks that a paper was due on each day (in the order sent; the first that fails is named): not
 * before the subscription's first day, and not on a day a delivery change stopped the paper.
 */
export function checkPaperDue(
  dates: readonly string[],
  startDate: string,
  changed: ReadonlyMap<string, DeliveryOnDay>,
): void {
  dates.forEach((date, index) => {
    if (date < startDate)
      throw invalidDate(
        'COMPLAINT_DATE_BEFORE_START',
        `${date} is before the subscription started (${startDate}): no paper of it was due`,
        index,
      );
    if (changed.get(date)?.type === 'STOP')
      throw invalidDate(
        'COMPLAINT_DATE_DELIVERY_STOPPED',
        `The delivery was stopped on ${date}: no paper was due`,
        index,
      );
  });
}

/** Where the paper of a day went: a temporary address or the account's delivery address. */
export interface DayAddress {
  readonly address: DeliveryAddress | null;
  /** A delivery change's temporary address (TRANSFER). */
  readonly temporary: boolean;
}

/**
 * The address a complaint is filed on, and the other addresses its days went to. A complaint
 * keeps one address (its snapshot, and the address its repeat count is kept on): when its days
 * went to different addresses (some at a temporary address, some at home), it is the address of
 * the most recent day, where the paper goes now or went last, which is where the distributor has
 * to put things right; the complaint counts once, on that address. Customer service is told the
 * other addresses with their days, so nothing is hidden from it. Complaints are not split, so the
 * reader gets one receipt for what they sent as one.
 */
export function addressesOf(
  dates: readonly string[],
  home: DeliveryAddress | null,
  changed: ReadonlyMap<string, DeliveryOnDay>,
  ariaAccountNo: string,
): {
  readonly filed: DayAddress;
  readonly others: readonly (DayAddress & { readonly dates: readonly string[] })[];
} {
  const on = (date: string): DayAddress => {
    const change = changed.get(date);
    return change?.type === 'TRANSFER' && change.address
      ? { address: change.address, temporary: true }
      : { address: home, temporary: false };
  };
  // Most recent first, as every list of days here.
  const [latest, ...rest] = [...dates].sort().reverse();
  const filed = latest ? on(latest) : { address: home, temporary: false };
  const filedKey = addressKey(filed.address, ariaAccountNo);
  const others = new Map<string, DayAddress & { dates: string[] }>();
  for (const date of rest) {
    const day = on(date);
    const key = addressKey(day.address, ariaAccountNo);
    if (key === filedKey) continue;
    const other = others.get(key);
    if (other) other.dates.push(date);
    else others.set(key, { ...day, dates: [date] });
  }
  return { filed, others: [...others.values()] };
}

/** One line of an address, as customer service reads it. */
export function addressLine(address: DeliveryAddress): string {
  const street = [address.street, address.streetNumber].filter(Boolean).join(' ');
  const flat = [address.flatNumber, address.floor ? `${address.floor}. etg.` : null]
    .filter(Boolean)
    .join(', ');
  return [
    address.coName,
    flat ? `${street}, ${flat}` : street,
    `${address.postalCode} ${address.place}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The address complaints are counted by: postal code, street, number and dwelling, case and
 * spacing aside (the name on it is not part of it). Without an address, the account.
 */
export function addressKey(address: DeliveryAddress | null, ariaAccountNo: string): string {
  if (!address) return `account:${ariaAccountNo}`;
  const norm = (value: string | undefined) =>
    (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return `address:${[address.postalCode, address.street, address.streetNumber, address.flatNumber]
    .map(norm)
    .join('|')}`;
}

export interface NewComplaint {
  readonly subscriptionNo: string;
  readonly ariaAccountNo: string;
  readonly titleCode: string;
  readonly dates: readonly string[];
  readonly code: string;
  readonly comment: string | null;
  readonly address: DeliveryAddress | null;
  readonly receiptEmail: string | null;
  readonly filedAt: Date;
}

export interface RecordedComplaint {
  /** The complaint's row id (its credits refer to it). */
  readonly id: string;
  readonly record: ComplaintRecord;
  /** Complaints on the address in the counting period, this one included. */
  readonly addressCount: number;
}

/**
 * Stores a complaint (checked already) with its days and the count of complaints on its address,
 * in the caller's transaction. Complaints on one address are counted one at a time (a
 * transaction lock on the address), so two at once are the 1st and the 2nd, not both the 1st. A
 * day of the subscription complained about already fails on the primary key (23505).
 */
export async function recordComplaint(
  tx: Queryable,
  input: NewComplaint,
): Promise<RecordedComplaint> {
  const key = addressKey(input.address, input.ariaAccountNo);
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`complaint-address:${key}`]);
  const since = new Date(input.filedAt.getTime() - COMPLAINT_REPEAT_DAYS * 24 * 3600 * 1000);
  const [counted] = await tx.query<{ count: number | string }>(
    `select count(*) as count from complaints
      where title_code = $1 and address_key = $2 and filed_at > $3 and filed_at <= $4`,
    [input.titleCode, key, since.toISOString(), input.filedAt.toISOString()],
  );
  const addressCount = Number(counted?.count ?? 0) + 1;
  const [{ id } = { id: 0 }] = await tx.query<{ id: number | string }>(
    `select nextval(pg_get_serial_sequence('complaints', 'id')) as id`,
  );
  const a = input.address;
  await tx.query(
    `insert into complaints (id, reference, subscription_no, aria_account_no, title_code, code,
       comment, address_co_name, address_street, address_street_no, address_flat_no,
       address_floor, address_postal, address_place, address_key, address_count, receipt_email,
       filed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      id,
      complaintReference(id),
      input.subscriptionNo,
      input.ariaAccountNo,
      input.titleCode,
      input.code,
      input.comment,
      ...addressValues(a),
      key,
      addressCount,
      input.receiptEmail,
      input.filedAt.toISOString(),
    ],
  );
  await tx.query(
    `insert into complaint_dates (subscription_no, delivery_date, complaint_id)
     select $1, d, $3 from unnest($2::date[]) as d`,
    [input.subscriptionNo, input.dates, id],
  );
  const [description] = await tx.query<{ description: string }>(
    'select description from complaint_codes where code = $1',
    [input.code],
  );
  return {
    id: String(id),
    record: {
      reference: complaintReference(id),
      filedAt: input.filedAt.toISOString(),
      dates: [...input.dates].sort().reverse(),
      code: input.code,
      description: description?.description ?? input.code,
      comment: input.comment,
    },
    addressCount,
  };
}

export interface ComplaintReceipt {
  readonly complaint: ComplaintRecord;
  readonly epaperUrl: string;
  readonly receiptEmail: string | null;
  readonly repeated: boolean;
  /** The missed papers credited on the next invoice; null: no credit was made. */
  readonly credit: MissedPaperCredit | null;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505';

function alreadyFiled(dates: readonly string[], filed: ReadonlySet<string>): DomainError {
  const index = Math.max(
    0,
    dates.findIndex((date) => filed.has(date)),
  );
  return new DomainError(
    'conflict',
    'COMPLAINT_ALREADY_FILED',
    `A complaint for ${dates[index] ?? 'this day'} of this subscription is filed already`,
    `dates.${index}`,
  );
}

/** Files a complaint for the reader's own paper subscription (the rule at the top). */
export async function fileComplaint(
  deps: ComplaintDeps,
  reader: Complainant,
  subscriptionNo: string,
  input: ComplaintInput,
): Promise<ComplaintReceipt> {
  const now = deps.clock.now();
  await enforceLimit(
    deps.db,
    `complaint:${reader.ariaAccountNo}`,
    { limit: COMPLAINT_RATE_LIMIT, windowSeconds: COMPLAINT_RATE_WINDOW_SECONDS },
    now,
  );
  // Most recent first, as every list of days here; the contract has refused repeated days.
  const dates = [...input.dates].sort().reverse();
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  try {
    return await deps.db.transaction(async (tx) => {
      // Lock the subscription: a second request for it waits here and then sees this one's days.
      const subscription = await lockPaperSubscription(
        tx,
        reader.ariaAccountNo,
        subscriptionNo,
        'can have a delivery complaint',
      );
      const [known] = await tx.query('select 1 from complaint_codes where code = $1', [input.code]);
      if (!known)
        throw new DomainError(
          'invalid',
          'COMPLAINT_CODE_UNKNOWN',
          `Unknown complaint code ${input.code}`,
          'code',
        );
      checkComplaintDates(subscription.titleCode, input.dates, now, deps.windowDays);
      const changed = await deliveryChangesOn(tx, subscriptionNo, dates);
      checkPaperDue(input.dates, await subscriptionStartDate(tx, subscriptionNo), changed);
      const filed = await filedDates(tx, subscriptionNo, dates);
      if (filed.size > 0) throw alreadyFiled(input.dates, filed);

      const profile = await getProfile(tx, reader.ariaAccountNo, reader.identity);
      const addresses = addressesOf(dates, profile.address, changed, reader.ariaAccountNo);
      const { id, record, addressCount } = await recordComplaint(tx, {
        subscriptionNo,
        ariaAccountNo: reader.ariaAccountNo,
        titleCode: subscription.titleCode,
        dates,
        code: input.code,
        comment,
        address: addresses.filed.address,
        receiptEmail: profile.email,
        filedAt: now,
      });
      const repeated = addressCount >= COMPLAINT_REPEAT_THRESHOLD;
      const credit = await creditMissedPapers(tx, {
        subscription,
        complaintId: id,
        code: input.code,
        dates,
        now,
      });
      const epaperUrl = epaperUrlOf(subscription.titleCode);
      const message = {
        reference: record.reference,
        titleCode: subscription.titleCode,
        subscriptionNo,
        planName: subscription.planName,
        customerNumber: subscription.customerNumber,
        reader: profile,
        address: addresses.filed.address ? addressLine(addresses.filed.address) : null,
        temporaryAddress: addresses.filed.temporary,
        otherAddresses: addresses.others.map((other) => ({
          dates: other.dates,
          address: other.address ? addressLine(other.address) : null,
          temporary: other.temporary,
        })),
        dates,
        code: record.code,
        description: record.description,
        comment,
        addressCount,
        repeatDays: COMPLAINT_REPEAT_DAYS,
        repeated,
        epaperUrl,
        credit,
      };
      const send = outboxSender(tx, now);
      const toCentre = customerServiceEmail(message);
      await send.sendEmail(
        getPublication(subscription.titleCode).customerCenterEmail,
        toCentre.subject,
        toCentre.body,
      );
      if (profile.email) {
        const confirmation = readerConfirmationEmail(message);
        await send.sendEmail(profile.email, confirmation.subject, confirmation.body);
      }
      return { complaint: record, epaperUrl, receiptEmail: profile.email, repeated, credit };
    });
  } catch (error) {
    // A race the lock did not see (another instance's insert in the same instant).
    if (isUniqueViolation(error)) throw alreadyFiled(input.dates, new Set(input.dates));
    throw error;
  }
}

/** Erasure (privacy/deletion.ts): the account's complaints and their dates. */
export async function eraseComplaints(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query(
    `delete from complaint_dates where complaint_id in
       (select id from complaints where aria_account_no = $1)`,
    [ariaAccountNo],
  );
  await db.query('delete from complaints where aria_account_no = $1', [ariaAccountNo]);
}
