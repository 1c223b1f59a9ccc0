// The records of business agreements: the agreement (company, title, seats, e-mail domains,
// admins), its seats (invited addresses and active employees), the codes e-mailed to invited
// addresses, and the audit of every change. The rules that decide what to write are in
// changes.ts (the admin's ADD/UPDATE/REMOVE) and verification.ts (/bedrift); this module is the
// only one that writes these tables.
//
// Who administers what is read from the server's own records only: an admin is a session user
// whose own subscription to the title gives access and has subscriptionInfo1 containing admin
// (requirements §4), and the agreement is the one that subscription administers. Nothing in a request
// names an agreement, so an admin of one company cannot reach another company's.
// Owns `business_agreements`, `business_agreement_domains`, `business_agreement_admins`,
// `business_seats`, `business_codes` and `business_seat_events`.
import { accessStatusCodes } from '../../../shared/subscription/status';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';

export interface Agreement {
  readonly id: number;
  readonly titleCode: string;
  readonly companyName: string;
  readonly maxSeats: number;
  /** Lower case, in the order they were given. */
  readonly domains: readonly string[];
}

interface AgreementRow extends Record<string, unknown> {
  id: number | string;
  title_code: string;
  company_name: string;
  max_seats: number;
  domains: string[] | null;
}

const toAgreement = (row: AgreementRow): Agreement => ({
  id: Number(row.id),
  titleCode: row.title_code,
  companyName: row.company_name,
  maxSeats: Number(row.max_seats),
  domains: row.domains ?? [],
});

const selectAgreement = `
  select a.id, a.title_code, a.company_name, a.max_seats,
         array(select d.domain from business_agreement_domains d
                where d.agreement_id = a.id order by d.domain) as domains
    from business_agreements a`;

/** What the session user is to the business agreements of a title. */
export type AdminLookup =
  | { readonly kind: 'admin'; readonly agreement: Agreement; readonly subscriptionNo: string }
  /** An admin subscription that administers no agreement (an error in the records). */
  | { readonly kind: 'no-agreement' }
  | { readonly kind: 'not-admin' };

/**
 * The agreement the account administers on the title: through one of its subscriptions to the
 * title that gives access and whose subscriptionInfo1 contains admin (one that administers an
 * agreement first).
 */
export async function agreementOfAdmin(
  db: Queryable,
  ariaAccountNo: string | null,
  titleCode: string,
): Promise<AdminLookup> {
  if (ariaAccountNo === null) return { kind: 'not-admin' };
  const [row] = await db.query<{ subscription_no: string; agreement_id: number | null }>(
    `select s.subscription_no, baa.agreement_id
       from subscriptions s
       left join business_agreement_admins baa on baa.subscription_no = s.subscription_no
      where s.aria_account_no = $1 and s.title_code = $2
        and s.status_code = any($3::int[]) and s.subscription_info1 ~* 'admin'
      order by (baa.agreement_id is not null) desc, s.created_at desc
      limit 1`,
    [ariaAccountNo, titleCode, accessStatusCodes],
  );
  if (!row) return { kind: 'not-admin' };
  if (row.agreement_id === null) return { kind: 'no-agreement' };
  const [agreement] = await db.query<AgreementRow>(`${selectAgreement} where a.id = $1`, [
    row.agreement_id,
  ]);
  return agreement
    ? { kind: 'admin', agreement: toAgreement(agreement), subscriptionNo: row.subscription_no }
    : { kind: 'no-agreement' };
}

/**
 * The agreement, locked for the rest of the transaction: changes to its seats are made one
 * request at a time, so two at once cannot both take the last seat.
 */
export async function lockAgreement(tx: Queryable, id: number): Promise<Agreement> {
  await tx.query('select id from business_agreements where id = $1 for update', [id]);
  const [row] = await tx.query<AgreementRow>(`${selectAgreement} where a.id = $1`, [id]);
  if (!row) throw new Error(`No business agreement ${id}`);
  return toAgreement(row);
}

/** Seats taken: active employees and invitations not yet accepted. */
export async function usedSeats(db: Queryable, agreementId: number): Promise<number> {
  const [row] = await db.query<{ used: number }>(
    `select count(*)::int as used from business_seats
      where agreement_id = $1 and status <> 'removed'`,
    [agreementId],
  );
  return Number(row?.used ?? 0);
}

export type SeatStatus = 'emailSent' | 'active';

/** A live seat (invited or active) of an agreement. */
export interface Seat {
  readonly id: number;
  readonly agreementId: number;
  readonly email: string;
  readonly status: SeatStatus;
  readonly addedAt: string;
  readonly lastSentAt: string | null;
  readonly linkExpiresAt: string | null;
  readonly spidId: string | null;
  readonly name: string | null;
  readonly subscriptionNo: string | null;
}

interface SeatRow extends Record<string, unknown> {
  id: number | string;
  agreement_id: number | string;
  email: string;
  status: SeatStatus | 'removed';
  added_at: Date | string;
  last_sent_at: Date | string | null;
  link_expires_at: Date | string | null;
  spid_id: string | null;
  name: string | null;
  subscription_no: string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function toSeat(row: SeatRow): Seat {
  return {
    id: Number(row.id),
    agreementId: Number(row.agreement_id),
    email: row.email,
    status: row.status as SeatStatus,
    addedAt: new Date(row.added_at).toISOString(),
    lastSentAt: iso(row.last_sent_at),
    linkExpiresAt: iso(row.link_expires_at),
    spidId: row.spid_id,
    name: row.name,
    subscriptionNo: row.subscription_no,
  };
}

const seatColumns = `s.id, s.agreement_id, s.email, s.status, s.added_at, s.last_sent_at,
  s.link_expires_at, s.spid_id, s.name, s.subscription_no`;

/** The agreement's invited and active employees, newest first. */
export async function listSeats(db: Queryable, agreementId: number): Promise<Seat[]> {
  const rows = await db.query<SeatRow>(
    `select ${seatColumns} from business_seats s
      where s.agreement_id = $1 and s.status <> 'removed'
      order by s.added_at desc, s.email`,
    [agreementId],
  );
  return rows.map(toSeat);
}

/** The live seat of an (normalised) address in the agreement, locked; undefined for none. */
export async function liveSeat(
  tx: Queryable,
  agreementId: number,
  email: string,
): Promise<Seat | undefined> {
  const [row] = await tx.query<SeatRow>(
    `select ${seatColumns} from business_seats s
      where s.agreement_id = $1 and s.email = $2 and s.status <> 'removed'
      for update`,
    [agreementId, email],
  );
  return row && toSeat(row);
}

/** The day (Oslo) a seat was added, as the admin's list shows it. */
export const dateAdded = (seat: Pick<Seat, 'addedAt'>): string =>
  osloDateOf(new Date(seat.addedAt));

/** A new invitation holding a seat; answers its id. */
export async function insertInvitation(
  tx: Queryable,
  input: {
    readonly agreementId: number;
    readonly email: string;
    readonly tokenHash: string;
    readonly linkExpiresAt: Date;
    readonly now: Date;
  },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into business_seats (agreement_id, email, status, added_at, token_hash,
       link_expires_at, last_sent_at)
     values ($1, $2, 'emailSent', $3, $4, $5, $3) returning id`,
    [
      input.agreementId,
      input.email,
      input.now.toISOString(),
      input.tokenHash,
      input.linkExpiresAt.toISOString(),
    ],
  );
  return Number(row!.id);
}

/** The invitation is sent again with a new link: the old one stops working. */
export async function renewInvitationLink(
  tx: Queryable,
  seatId: number,
  input: { readonly tokenHash: string; readonly linkExpiresAt: Date; readonly now: Date },
): Promise<void> {
  await tx.query(
    `update business_seats set token_hash = $2, link_expires_at = $3, last_sent_at = $4
      where id = $1 and status = 'emailSent'`,
    [seatId, input.tokenHash, input.linkExpiresAt.toISOString(), input.now.toISOString()],
  );
  // A code asked for under the old link stops working with it.
  await tx.query(`update business_codes set used_at = $2 where seat_id = $1 and used_at is null`, [
    seatId,
    input.now.toISOString(),
  ]);
}

/** The seat is removed: it holds no seat any more and its link stops working. */
export async function markSeatRemoved(tx: Queryable, seatId: number, now: Date): Promise<void> {
  await tx.query(
    `update business_seats set status = 'removed', removed_at = $2, token_hash = null
      where id = $1`,
    [seatId, now.toISOString()],
  );
  await tx.query(`update business_codes set used_at = $2 where seat_id = $1 and used_at is null`, [
    seatId,
    now.toISOString(),
  ]);
}

/** A seat found by its invitation link, with its agreement. */
export interface InvitedSeat {
  readonly seat: Seat;
  readonly agreement: Agreement;
}

/**
 * The seat whose current link has the token hash, locked, with its agreement (undefined: no
 * such link, or it was replaced or removed).
 */
export async function seatByTokenHash(
  tx: Queryable,
  tokenHash: string,
): Promise<InvitedSeat | undefined> {
  const [row] = await tx.query<SeatRow>(
    `select ${seatColumns} from business_seats s
      where s.token_hash = $1 and s.status <> 'removed'
      for update`,
    [tokenHash],
  );
  if (!row) return undefined;
  const [agreement] = await tx.query<AgreementRow>(`${selectAgreement} where a.id = $1`, [
    row.agreement_id,
  ]);
  return { seat: toSeat(row), agreement: toAgreement(agreement!) };
}

/** The invited employee has verified: the seat is theirs, with its subscription. */
export async function activateSeat(
  tx: Queryable,
  seatId: number,
  input: {
    readonly spidId: string;
    readonly name: string | null;
    readonly subscriptionNo: string;
    readonly now: Date;
  },
): Promise<void> {
  await tx.query(
    `update business_seats set status = 'active', spid_id = $2, name = $3, subscription_no = $4,
            activated_at = $5, link_expires_at = null
      where id = $1 and status = 'emailSent'`,
    [seatId, input.spidId, input.name, input.subscriptionNo, input.now.toISOString()],
  );
  await tx.query(`update business_codes set used_at = $2 where seat_id = $1 and used_at is null`, [
    seatId,
    input.now.toISOString(),
  ]);
}

/**
 * A new code for the seat and the user who asked; their earlier codes for it stop working (only
 * the newest e-mail's code is valid). `idempotencyKey` and `requestHash`: the send's key
 * (sendKeys.ts), kept so that a repeat answers this send.
 */
export async function insertCode(
  tx: Queryable,
  input: {
    readonly id: string;
    readonly seatId: number;
    readonly spidId: string;
    readonly codeHash: string;
    readonly expiresAt: Date;
    readonly now: Date;
    readonly idempotencyKey?: string | undefined;
    readonly requestHash: string;
  },
): Promise<void> {
  await tx.query(
    `update business_codes set used_at = $3
      where seat_id = $1 and spid_id = $2 and used_at is null`,
    [input.seatId, input.spidId, input.now.toISOString()],
  );
  await tx.query(
    `insert into business_codes (id, seat_id, spid_id, code_hash, expires_at, created_at,
       idempotency_key, request_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      input.id,
      input.seatId,
      input.spidId,
      input.codeHash,
      input.expiresAt.toISOString(),
      input.now.toISOString(),
      input.idempotencyKey ?? null,
      input.idempotencyKey === undefined ? null : input.requestHash,
    ],
  );
}

/** The code a send with this key of the user made: where it went and until when. */
export async function codeSentWithKey(
  db: Queryable,
  spidId: string,
  key: string,
): Promise<{ email: string; expires_at: Date | string; request_hash: string | null } | undefined> {
  const [row] = await db.query<{
    email: string;
    expires_at: Date | string;
    request_hash: string | null;
  }>(
    `select s.email, c.expires_at, c.request_hash
       from business_codes c join business_seats s on s.id = c.seat_id
      where c.spid_id = $1 and c.idempotency_key = $2`,
    [spidId, key],
  );
  return row;
}

/**
 * Counts one try against the user's live code for the seat (unused, unexpired, fewer than
 * `maxAttempts` tries), atomically; answers the code's id and hash, or undefined when there is
 * no live code (none asked for, expired, used, or dead after too many wrong tries).
 */
export async function countCodeTry(
  tx: Queryable,
  input: {
    readonly seatId: number;
    readonly spidId: string;
    readonly now: Date;
    readonly maxAttempts: number;
  },
): Promise<{ readonly id: string; readonly codeHash: string } | undefined> {
  const [row] = await tx.query<{ id: string; code_hash: string }>(
    `update business_codes set attempts = attempts + 1
      where id = (select id from business_codes
                   where seat_id = $1 and spid_id = $2 and used_at is null
                   order by created_at desc limit 1)
        and expires_at > $3 and attempts < $4
      returning id, code_hash`,
    [input.seatId, input.spidId, input.now.toISOString(), input.maxAttempts],
  );
  return row && { id: row.id, codeHash: row.code_hash };
}

/** The code has been used (right, and the seat given or refused for another reason). */
export async function useCode(tx: Queryable, codeId: string, now: Date): Promise<void> {
  await tx.query('update business_codes set used_at = $2 where id = $1', [
    codeId,
    now.toISOString(),
  ]);
}

export type SeatEventKind = 'ADD' | 'UPDATE' | 'REMOVE' | 'VERIFY';

/** One line of the audit: who did what to which address, and how it went. */
export async function recordSeatEvent(
  tx: Queryable,
  input: {
    readonly agreementId: number;
    readonly seatId: number | null;
    readonly email: string;
    readonly kind: SeatEventKind;
    readonly result: string;
    readonly actorSpidId: string;
    readonly detail?: Readonly<Record<string, unknown>>;
    readonly now: Date;
  },
): Promise<void> {
  await tx.query(
    `insert into business_seat_events (agreement_id, seat_id, email, kind, result, actor_spid_id,
       detail, occurred_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      input.agreementId,
      input.seatId,
      input.email.slice(0, 320),
      input.kind,
      input.result,
      input.actorSpidId,
      JSON.stringify(input.detail ?? {}),
      input.now.toISOString(),
    ],
  );
}

export interface SeatEvent {
  readonly seatId: number | null;
  readonly email: string;
  readonly kind: SeatEventKind;
  readonly result: string;
  readonly actorSpidId: string;
  readonly detail: Record<string, unknown>;
  readonly occurredAt: string;
}

/** The audit of an agreement, oldest first. */
export async function seatEvents(db: Queryable, agreementId: number): Promise<SeatEvent[]> {
  const rows = await db.query<{
    seat_id: number | null;
    email: string;
    kind: SeatEventKind;
    result: string;
    actor_spid_id: string;
    detail: Record<string, unknown>;
    occurred_at: Date | string;
  }>(
    `select seat_id, email, kind, result, actor_spid_id, detail, occurred_at
       from business_seat_events where agreement_id = $1 order by id`,
    [agreementId],
  );
  return rows.map((r) => ({
    seatId: r.seat_id === null ? null : Number(r.seat_id),
    email: r.email,
    kind: r.kind,
    result: r.result,
    actorSpidId: r.actor_spid_id,
    detail: r.detail,
    occurredAt: new Date(r.occurred_at).toISOString(),
  }));
}

// ---------------------------------------------------------------- the company that pays

/** A company's postal address, as its invoices are addressed. */
export interface CompanyAddress {
  readonly street: string;
  readonly postalCode: string;
  readonly place: string;
}

/** The company a business subscription's invoices and receipts are made out to. */
export interface BillingCompany {
  readonly companyName: string;
  readonly organizationNumber: string | null;
  readonly address: CompanyAddress | null;
}

/**
 * The company that pays a subscription, or null for a reader's own: the agreement the
 * subscription administers (the admin's subscription on the business plan, which the agreement
 * is billed to) or the one whose seat it is. Read from the records only, never from a request.
 */
export async function billingCompanyOf(
  db: Queryable,
  subscriptionNo: string,
): Promise<BillingCompany | null> {
  const [row] = await db.query<{
    company_name: string;
    organization_number: string | null;
    billing_street: string | null;
    billing_postal_code: string | null;
    billing_place: string | null;
  }>(
    `select a.company_name, a.organization_number, a.billing_street, a.billing_postal_code,
            a.billing_place
       from business_agreements a
      where a.id in (select agreement_id from business_agreement_admins where subscription_no = $1
                     union all
                     select business_agreement_id from subscriptions where subscription_no = $1)
      order by a.id
      limit 1`,
    [subscriptionNo],
  );
  if (!row) return null;
  return {
    companyName: row.company_name,
    organizationNumber: row.organization_number,
    address:
      row.billing_street && row.billing_postal_code && row.billing_place
        ? {
            street: row.billing_street,
            postalCode: row.billing_postal_code,
            place: row.billing_place,
          }
        : null,
  };
}

// ---------------------------------------------------------------- agreements brought over

/**
 * An agreement as it stands in the billing system (companies brought over, and the demo data):
 * the company, its title, seats, domains and admin subscriptions. Answers its id.
 */
export async function importAgreement(
  db: Queryable,
  input: {
    readonly titleCode: string;
    readonly companyName: string;
    readonly organizationNumber: string | null;
    /** Where the company's invoices and receipts are addressed (none: the name alone). */
    readonly billingAddress?: CompanyAddress | null;
    readonly maxSeats: number;
    readonly domains: readonly string[];
    readonly adminSubscriptionNos: readonly string[];
    readonly createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into business_agreements (title_code, company_name, organization_number, max_seats,
       created_at, billing_street, billing_postal_code, billing_place)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      input.titleCode,
      input.companyName,
      input.organizationNumber,
      input.maxSeats,
      input.createdAt.toISOString(),
      input.billingAddress?.street ?? null,
      input.billingAddress?.postalCode ?? null,
      input.billingAddress?.place ?? null,
    ],
  );
  const id = Number(row!.id);
  for (const domain of input.domains)
    await db.query(
      `insert into business_agreement_domains (agreement_id, title_code, domain)
       values ($1, $2, $3)`,
      [id, input.titleCode, domain.trim().toLowerCase()],
    );
  for (const subscriptionNo of input.adminSubscriptionNos)
    await db.query(
      `insert into business_agreement_admins (subscription_no, agreement_id) values ($1, $2)`,
      [subscriptionNo, id],
    );
  return id;
}

/** An employee already verified (brought over): the seat with its subscription. */
export async function importActiveSeat(
  db: Queryable,
  input: {
    readonly agreementId: number;
    readonly email: string;
    readonly spidId: string;
    readonly name: string | null;
    readonly subscriptionNo: string;
    readonly tokenHash: string;
    readonly addedAt: Date;
    readonly activatedAt: Date;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into business_seats (agreement_id, email, status, added_at, token_hash, spid_id,
       name, subscription_no, activated_at)
     values ($1, $2, 'active', $3, $4, $5, $6, $7, $8) returning id`,
    [
      input.agreementId,
      input.email.trim().toLowerCase(),
      input.addedAt.toISOString(),
      input.tokenHash,
      input.spidId,
      input.name,
      input.subscriptionNo,
      input.activatedAt.toISOString(),
    ],
  );
  return Number(row!.id);
}

/**
 * Erasure (privacy/deletion.ts): the reader's seats (their subscriptions are closed with the
 * account's) and what the agreement's log says about them; an admin's admin right goes.
 */
export async function eraseBusinessData(
  db: Queryable,
  spidId: string,
  ariaAccountNo: string | null,
): Promise<void> {
  await db.query(
    `delete from business_seat_events where actor_spid_id = $1
        or seat_id in (select id from business_seats where spid_id = $1)`,
    [spidId],
  );
  await db.query(
    `delete from business_codes where spid_id = $1
        or seat_id in (select id from business_seats where spid_id = $1)`,
    [spidId],
  );
  await db.query('delete from business_seats where spid_id = $1', [spidId]);
  if (ariaAccountNo)
    await db.query(
      `delete from business_agreement_admins where subscription_no in
         (select subscription_no from subscriptions where aria_account_no = $1)`,
      [ariaAccountNo],
    );
}
