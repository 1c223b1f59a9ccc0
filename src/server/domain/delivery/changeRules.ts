// The rules of a paper delivery change, pure (no SQL): the kinds and the shape of each, both
// dates on delivery days of the title (calendar.ts), the cut-off of its first day, the one-year
// horizon, the address (addresses.ts), the overlap of two changes, and what of a started change
// may still be edited. changes.ts applies them to the stored changes of a subscription
// (changeStore.ts reads and writes them).
import { addDays, daysBetween, isIsoDate, osloDateOf } from '../../../shared/time/oslo';
import { DomainError } from '../../errors';
import type { DeliveryAddress } from '../accounts/accounts';

import { checkDeliveryAddress } from './addresses';
import { cutOffFor, earliestChangeStart, isDeliveryDay } from './calendar';

export type DeliveryChangeType = 'STOP' | 'TRANSFER' | 'PERMANENT';
export type DeliveryChangeStatus = 'PLANNED' | 'CURRENT' | 'PAST' | 'WITHDRAWN';

/** How far ahead (calendar days from today) a change may start or end. */
export const DELIVERY_CHANGE_HORIZON_DAYS = 365;

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

/** A stored change, as changeStore.ts reads its row of `delivery_changes`. */
export interface ChangeRow {
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

/** dd.mm.yyyy, as Norwegian readers write a date. */
export function norwegianDate(date: string): string {
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

export const TYPE_NAMES: Readonly<Record<DeliveryChangeType, string>> = {
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

export interface CheckedChange {
  readonly type: DeliveryChangeType;
  readonly from: string;
  readonly to: string | null;
  readonly address: DeliveryAddress | null;
}

/**
 * The address of a TRANSFER or PERMANENT change: required, then the rule of every delivery
 * address (addresses.ts: requirements §5 messages, a postal code the register knows, its place).
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

// ---------------------------------------------------------------- stored changes

export function statusOf(row: ChangeRow, today: string): DeliveryChangeStatus {
  if (row.withdrawn_at !== null) return 'WITHDRAWN';
  if (row.from_date > today) return 'PLANNED';
  if (row.kind === 'PERMANENT') return 'PAST';
  return row.to_date !== null && row.to_date < today ? 'PAST' : 'CURRENT';
}

/** See DeliveryChangeView.endEditable. */
export function endEditable(
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

/** The days of a stored change as a sentence says them (dd.mm.yyyy). */
export function periodOf(row: ChangeRow): string {
  if (row.kind === 'PERMANENT') return `fra ${norwegianDate(row.from_date)}`;
  return row.to_date === null
    ? `fra ${norwegianDate(row.from_date)} inntil videre`
    : `${norwegianDate(row.from_date)}–${norwegianDate(row.to_date)}`;
}

export function assertNoOverlap(
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

export const locked = (cutOff: Date) =>
  new DomainError(
    'conflict',
    'DELIVERY_CHANGE_LOCKED',
    `Fristen for å endre denne endringen gikk ut ${norwegianDate(osloDateOf(cutOff))}`,
  );

/**
 * The new end of a started (or locked) stop or temporary address: only the end may move, and
 * only where the first delivery it changes is not before the earliest possible day.
 */
export function checkNewEnd(row: ChangeRow, input: DeliveryChangeInput, now: Date): string | null {
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
