// Paper delivery changes (/endre-avislevering, spec §3 Delivery change, §5 rules): STOP (no paper
// for a period or until further notice; digital access continues), TRANSFER (the paper to a
// temporary address for a period: a vacation change requires an address) and PERMANENT (a move:
// the paper to a new address from a date). The rules, from the server's own records only:
// - The subscription is the reader's own (another account's is not found), a paper one
//   (planProductType COMBO; a digital one is 403 PAPER_SUBSCRIPTION_REQUIRED) with access: the
//   rule complaints share, paper.ts.
// - Both dates are delivery days of the title (calendar.ts). A change must be registered before
//   the cut-off of its first day (the title's time, the day before): an earlier start is refused
//   naming the next possible delivery day. The end is not before the start; nothing reaches more
//   than a year ahead.
// - Changes of a subscription do not overlap (a move counts as its first day); the subscription
//   row is locked while a change is written, so of two overlapping requests at once one wins.
// - A change can be edited or withdrawn until the cut-off of its first day; then it is history.
// - An address has the §5 messages; its postal code must be in the register, which gives the place.
// - A stop of a title that credits stopped issues (publications/delivery.ts) is credited on the
//   next renewal with the paper's share of the price, for days in billed and paid periods only
//   (stopCredits.ts has the rule): claimStopCredits, called when the renewal's billing effect is
//   recorded.
// - A move's address becomes the account's delivery address on its first day (applyDueMoves,
//   a background job, once per move): the address is the account's, so a move moves the paper
//   of every paper subscription of the reader. A move is therefore refused while another paper
//   subscription of the reader has a stop or temporary address over its first day (and such a
//   change while a move of another one falls in it), and a move whose subscription is no
//   longer paper with access when its day comes is not applied (skipped, with the reason).
// Owns `delivery_changes`.
import { deliveryScheduleOf } from '../../../shared/publications/delivery';
import { getPublication } from '../../../shared/publications/registry';
import { SubscriptionStatus } from '../../../shared/subscription/status';
import { addDays, daysBetween, isIsoDate, osloDateOf } from '../../../shared/time/oslo';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { DomainError, RateLimitedError } from '../../errors';
import { type DeliveryAddress, getProfile, modifyAccount } from '../accounts/accounts';
import { consume } from '../rate-limits';
import { getSubscription, type Subscription } from '../subscriptions/subscriptions';

import { checkDeliveryAddress } from './addresses';
import { cutOffFor, deliveryDaysBetween, earliestChangeStart, isDeliveryDay } from './calendar';
import {
  eligibilityOf,
  lockPaperSubscription as lockPaper,
  ownSubscription,
  type PaperEligibility,
} from './paper';
import {
  billedPeriods,
  type BilledPeriod,
  chainBefore,
  currentIssueCreditOre,
  estimateStopCredit,
  paperShareOf,
  planStopCredits,
  type StopRow,
} from './stopCredits';

export type DeliveryChangeType = 'STOP' | 'TRANSFER' | 'PERMANENT';
export type DeliveryChangeStatus = 'PLANNED' | 'CURRENT' | 'PAST' | 'WITHDRAWN';

/** How far ahead (calendar days from today) a change may start or end. */
export const DELIVERY_CHANGE_HORIZON_DAYS = 365;
/** Changes (create, edit, withdraw) one account may make in an hour. */
export const DELIVERY_CHANGE_RATE_LIMIT = 30;
const RATE_WINDOW_SECONDS = 3600;

/** The address of a change as the request carries it (the place comes from the register). */
export interface DeliveryChangeAddressInput {
  readonly coName: string;
  readonly street: string;
  readonly streetNumber: string;
  readonly flatNumber?: string;
  readonly floor?: string;
  readonly postalCode: string;
  readonly place?: string;
}

export interface DeliveryChangeInput {
  readonly type: DeliveryChangeType;
  readonly fromDate: string;
  readonly toDate?: string;
  readonly openEnd?: boolean;
  readonly address?: DeliveryChangeAddressInput;
}

export interface DeliveryChangeView {
  readonly id: string;
  readonly type: DeliveryChangeType;
  readonly fromDate: string;
  readonly toDate: string | null;
  readonly openEnd: boolean;
  readonly status: DeliveryChangeStatus;
  /** ISO instant until which the change can be edited or withdrawn. */
  readonly cutOff: string;
  readonly editable: boolean;
  /**
   * A started (or locked) stop or temporary address whose end can still be moved: the first
   * delivery it would change is not before the earliest possible day.
   */
  readonly endEditable: boolean;
  /** Delivery days covered (an open-ended stop: those up to today); 0 for a move. */
  readonly issues: number;
  /** The credit of a stop on the next invoice (0 where the title credits none). */
  readonly creditOre: number;
  readonly address: DeliveryAddress | null;
  /**
   * A move that was not carried out on its day: its subscription was no longer paper (NOT_PAPER)
   * or had no access (NOT_ACTIVE) then. Null otherwise.
   */
  readonly notApplied: 'NOT_PAPER' | 'NOT_ACTIVE' | null;
}

export interface DeliveryCalendarView {
  readonly earliestStart: string;
  readonly cutOff: string;
  readonly cutOffTime: string;
  readonly cutOffDaysBefore: number;
  readonly weekdays: readonly number[];
  readonly lastDate: string;
  readonly deliveryDays: readonly string[];
}

export interface DeliveryChangeOverview {
  readonly subscriptionNo: string;
  readonly titleCode: string;
  readonly eligibility: PaperEligibility;
  readonly calendar: DeliveryCalendarView | null;
  readonly price: {
    readonly stopCredit: 'NONE' | 'PER_ISSUE';
    readonly creditPerIssueOre: number | null;
    /** The paper's share of the price a stopped issue is credited with, in per cent. */
    readonly paperSharePercent: number | null;
  };
  readonly address: DeliveryAddress | null;
  readonly planned: readonly DeliveryChangeView[];
  readonly current: readonly DeliveryChangeView[];
  readonly history: readonly DeliveryChangeView[];
}

export interface DeliveryChangeDeps {
  readonly db: Db;
  readonly clock: Clock;
}

interface ChangeRow {
  id: number | string;
  subscription_no: string;
  title_code: string;
  kind: DeliveryChangeType;
  from_date: string;
  to_date: string | null;
  co_name: string | null;
  street: string | null;
  street_number: string | null;
  flat_number: string | null;
  floor: string | null;
  postal_code: string | null;
  place: string | null;
  withdrawn_at: Date | string | null;
  credited_through: string | null;
  credited_ore: number | string;
  skip_reason: 'NOT_PAPER' | 'NOT_ACTIVE' | null;
  [column: string]: unknown;
}

const COLUMNS = `id, subscription_no, title_code, kind, from_date::text as from_date,
  to_date::text as to_date, co_name, street, street_number, flat_number, floor, postal_code,
  place, withdrawn_at, credited_through::text as credited_through, credited_ore, skip_reason`;

// ---------------------------------------------------------------- rules (pure)

/** dd.mm.yyyy, as Norwegian readers write a date. */
export function norwegianDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

const TYPE_NAMES: Readonly<Record<DeliveryChangeType, string>> = {
  STOP: 'stopp i leveringen',
  TRANSFER: 'midlertidig adresse',
  PERMANENT: 'flytting',
};

const invalid = (code: string, message: string, field: string) =>
  new DomainError('invalid', code, message, field);

/** An end after the calendar's last date (`lastDate`, a year ahead): nothing reaches further. */
const endTooFar = (lastDate: string) =>
  invalid(
    'DELIVERY_CHANGE_TOO_FAR',
    `Endringen kan ikke vare lenger enn til ${norwegianDate(lastDate)}`,
    'toDate',
  );

/** The last day a change occupies for the overlap rule: a move only its first day. */
function lastOccupied(type: DeliveryChangeType, from: string, to: string | null): string | null {
  return type === 'PERMANENT' ? from : to;
}

function overlaps(
  a: { type: DeliveryChangeType; from: string; to: string | null },
  b: { type: DeliveryChangeType; from: string; to: string | null },
): boolean {
  const aEnd = lastOccupied(a.type, a.from, a.to);
  const bEnd = lastOccupied(b.type, b.from, b.to);
  return (aEnd === null || b.from <= aEnd) && (bEnd === null || a.from <= bEnd);
}

interface CheckedChange {
  readonly type: DeliveryChangeType;
  readonly from: string;
  readonly to: string | null;
  readonly address: DeliveryAddress | null;
}

/**
 * The address of a TRANSFER or PERMANENT change: required, then the rule of every delivery
 * address (addresses.ts: spec §5 messages, a postal code the register knows, its place).
 */
export function checkChangeAddress(input: DeliveryChangeAddressInput | undefined): DeliveryAddress {
  if (!input) throw invalid('DELIVERY_ADDRESS_REQUIRED', 'Leveringsadresse er påkrevd', 'address');
  return checkDeliveryAddress(input, 'address');
}

/**
 * Checks a change against the title's calendar at `now` (everything but the overlap rule, which
 * needs the stored changes): the shape of its type, both dates, the cut-off and the address.
 */
export function checkChange(
  titleCode: string,
  input: DeliveryChangeInput,
  now: Date,
): CheckedChange {
  const { type } = input;
  const from = input.fromDate;
  if (!isIsoDate(from)) throw invalid('VALIDATION_FAILED', 'Datoen er ikke gyldig', 'fromDate');
  if (input.toDate !== undefined && !isIsoDate(input.toDate))
    throw invalid('VALIDATION_FAILED', 'Datoen er ikke gyldig', 'toDate');
  let to: string | null = input.toDate ?? null;
  if (type === 'PERMANENT') {
    if (to !== null)
      throw invalid('VALIDATION_FAILED', 'En flytting har ingen sluttdato', 'toDate');
  } else if (input.openEnd === true) {
    if (type === 'TRANSFER')
      throw invalid(
        'DELIVERY_CHANGE_END_REQUIRED',
        'En midlertidig adresse må ha en sluttdato',
        'toDate',
      );
    if (to !== null)
      throw invalid('VALIDATION_FAILED', 'Velg enten en sluttdato eller «inntil videre»', 'toDate');
  } else if (to === null) {
    throw invalid('DELIVERY_CHANGE_END_REQUIRED', 'Sluttdato er påkrevd', 'toDate');
  }

  const earliest = earliestChangeStart(titleCode, now);
  if (from < earliest.date)
    throw invalid(
      'DELIVERY_CHANGE_TOO_EARLY',
      `Endringen må være registrert innen fristen dagen før. Tidligste mulige dag er ${norwegianDate(earliest.date)}`,
      'fromDate',
    );
  const lastDate = addDays(osloDateOf(now), DELIVERY_CHANGE_HORIZON_DAYS);
  if (from > lastDate)
    throw invalid(
      'DELIVERY_CHANGE_TOO_FAR',
      `Endringen kan ikke starte senere enn ${norwegianDate(lastDate)}`,
      'fromDate',
    );
  if (!isDeliveryDay(titleCode, from))
    throw invalid(
      'DELIVERY_CHANGE_NOT_DELIVERY_DAY',
      `Avisen kommer ikke ut ${norwegianDate(from)}`,
      'fromDate',
    );
  if (to !== null) {
    if (to < from)
      throw invalid(
        'DELIVERY_CHANGE_END_BEFORE_START',
        'Sluttdatoen kan ikke være før startdatoen',
        'toDate',
      );
    // (From tomorrow at the earliest, so no change here lasts longer than a year either.)
    if (to > lastDate) throw endTooFar(lastDate);
    if (!isDeliveryDay(titleCode, to))
      throw invalid(
        'DELIVERY_CHANGE_NOT_DELIVERY_DAY',
        `Avisen kommer ikke ut ${norwegianDate(to)}`,
        'toDate',
      );
  }

  if (type === 'STOP') {
    if (input.address !== undefined)
      throw invalid('VALIDATION_FAILED', 'Et stopp i leveringen har ingen adresse', 'address');
    return { type, from, to, address: null };
  }
  to = type === 'PERMANENT' ? null : to;
  return { type, from, to, address: checkChangeAddress(input.address) };
}

// ---------------------------------------------------------------- price effect

/** What the credit of a subscription's stops is priced from (null: its title credits none). */
interface CreditContext {
  readonly share: number;
  readonly periods: readonly BilledPeriod[];
  /** The subscription renews (a later period will be billed, and can take a credit off). */
  readonly renews: boolean;
}

async function creditContextOf(
  db: Queryable,
  subscription: Pick<Subscription, 'subscriptionNo' | 'titleCode' | 'renewalDate'>,
): Promise<CreditContext | null> {
  const share = paperShareOf(subscription.titleCode);
  if (share === null) return null;
  return {
    share,
    periods: await billedPeriods(db, subscription.subscriptionNo),
    renews: subscription.renewalDate !== null,
  };
}

const stopRowOf = (row: ChangeRow): StopRow => ({
  id: String(row.id),
  from: row.from_date,
  to: row.to_date,
  creditedThrough: row.credited_through,
  creditedOre: Number(row.credited_ore),
});

// ---------------------------------------------------------------- views

function addressOf(row: ChangeRow): DeliveryAddress | null {
  if (row.kind === 'STOP' || row.co_name === null) return null;
  return {
    coName: row.co_name,
    street: row.street ?? '',
    streetNumber: row.street_number ?? '',
    ...(row.flat_number ? { flatNumber: row.flat_number } : {}),
    ...(row.floor ? { floor: row.floor } : {}),
    postalCode: row.postal_code ?? '',
    place: row.place ?? '',
  };
}

function statusOf(row: ChangeRow, today: string): DeliveryChangeStatus {
  if (row.withdrawn_at !== null) return 'WITHDRAWN';
  if (row.from_date > today) return 'PLANNED';
  if (row.kind === 'PERMANENT') return 'PAST';
  return row.to_date !== null && row.to_date < today ? 'PAST' : 'CURRENT';
}

function toView(row: ChangeRow, now: Date, credit: CreditContext | null): DeliveryChangeView {
  const today = osloDateOf(now);
  const status = statusOf(row, today);
  const cutOff = cutOffFor(row.title_code, row.from_date);
  const lastCounted = row.to_date ?? (row.from_date <= today ? today : row.from_date);
  const issues =
    row.kind === 'PERMANENT'
      ? 0
      : row.to_date === null && row.from_date > today
        ? 0
        : deliveryDaysBetween(row.title_code, row.from_date, lastCounted).length;
  return {
    id: String(row.id),
    type: row.kind,
    fromDate: row.from_date,
    toDate: row.to_date,
    openEnd: row.kind !== 'PERMANENT' && row.to_date === null,
    status,
    cutOff: cutOff.toISOString(),
    editable: status === 'PLANNED' && now.getTime() < cutOff.getTime(),
    endEditable: endEditable(row, status, now, cutOff),
    issues,
    creditOre:
      row.kind === 'STOP' && credit !== null && status !== 'WITHDRAWN' && issues > 0
        ? estimateStopCredit(
            row.title_code,
            credit.share,
            stopRowOf(row),
            lastCounted,
            credit.periods,
            credit.renews,
          )
        : 0,
    address: addressOf(row),
    notApplied: row.skip_reason,
  };
}

/** See DeliveryChangeView.endEditable. */
function endEditable(
  row: ChangeRow,
  status: DeliveryChangeStatus,
  now: Date,
  cutOff: Date,
): boolean {
  if (row.kind === 'PERMANENT' || status === 'PAST' || status === 'WITHDRAWN') return false;
  if (now.getTime() < cutOff.getTime()) return false; // still fully editable
  const earliest = earliestChangeStart(row.title_code, now).date;
  return row.to_date === null || addDays(row.to_date, 1) >= earliest;
}

// ---------------------------------------------------------------- reads

const changeNotFound = () =>
  new DomainError('not-found', 'DELIVERY_CHANGE_NOT_FOUND', 'No such delivery change');

function changesOf(db: Queryable, subscriptionNo: string): Promise<ChangeRow[]> {
  return db.query<ChangeRow>(
    `select ${COLUMNS} from delivery_changes where subscription_no = $1
      order by from_date, id`,
    [subscriptionNo],
  );
}

export async function deliveryChangeOverview(
  deps: DeliveryChangeDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
): Promise<DeliveryChangeOverview> {
  const now = deps.clock.now();
  const today = osloDateOf(now);
  const subscription = await ownSubscription(deps.db, ariaAccountNo, subscriptionNo);
  const { titleCode } = subscription;
  const schedule = deliveryScheduleOf(titleCode);
  const eligibility = eligibilityOf(subscription);
  const credit = await creditContextOf(deps.db, subscription);
  const price = {
    stopCredit: credit ? ('PER_ISSUE' as const) : ('NONE' as const),
    creditPerIssueOre: credit
      ? currentIssueCreditOre(titleCode, credit.share, credit.periods, today, credit.renews)
      : null,
    paperSharePercent: credit ? Math.round(credit.share * 100) : null,
  };
  if (eligibility === 'NOT_PAPER')
    return {
      subscriptionNo,
      titleCode,
      eligibility,
      calendar: null,
      price,
      address: null,
      planned: [],
      current: [],
      history: [],
    };
  const profile = await getProfile(deps.db, ariaAccountNo);
  const views = (await changesOf(deps.db, subscriptionNo)).map((row) => toView(row, now, credit));
  let calendar: DeliveryCalendarView | null = null;
  if (eligibility === 'PAPER') {
    const earliest = earliestChangeStart(titleCode, now);
    const lastDate = addDays(today, DELIVERY_CHANGE_HORIZON_DAYS);
    calendar = {
      earliestStart: earliest.date,
      cutOff: earliest.cutOff,
      cutOffTime: schedule.cutOffTime,
      cutOffDaysBefore: schedule.cutOffDaysBefore,
      weekdays: [...schedule.weekdays],
      lastDate,
      deliveryDays: deliveryDaysBetween(titleCode, earliest.date, lastDate),
    };
  }
  return {
    subscriptionNo,
    titleCode,
    eligibility,
    calendar,
    price,
    address: profile.address,
    planned: views.filter((v) => v.status === 'PLANNED'),
    current: views.filter((v) => v.status === 'CURRENT'),
    history: views
      .filter((v) => v.status === 'PAST' || v.status === 'WITHDRAWN')
      .sort((a, b) =>
        a.fromDate === b.fromDate ? Number(b.id) - Number(a.id) : a.fromDate < b.fromDate ? 1 : -1,
      ),
  };
}

// ---------------------------------------------------------------- writes

/** The subscription locked for a write, checked to be the reader's own paper subscription. */
const lockPaperSubscription = (tx: Queryable, ariaAccountNo: string, subscriptionNo: string) =>
  lockPaper(tx, ariaAccountNo, subscriptionNo, 'has a delivery to change');

async function rateLimit(db: Queryable, ariaAccountNo: string, now: Date): Promise<void> {
  const wait = await consume(
    db,
    `delivery-change:${ariaAccountNo}`,
    DELIVERY_CHANGE_RATE_LIMIT,
    RATE_WINDOW_SECONDS,
    now,
  );
  if (wait > 0) throw new RateLimitedError(wait);
}

/** The days of a stored change as a sentence says them (dd.mm.yyyy). */
function periodOf(row: ChangeRow): string {
  if (row.kind === 'PERMANENT') return `fra ${norwegianDate(row.from_date)}`;
  return row.to_date === null
    ? `fra ${norwegianDate(row.from_date)} inntil videre`
    : `${norwegianDate(row.from_date)}–${norwegianDate(row.to_date)}`;
}

/** Locks the reader's account row: changes of all its subscriptions are written one at a time. */
async function lockAccount(tx: Queryable, ariaAccountNo: string): Promise<void> {
  await tx.query('select 1 from accounts where aria_account_no = $1 for update', [ariaAccountNo]);
}

function assertNoOverlap(
  rows: readonly ChangeRow[],
  change: CheckedChange,
  today: string,
  exceptId?: string,
): void {
  const other = rows.find(
    (row) =>
      String(row.id) !== exceptId &&
      row.withdrawn_at === null &&
      statusOf(row, today) !== 'PAST' &&
      overlaps({ type: row.kind, from: row.from_date, to: row.to_date }, change),
  );
  if (!other) return;
  throw new DomainError(
    'conflict',
    'DELIVERY_CHANGE_OVERLAP',
    `Endringen overlapper med ${TYPE_NAMES[other.kind]} ${periodOf(other)}`,
    'fromDate',
  );
}

/**
 * The delivery address is the account's (a move changes it for every paper subscription of the
 * reader), so a move must not fall inside a stop or temporary address of another of the reader's
 * paper subscriptions, nor such a change over a planned move of another one: the reader would
 * otherwise move that paper without its own change in mind. The account row is locked by the
 * writers first, so two requests for two subscriptions at once are checked one after the other.
 */
async function assertNoConflictWithOtherPaper(
  tx: Queryable,
  ariaAccountNo: string,
  subscriptionNo: string,
  change: CheckedChange,
): Promise<void> {
  const isMove = change.type === 'PERMANENT';
  const rows = await tx.query<ChangeRow>(
    `select ${COLUMNS.replace(/(^|,\s*)([a-z_]+)/g, '$1d.$2')}
       from delivery_changes d
       join subscriptions s on s.subscription_no = d.subscription_no
      where s.aria_account_no = $1 and d.subscription_no <> $2 and d.withdrawn_at is null
        and ${
          isMove
            ? `d.kind in ('STOP', 'TRANSFER') and d.from_date <= $3::date
               and (d.to_date is null or d.to_date >= $3::date)`
            : `d.kind = 'PERMANENT' and d.applied_at is null and d.skipped_at is null
               and d.from_date >= $3::date and ($4::date is null or d.from_date <= $4::date)`
        }
      order by d.from_date, d.id`,
    isMove
      ? [ariaAccountNo, subscriptionNo, change.from]
      : [ariaAccountNo, subscriptionNo, change.from, change.to],
  );
  for (const other of rows) {
    const subscription = await getSubscription(tx, other.subscription_no);
    if (!subscription || eligibilityOf(subscription) !== 'PAPER') continue;
    const title = getPublication(subscription.titleCode).displayName;
    throw new DomainError(
      'conflict',
      'DELIVERY_CHANGE_OTHER_SUBSCRIPTION',
      isMove
        ? `En flytting gjelder alle papiravisene dine, og ${title} har ${TYPE_NAMES[other.kind]} ${periodOf(other)}. Velg en annen dag, eller endre den endringen først`
        : `${title} har en flytting fra ${norwegianDate(other.from_date)}, og en flytting gjelder alle papiravisene dine. Velg datoer som ikke går over flyttedagen, eller endre flyttingen først`,
      'fromDate',
    );
  }
}

/** Writes a change row (create, and the demo seed with its own instants). */
export async function recordDeliveryChange(
  tx: Queryable,
  row: {
    readonly subscriptionNo: string;
    readonly ariaAccountNo: string;
    readonly titleCode: string;
    readonly type: DeliveryChangeType;
    readonly from: string;
    readonly to: string | null;
    readonly address: DeliveryAddress | null;
    readonly at: Date;
  },
): Promise<ChangeRow> {
  const a = row.address;
  const [inserted] = await tx.query<ChangeRow>(
    `insert into delivery_changes (subscription_no, aria_account_no, title_code, kind, from_date,
       to_date, co_name, street, street_number, flat_number, floor, postal_code, place,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
     returning ${COLUMNS}`,
    [
      row.subscriptionNo,
      row.ariaAccountNo,
      row.titleCode,
      row.type,
      row.from,
      row.to,
      a?.coName ?? null,
      a?.street ?? null,
      a?.streetNumber ?? null,
      a?.flatNumber ?? null,
      a?.floor ?? null,
      a?.postalCode ?? null,
      a?.place ?? null,
      row.at.toISOString(),
    ],
  );
  return inserted!;
}

export async function createDeliveryChange(
  deps: DeliveryChangeDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
  input: DeliveryChangeInput,
): Promise<DeliveryChangeView> {
  const now = deps.clock.now();
  await rateLimit(deps.db, ariaAccountNo, now);
  return deps.db.transaction(async (tx) => {
    await lockAccount(tx, ariaAccountNo);
    const subscription = await lockPaperSubscription(tx, ariaAccountNo, subscriptionNo);
    const { titleCode } = subscription;
    const change = checkChange(titleCode, input, now);
    const today = osloDateOf(now);
    assertNoOverlap(await changesOf(tx, subscriptionNo), change, today);
    await assertNoConflictWithOtherPaper(tx, ariaAccountNo, subscriptionNo, change);
    const row = await recordDeliveryChange(tx, {
      subscriptionNo,
      ariaAccountNo,
      titleCode,
      ...change,
      at: now,
    });
    return toView(row, now, await creditContextOf(tx, subscription));
  });
}

/** The change of the subscription, locked; not found for another subscription's. */
async function lockedChange(
  tx: Queryable,
  subscriptionNo: string,
  changeId: string,
): Promise<ChangeRow> {
  const [row] = await tx.query<ChangeRow>(
    `select ${COLUMNS} from delivery_changes
      where id = $1::bigint and subscription_no = $2 for update`,
    [changeId, subscriptionNo],
  );
  if (!row) throw changeNotFound();
  if (row.withdrawn_at !== null)
    throw new DomainError('conflict', 'DELIVERY_CHANGE_LOCKED', 'The change is withdrawn');
  return row;
}

const locked = (cutOff: Date) =>
  new DomainError(
    'conflict',
    'DELIVERY_CHANGE_LOCKED',
    `Fristen for å endre denne endringen gikk ut ${norwegianDate(osloDateOf(cutOff))}`,
  );

/** The change, locked, if it can still be changed in full (or withdrawn) at `now`. */
async function editableChange(
  tx: Queryable,
  subscriptionNo: string,
  changeId: string,
  now: Date,
): Promise<ChangeRow> {
  const row = await lockedChange(tx, subscriptionNo, changeId);
  const cutOff = cutOffFor(row.title_code, row.from_date);
  if (now.getTime() >= cutOff.getTime()) throw locked(cutOff);
  return row;
}

/**
 * The new end of a started (or locked) stop or temporary address: only the end may move, and
 * only where the first delivery it changes is not before the earliest possible day.
 */
function checkNewEnd(row: ChangeRow, input: DeliveryChangeInput, now: Date): string | null {
  const cutOff = cutOffFor(row.title_code, row.from_date);
  const status = statusOf(row, osloDateOf(now));
  if (!endEditable(row, status, now, cutOff)) throw locked(cutOff);
  if (input.type !== row.kind || input.fromDate !== row.from_date)
    throw new DomainError(
      'conflict',
      'DELIVERY_CHANGE_LOCKED',
      'Endringen har startet; bare sluttdatoen kan endres',
    );
  let to: string | null;
  if (input.openEnd === true) {
    if (row.kind === 'TRANSFER')
      throw invalid(
        'DELIVERY_CHANGE_END_REQUIRED',
        'En midlertidig adresse må ha en sluttdato',
        'toDate',
      );
    if (input.toDate !== undefined)
      throw invalid('VALIDATION_FAILED', 'Velg enten en sluttdato eller «inntil videre»', 'toDate');
    to = null;
  } else {
    if (input.toDate === undefined)
      throw invalid('DELIVERY_CHANGE_END_REQUIRED', 'Sluttdato er påkrevd', 'toDate');
    if (!isIsoDate(input.toDate))
      throw invalid('VALIDATION_FAILED', 'Datoen er ikke gyldig', 'toDate');
    to = input.toDate;
  }
  const earliest = earliestChangeStart(row.title_code, now).date;
  const old = row.to_date;
  // The first delivery the new end changes: after the earlier of the two ends.
  const firstChanged =
    to === null
      ? old === null
        ? null
        : addDays(old, 1)
      : addDays(old === null || to < old ? to : old, 1);
  if (firstChanged !== null && firstChanged < earliest)
    throw invalid(
      'DELIVERY_CHANGE_TOO_EARLY',
      `Endringen må være registrert innen fristen dagen før. Leveringen kan tidligst endres fra ${norwegianDate(earliest)}`,
      'toDate',
    );
  if (to !== null) {
    if (to < row.from_date)
      throw invalid(
        'DELIVERY_CHANGE_END_BEFORE_START',
        'Sluttdatoen kan ikke være før startdatoen',
        'toDate',
      );
    if (to > addDays(osloDateOf(now), DELIVERY_CHANGE_HORIZON_DAYS))
      throw endTooFar(addDays(osloDateOf(now), DELIVERY_CHANGE_HORIZON_DAYS));
    if (daysBetween(row.from_date, to) > DELIVERY_CHANGE_HORIZON_DAYS)
      throw invalid('DELIVERY_CHANGE_TOO_FAR', 'En endring kan vare høyst ett år', 'toDate');
    if (to >= earliest && !isDeliveryDay(row.title_code, to))
      throw invalid(
        'DELIVERY_CHANGE_NOT_DELIVERY_DAY',
        `Avisen kommer ikke ut ${norwegianDate(to)}`,
        'toDate',
      );
  }
  return to;
}

export async function updateDeliveryChange(
  deps: DeliveryChangeDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
  changeId: string,
  input: DeliveryChangeInput,
): Promise<DeliveryChangeView> {
  const now = deps.clock.now();
  await rateLimit(deps.db, ariaAccountNo, now);
  return deps.db.transaction(async (tx) => {
    await lockAccount(tx, ariaAccountNo);
    const subscription = await lockPaperSubscription(tx, ariaAccountNo, subscriptionNo);
    const { titleCode } = subscription;
    const today = osloDateOf(now);
    const stored = await lockedChange(tx, subscriptionNo, changeId);
    const fullEdit = now.getTime() < cutOffFor(titleCode, stored.from_date).getTime();
    const change: CheckedChange = fullEdit
      ? checkChange(titleCode, input, now)
      : {
          type: stored.kind,
          from: stored.from_date,
          to: checkNewEnd(stored, input, now),
          address: addressOf(stored),
        };
    assertNoOverlap(await changesOf(tx, subscriptionNo), change, today, changeId);
    await assertNoConflictWithOtherPaper(tx, ariaAccountNo, subscriptionNo, change);
    const a = change.address;
    const [row] = await tx.query<ChangeRow>(
      `update delivery_changes set kind = $2, from_date = $3, to_date = $4, co_name = $5,
         street = $6, street_number = $7, flat_number = $8, floor = $9, postal_code = $10,
         place = $11, updated_at = $12
        where id = $1::bigint returning ${COLUMNS}`,
      [
        changeId,
        change.type,
        change.from,
        change.to,
        a?.coName ?? null,
        a?.street ?? null,
        a?.streetNumber ?? null,
        a?.flatNumber ?? null,
        a?.floor ?? null,
        a?.postalCode ?? null,
        a?.place ?? null,
        now.toISOString(),
      ],
    );
    return toView(row!, now, await creditContextOf(tx, subscription));
  });
}

export async function withdrawDeliveryChange(
  deps: DeliveryChangeDeps,
  ariaAccountNo: string,
  subscriptionNo: string,
  changeId: string,
): Promise<DeliveryChangeView> {
  const now = deps.clock.now();
  await rateLimit(deps.db, ariaAccountNo, now);
  return deps.db.transaction(async (tx) => {
    // Ownership first: another account's subscription is not found, whatever its kind.
    const subscription = await ownSubscription(tx, ariaAccountNo, subscriptionNo);
    await editableChange(tx, subscriptionNo, changeId, now);
    const [row] = await tx.query<ChangeRow>(
      `update delivery_changes set withdrawn_at = $2, updated_at = $2
        where id = $1::bigint returning ${COLUMNS}`,
      [changeId, now.toISOString()],
    );
    return toView(row!, now, await creditContextOf(tx, subscription));
  });
}

// ---------------------------------------------------------------- billing

/**
 * Claims the credit for stopped issues a renewal billing the period from `periodStart` takes
 * off, at most `maxOre` (stopCredits.ts has the rule): the subscription's stops are locked, each
 * one's newly dealt-with days marked (`credited_through`) with the øre credited, and the amount
 * answered (0 where the title credits none). Runs in the caller's transaction, which records
 * the billing effect with the amount less this credit; a second claim for the same renewal
 * finds the days dealt with already and credits nothing.
 */
export async function claimStopCredits(
  tx: Queryable,
  subscription: Pick<Subscription, 'subscriptionNo' | 'titleCode'>,
  periodStart: string,
  maxOre: number,
): Promise<number> {
  const { titleCode, subscriptionNo } = subscription;
  const share = paperShareOf(titleCode);
  if (share === null || maxOre <= 0) return 0;
  const chain = chainBefore(await billedPeriods(tx, subscriptionNo), periodStart);
  const chainStart = chain.at(-1)?.start;
  if (chainStart === undefined) return 0;
  const rows = await tx.query<ChangeRow>(
    `select ${COLUMNS} from delivery_changes
      where subscription_no = $1 and kind = 'STOP' and withdrawn_at is null
        and from_date < $2::date and (to_date is null or to_date >= $3::date)
        and (credited_through is null or credited_through < $2::date - 1)
      order by from_date, id for update`,
    [subscriptionNo, periodStart, chainStart],
  );
  const claim = planStopCredits(titleCode, share, rows.map(stopRowOf), chain, periodStart, maxOre);
  for (const row of claim.rows)
    await tx.query(
      `update delivery_changes set credited_through = $2, credited_ore = credited_ore + $3
        where id = $1::bigint`,
      [row.id, row.creditedThrough, row.addOre],
    );
  return claim.totalOre;
}

/**
 * The credit for stopped issues a renewal's billing effect takes off (titles that credit them):
 * the stopped days of the billed and paid periods before the one it bills, claimed once, at most
 * its amount.
 */
export async function creditStoppedIssues(
  tx: Queryable,
  subscriptionNo: string,
  effect: { readonly amountOre: number; readonly periodStart: string },
): Promise<number> {
  const subscription = await getSubscription(tx, subscriptionNo);
  if (!subscription || paperShareOf(subscription.titleCode) === null) return 0;
  return claimStopCredits(tx, subscription, effect.periodStart, effect.amountOre);
}

// ---------------------------------------------------------------- moves

/**
 * Makes the address of every move whose first day has come the account's delivery address, once
 * each (the move is locked and marked in the same transaction; an account update is audited as
 * `delivery-change:<id>`). The address is the account's, so it moves the paper of all the
 * reader's paper subscriptions. A move whose subscription is no longer paper with access on its
 * day (made digital, cancelled or ended) is not applied: it is marked skipped with the reason
 * (paper.ts: NOT_PAPER, NOT_ACTIVE) and the address stays. A suspended subscription's move waits
 * (the reader has moved; paying brings the subscription back, and the move is applied then).
 * Answers how many were applied.
 */
export async function applyDueMoves(db: Db, now: Date, limit = 100): Promise<number> {
  const today = osloDateOf(now);
  const due = await db.query<{ id: number | string }>(
    `select d.id from delivery_changes d
       join subscriptions s on s.subscription_no = d.subscription_no
      where d.kind = 'PERMANENT' and d.withdrawn_at is null and d.applied_at is null
        and d.skipped_at is null and d.from_date <= $1::date
        and s.status_code <> ${SubscriptionStatus.SUSPENDED}
      order by d.from_date, d.id limit $2`,
    [today, limit],
  );
  let applied = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.query<ChangeRow & { aria_account_no: string }>(
        `select ${COLUMNS}, aria_account_no from delivery_changes
          where id = $1 and applied_at is null and skipped_at is null and withdrawn_at is null
          for update`,
        [id],
      );
      const address = row ? addressOf(row) : null;
      if (!row || !address) return false;
      const subscription = await getSubscription(tx, row.subscription_no);
      if (subscription?.instStatusCode === SubscriptionStatus.SUSPENDED) return false; // waits
      const eligibility = subscription ? eligibilityOf(subscription) : 'NOT_ACTIVE';
      if (eligibility !== 'PAPER') {
        await tx.query(
          'update delivery_changes set skipped_at = $2, skip_reason = $3 where id = $1',
          [row.id, now.toISOString(), eligibility],
        );
        return false;
      }
      await modifyAccount(
        tx,
        { ariaAccountNo: row.aria_account_no, address },
        `delivery-change:${row.id}`,
      );
      await tx.query('update delivery_changes set applied_at = $2 where id = $1', [
        row.id,
        now.toISOString(),
      ]);
      return true;
    });
    if (done) applied += 1;
  }
  return applied;
}

// ---------------------------------------------------------------- for other modules

/** How a change had the paper of a day delivered: none (STOP) or to a temporary address. */
export interface DeliveryOnDay {
  readonly type: 'STOP' | 'TRANSFER';
  /** The temporary address of a TRANSFER; null for a STOP. */
  readonly address: DeliveryAddress | null;
}

/**
 * How the paper of a subscription was (or will be) delivered on each of `dates` (calendar dates),
 * by its changes: a day a STOP covers had no paper, a day a TRANSFER covers had it at the
 * temporary address; a day neither covers is not in the map (the paper went to the account's own
 * delivery address; a move counts from its first day through the account's address). Should two
 * changes cover a day (overlaps are refused), the later-starting one holds. For
 * the complaint form: a stopped day has no paper to complain about, a transferred day's address
 * is the temporary one.
 */
export async function deliveryChangesOn(
  db: Queryable,
  subscriptionNo: string,
  dates: readonly string[],
): Promise<Map<string, DeliveryOnDay>> {
  const days = new Map<string, DeliveryOnDay>();
  if (dates.length === 0) return days;
  const sorted = [...dates].sort();
  const rows = await db.query<ChangeRow>(
    `select ${COLUMNS} from delivery_changes
      where subscription_no = $1 and withdrawn_at is null and kind in ('STOP', 'TRANSFER')
        and from_date <= $3::date and (to_date is null or to_date >= $2::date)
      order by from_date desc, id desc`,
    [subscriptionNo, sorted[0], sorted.at(-1)],
  );
  for (const date of dates) {
    const row = rows.find((r) => r.from_date <= date && (r.to_date === null || r.to_date >= date));
    if (row) days.set(date, { type: row.kind as 'STOP' | 'TRANSFER', address: addressOf(row) });
  }
  return days;
}

/** deliveryChangesOn for one day: the STOP or TRANSFER that held it, or null. */
export async function deliveryChangeOn(
  db: Queryable,
  subscriptionNo: string,
  date: string,
): Promise<DeliveryOnDay | null> {
  return (await deliveryChangesOn(db, subscriptionNo, [date])).get(date) ?? null;
}

/** Erasure (privacy/deletion.ts): the account's delivery stops and redirections. */
export async function eraseDeliveryChanges(db: Queryable, ariaAccountNo: string): Promise<void> {
  await db.query('delete from delivery_changes where aria_account_no = $1', [ariaAccountNo]);
}
