// The delivery changes as stored: every SQL read and write of `delivery_changes`, and the one
// module that writes it (db/owners.ts). The callers check the rules first (changes.ts, with
// changeRules.ts); a write of a change goes in the transaction that checked it.
import { SubscriptionStatus } from '../../../shared/subscription/status';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import type { DeliveryAddress } from '../accounts/accounts';

import { addressValues } from './addresses';
import type { ChangeRow, CheckedChange, DeliveryChangeType } from './changeRules';
import type { StopCreditClaim } from './stopCredits';

const COLUMNS = `id, subscription_no, title_code, kind, from_date::text as from_date,
  to_date::text as to_date, co_name, street, street_number, flat_number, floor, postal_code,
  place, withdrawn_at, credited_through::text as credited_through, credited_ore, skip_reason`;

/** The address of a TRANSFER or PERMANENT change; null for a STOP. */
export function addressOf(row: ChangeRow): DeliveryAddress | null {
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

const changeNotFound = () =>
  new DomainError('not-found', 'DELIVERY_CHANGE_NOT_FOUND', 'No such delivery change');

export function changesOf(db: Queryable, subscriptionNo: string): Promise<ChangeRow[]> {
  return db.query<ChangeRow>(
    `select ${COLUMNS} from delivery_changes where subscription_no = $1
      order by from_date, id`,
    [subscriptionNo],
  );
}

/** The change of the subscription, locked; not found for another subscription's. */
export async function lockedChange(
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
      ...addressValues(a),
      row.at.toISOString(),
    ],
  );
  return inserted!;
}

/** Writes an edited change: `change` as the rules made it of the edit (updateDeliveryChange). */
export async function rewriteChange(
  tx: Queryable,
  changeId: string,
  change: CheckedChange,
  at: Date,
): Promise<ChangeRow> {
  const a = change.address;
  const [row] = await tx.query<ChangeRow>(
    `update delivery_changes set kind = $2, from_date = $3, to_date = $4, co_name = $5,
       street = $6, street_number = $7, flat_number = $8, floor = $9, postal_code = $10,
       place = $11, updated_at = $12
      where id = $1::bigint returning ${COLUMNS}`,
    [changeId, change.type, change.from, change.to, ...addressValues(a), at.toISOString()],
  );
  return row!;
}

/** Marks a change withdrawn (withdrawDeliveryChange). */
export async function markWithdrawn(tx: Queryable, changeId: string, at: Date): Promise<ChangeRow> {
  const [row] = await tx.query<ChangeRow>(
    `update delivery_changes set withdrawn_at = $2, updated_at = $2
      where id = $1::bigint returning ${COLUMNS}`,
    [changeId, at.toISOString()],
  );
  return row!;
}

/**
 * The live changes of the reader's other subscriptions that `change` meets through the account's
 * one delivery address (changes.ts has the rule): for a move, their stops and temporary
 * addresses over its first day; for a stop or temporary address, their moves not yet carried
 * out that start within it.
 */
export function otherSubscriptionsChangesMeeting(
  tx: Queryable,
  ariaAccountNo: string,
  subscriptionNo: string,
  change: CheckedChange,
): Promise<ChangeRow[]> {
  const isMove = change.type === 'PERMANENT';
  return tx.query<ChangeRow>(
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
}

/**
 * The stops of a subscription a renewal billing the period from `periodStart` may still credit,
 * locked (changePrices.ts): those with days before it, back to `chainStart`, not yet dealt with.
 */
export function lockStopsToCredit(
  tx: Queryable,
  subscriptionNo: string,
  periodStart: string,
  chainStart: string,
): Promise<ChangeRow[]> {
  return tx.query<ChangeRow>(
    `select ${COLUMNS} from delivery_changes
      where subscription_no = $1 and kind = 'STOP' and withdrawn_at is null
        and from_date < $2::date and (to_date is null or to_date >= $3::date)
        and (credited_through is null or credited_through < $2::date - 1)
      order by from_date, id for update`,
    [subscriptionNo, periodStart, chainStart],
  );
}

/**
 * The stops of subscription `subscriptionNo` (an SQL expression) that a renewal may still credit,
 * as a JSON array of StopRow (stopCredits.ts) in the order a renewal takes them; null when there
 * are none. A read composes it into its own statement (the forecast of the next charge).
 */
export const creditableStopsSql = (subscriptionNo: string) =>
  `select json_agg(json_build_object('id', d.id::text, 'from', d.from_date::text,
                                     'to', d.to_date::text,
                                     'creditedThrough', d.credited_through::text,
                                     'creditedOre', d.credited_ore::bigint)
                   order by d.from_date, d.id)
     from delivery_changes d
    where d.subscription_no = ${subscriptionNo} and d.kind = 'STOP' and d.withdrawn_at is null
      and (d.credited_through is null or d.to_date is null or d.credited_through < d.to_date)`;

/** Records a renewal's claim on a stop: the days dealt with, and the øre credited for them. */
export async function markStopCredited(
  tx: Queryable,
  row: StopCreditClaim['rows'][number],
): Promise<void> {
  await tx.query(
    `update delivery_changes set credited_through = $2, credited_ore = credited_ore + $3
      where id = $1::bigint`,
    [row.id, row.creditedThrough, row.addOre],
  );
}

/**
 * The moves whose first day has come and that are neither applied nor skipped (movesJob.ts),
 * oldest first; a suspended subscription's move waits.
 */
export function dueMoves(
  db: Queryable,
  today: string,
  limit: number,
): Promise<{ id: number | string }[]> {
  return db.query<{ id: number | string }>(
    `select d.id from delivery_changes d
       join subscriptions s on s.subscription_no = d.subscription_no
      where d.kind = 'PERMANENT' and d.withdrawn_at is null and d.applied_at is null
        and d.skipped_at is null and d.from_date <= $1::date
        and s.status_code <> ${SubscriptionStatus.SUSPENDED}
      order by d.from_date, d.id limit $2`,
    [today, limit],
  );
}

/** A due move, locked, with its account; none if it was applied, skipped or withdrawn since. */
export async function lockDueMove(
  tx: Queryable,
  id: number | string,
): Promise<(ChangeRow & { aria_account_no: string }) | undefined> {
  const [row] = await tx.query<ChangeRow & { aria_account_no: string }>(
    `select ${COLUMNS}, aria_account_no from delivery_changes
      where id = $1 and applied_at is null and skipped_at is null and withdrawn_at is null
      for update`,
    [id],
  );
  return row;
}

/** A move not carried out: its subscription was no longer paper with access on its day. */
export async function markMoveSkipped(
  tx: Queryable,
  id: number | string,
  at: Date,
  reason: 'NOT_PAPER' | 'NOT_ACTIVE',
): Promise<void> {
  await tx.query('update delivery_changes set skipped_at = $2, skip_reason = $3 where id = $1', [
    id,
    at.toISOString(),
    reason,
  ]);
}

/** A move carried out: its address is the account's delivery address now. */
export async function markMoveApplied(tx: Queryable, id: number | string, at: Date): Promise<void> {
  await tx.query('update delivery_changes set applied_at = $2 where id = $1', [
    id,
    at.toISOString(),
  ]);
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
